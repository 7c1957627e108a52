import { GjkPair, type Shape } from '@firsttouch/convex';
import { PolygonPair } from '@firsttouch/convex/internal';
import { Compound2, CompoundPair2, Curve, CurveShapePair, relativeTransform2 } from '@firsttouch/mesh';
import { type Pose2, type RigidMotion2, throwIfAborted } from '@firsttouch/pose';
import type { DistanceEvaluator } from './advance.js';
import { castWithin } from './cast-horizon.js';
import type { ImpactRun } from './impact-record.js';
import type { MotionOptions, ResolvedOptions } from './options.js';

/**
 * A body of `timeOfImpact2`: a curve, a 2-D convex shape of `@firsttouch/convex`, or a compound of
 * them (mesh's `compound2`).
 */
export type Body2 = Curve | Shape<2> | Compound2;

/**
 * The 2-D twin of `ShapeMotion`: two bodies of the plane, at least one a 2-D convex shape or a
 * compound, as a {@link DistanceEvaluator}. The gap at s is GJK's certified lower bound at the
 * interpolated poses, between two shapes, or between the shape and the segments of the curve that its
 * bounding disc may come near (`CurveShapePair`), or the smallest over the part pairs of a compound
 * (`CompoundPair2`). Two small convex polygons (convex's `PolygonPair`: `convexPolygon` below
 * `WALK_FROM` vertices, `cuboid2`, rounded ones) take their closest features from the last step
 * instead of GJK. Speed bound of a shape: |Δt| + |θ|·reach. Two shapes of which
 * neither turns are answered by the GJK ray cast ({@link ShapeMotion2.solve}); between two turning
 * shapes the loop also has the directional step (GJK's separating axis n, closing no faster than
 * n·(Δ_A − Δ_B) + |θ_A| reach_A + |θ_B| reach_B), which the default mode takes at every step.
 *
 * @example
 * ```ts
 * import { ball2, cuboid2 } from '@firsttouch/convex';
 * import { conservativeAdvance, ShapeMotion2 } from '@firsttouch/ccd';
 * import { pose2, RigidMotion2 } from '@firsttouch/pose';
 * const still = new RigidMotion2(pose2(), pose2());
 * const thrown = new RigidMotion2(pose2(0, [4, 0]), pose2(1, [-4, 0]));
 * const bodies = new ShapeMotion2(cuboid2(1, 1), ball2(0.5), still, thrown);
 * const r = conservativeAdvance(bodies, bodies.speedBound(), { tolerance: 1e-9 });
 * console.log(r.status, r.toi.toFixed(6)); // contact 0.312500
 * ```
 */
export class ShapeMotion2 implements DistanceEvaluator {
  /** The poses of the last evaluation. */
  readonly poseA: Pose2 = { angle: 0, t: new Float64Array(2) };
  readonly poseB: Pose2 = { angle: 0, t: new Float64Array(2) };
  /** GJK of two shapes. */
  readonly gjk = new GjkPair();
  /** The closest features of two small convex polygons (made when first needed). */
  #polygons: PolygonPair | undefined;
  #mixed: CurveShapePair | undefined;
  /** Any pair with a compound (made when first needed). */
  #compound: CompoundPair2 | undefined;
  #a: Body2 | undefined;
  #b: Body2 | undefined;
  #motionA: RigidMotion2;
  #motionB: RigidMotion2;
  /**
   * 0: two shapes; 1: curve A, shape B; 2: shape A, curve B (the search runs in B's frame); 3: a
   * compound on either side; 4: two small convex polygons.
   */
  #case = 0;
  /** cos, sin, tu, tv of the relative placement. */
  readonly #rel = new Float64Array(4);
  readonly #R = new Float64Array(9);
  readonly #t = new Float64Array(3);
  readonly #r = new Float64Array(3);
  #at = Number.NaN;
  /** Segment–shape GJK runs (a curve involved). */
  distancePairEvaluations = 0;
  /** The directional step evaluates no pair beyond the gap's own: always 0. */
  readonly directionalPairEvaluations = 0;
  /** |θ_A| reach_A + |θ_B| reach_B (NaN until the first directional step of a run). */
  #spins = Number.NaN;
  /** Gap evaluations answered by GJK. */
  convexEvaluations = 0;
  /**
   * cos and sin of {@link poseA}'s angle, and the angle they belong to: A often does not turn over a
   * step (a body at rest, the bench's A), and then two of the four trig calls of an evaluation and the
   * two of a directional step are paid once a query. Recomputed whenever the angle differs, so the
   * numbers are Math.cos and Math.sin of the pose's angle, bit for bit, in every case.
   */
  #angleA = Number.NaN;
  #cosA = 1;
  #sinA = 0;

  /** @param options - accepted for the driver's symmetry with `CurveMotion` (no option is read). */
  constructor(a: Body2, b: Body2, motionA: RigidMotion2, motionB: RigidMotion2, options?: MotionOptions) {
    this.#motionA = motionA;
    this.#motionB = motionB;
    this.reset(a, b, motionA, motionB, options);
  }

  /** Points the evaluator at another step, keeping its scratch. Counters restart. */
  reset(a: Body2, b: Body2, motionA: RigidMotion2, motionB: RigidMotion2, _options?: MotionOptions): void {
    this.#spins = Number.NaN;
    this.#a = a;
    this.#b = b;
    this.#motionA = motionA;
    this.#motionB = motionB;
    this.#at = Number.NaN;
    this.#angleA = Number.NaN;
    this.distancePairEvaluations = 0;
    this.convexEvaluations = 0;
    const ca = Curve.isCurve(a);
    const cb = Curve.isCurve(b);
    if (Compound2.isCompound2(a) || Compound2.isCompound2(b)) {
      this.#case = 3;
      if (this.#compound === undefined) this.#compound = new CompoundPair2();
      this.#compound.bind(a, b);
    } else if (!ca && !cb && PolygonPair.accepts(a as Shape<2>, b as Shape<2>)) {
      this.#case = 4;
      if (this.#polygons === undefined) this.#polygons = new PolygonPair();
      this.#polygons.bind(a as Shape<2>, b as Shape<2>);
    } else if (!ca && !cb) {
      this.#case = 0;
      this.gjk.bind(a as Shape<2>, b as Shape<2>);
      this.gjk.deferPoints = true;
    } else {
      this.#case = ca ? 1 : 2;
      if (this.#mixed === undefined) this.#mixed = new CurveShapePair();
      if (ca) this.#mixed.bind(a as Curve, b as Shape<2>);
      else this.#mixed.bind(b as Curve, a as Shape<2>);
    }
  }

  /** Drops the bodies, keeping the scratch and the motions. */
  unbind(): void {
    this.#a = undefined;
    this.#b = undefined;
    this.gjk.unbind();
    this.#polygons?.unbind();
    this.#mixed?.unbind();
    this.#compound?.unbind();
  }

  /** The instant of the last evaluation (NaN before the first). */
  get at(): number {
    return this.#at;
  }

  /** The speed bound μ_A + μ_B of the step. */
  speedBound(): number {
    return speedOf(this.#a!, this.#motionA) + speedOf(this.#b!, this.#motionB);
  }

  distance(s: number): number {
    this.#at = s;
    this.#motionA.poseAt(s, this.poseA);
    this.#motionB.poseAt(s, this.poseB);
    this.convexEvaluations++;
    const q = this.#rel;
    if (this.#case === 4) {
      this.#rotateA();
      relativeTransform2(this.poseA, this.poseB, q, this.#cosA, this.#sinA);
      return this.#polygons!.evaluate2(q[0], q[1], q[2], q[3]);
    }
    if (this.#case === 0) {
      this.#rotateA();
      relativeTransform2(this.poseA, this.poseB, q, this.#cosA, this.#sinA);
      return this.gjk.evaluate2(q[0], q[1], q[2], q[3]);
    }
    if (this.#case === 3) {
      this.#rotateA();
      relativeTransform2(this.poseA, this.poseB, q, this.#cosA, this.#sinA);
      const c = this.#compound!;
      const before = c.partEvaluations;
      const d = c.evaluate(q[0], q[1], q[2], q[3]);
      this.distancePairEvaluations += c.partEvaluations - before;
      return d;
    }
    const mixed = this.#mixed!;
    if (this.#case === 1) {
      this.#rotateA();
      relativeTransform2(this.poseA, this.poseB, q, this.#cosA, this.#sinA);
    } else relativeTransform2(this.poseB, this.poseA, q);
    const before = mixed.segmentEvaluations;
    const d = mixed.evaluate(q[0], q[1], q[2], q[3]);
    this.distancePairEvaluations += mixed.segmentEvaluations - before;
    return d;
  }

  /** Sets cos and sin of poseA's angle, unless they are those of the angle already. */
  #rotateA(): void {
    const angle = this.poseA.angle;
    if (angle === this.#angleA) return;
    this.#angleA = angle;
    this.#cosA = Math.cos(angle);
    this.#sinA = Math.sin(angle);
  }

  /** Two shapes: a directional step costs a few flops, the default mode takes it at every step. */
  get directionalEveryStep(): boolean {
    return this.#case === 0 || this.#case === 4;
  }

  /**
   * The directional step of two shapes from the last gap: every point of B lies at least `lowerBound`
   * beyond every point of A along GJK's axis n (fixed in the world from s on); a point at distance ρ
   * from its body's origin moves along n at least at n·Δ − |θ| ρ, so the separation falls no faster
   * than n·(Δ_A − Δ_B) + |θ_A| reach_A + |θ_B| reach_B. 0 (the plain step) for other pairs.
   */
  directionalStep(s: number, _gap: number, tolerance: number, _floor: number, limit: number): number {
    if (this.#case !== 0 && this.#case !== 4) return 0;
    if (this.#at !== s) this.distance(s);
    // GJK's bound and axis, or the polygons' (the same fields).
    const g = this.#case === 4 ? this.#polygons! : this.gjk;
    const margin = g.lowerBound - 0.5 * tolerance;
    if (!(margin > 0)) return 0;
    const ma = this.#motionA;
    const mb = this.#motionB;
    if (Number.isNaN(this.#spins)) {
      this.#spins =
        Math.abs(ma.theta) * (this.#a as Shape<2>).reach + Math.abs(mb.theta) * (this.#b as Shape<2>).reach;
    }
    // distance(s) set the rotation of poseA at s.
    const c = this.#cosA;
    const sn = this.#sinA;
    const x = g.lowerAxis[0],
      y = g.lowerAxis[1];
    const closing =
      (c * x - sn * y) * (ma.delta[0] - mb.delta[0]) +
      (sn * x + c * y) * (ma.delta[1] - mb.delta[1]) +
      this.#spins;
    return closing > 0 ? margin / closing : limit;
  }

  /**
   * Two shapes of which neither turns (each one's angle at s = 1 is its angle at s = 0) are answered
   * by the GJK ray cast, with the loop's guarantee; false leaves the step to the loop (any other step,
   * or progress asked). With a horizon, an answer past it is the horizon reached (see `castWithin`).
   */
  solve(mu: number, options: ResolvedOptions, out: ImpactRun): boolean {
    if ((this.#case !== 0 && this.#case !== 4) || options.onProgress !== undefined) return false;
    const ma = this.#motionA;
    const mb = this.#motionB;
    if (ma.q0.angle !== ma.q1.angle || mb.q0.angle !== mb.q1.angle) return false;
    if (this.#case === 4) {
      // Two polygons that do not turn take the ray cast too: GJK then answers the step.
      this.#case = 0;
      this.gjk.bind(this.#a as Shape<2>, this.#b as Shape<2>);
      this.gjk.deferPoints = true;
    }
    throwIfAborted(options.signal, 'the time of impact, before its cast');
    const q = relativeTransform2(ma.q0, mb.q0, this.#rel);
    const R = this.#R;
    R[0] = q[0];
    R[1] = -q[1];
    R[2] = 0;
    R[3] = q[1];
    R[4] = q[0];
    R[5] = 0;
    R[6] = 0;
    R[7] = 0;
    R[8] = 1;
    this.#t[0] = q[2];
    this.#t[1] = q[3];
    this.#t[2] = 0;
    // B's translation relative to A over the step, in A's frame (A does not turn).
    const c = Math.cos(ma.q0.angle);
    const sn = Math.sin(ma.q0.angle);
    const du = mb.q1.t[0] - mb.q0.t[0] - (ma.q1.t[0] - ma.q0.t[0]);
    const dv = mb.q1.t[1] - mb.q0.t[1] - (ma.q1.t[1] - ma.q0.t[1]);
    this.#r[0] = c * du + sn * dv;
    this.#r[1] = -sn * du + c * dv;
    this.#r[2] = 0;
    const status = this.gjk.cast(R, this.#t, this.#r, options.tolerance, options.maxIterations);
    // (the cast's supports, read before the distance below runs GJK again)
    const supports = status === 'initial-contact' ? 0 : this.gjk.iterations;
    // One distance at toi (warm-started) makes the witness exact to GJK's 1e-13.
    this.distance(castWithin(status, this.gjk.toi, options.horizon, out));
    out.distance = this.gjk.distance;
    out.iterations = supports;
    out.directionalSteps = 0;
    out.mu = mu;
    return true;
  }

  /**
   * The witness of the last evaluation in world coordinates (u, v): the points on A and on B, their
   * gap, and the segment of each body (a shape is part 0).
   */
  witness(
    pointA: Float64Array,
    pointB: Float64Array,
  ): { distance: number; segmentA: number; segmentB: number } {
    // A's cos and sin at the pose of the last evaluation (two trig calls, not four).
    this.#rotateA();
    if (this.#case === 4) {
      const p = this.#polygons!;
      toWorld(this.poseA, this.#cosA, this.#sinA, p.pointA, pointA);
      toWorld(this.poseA, this.#cosA, this.#sinA, p.pointB, pointB);
      return { distance: p.distance, segmentA: 0, segmentB: 0 };
    }
    if (this.#case === 0) {
      const g = this.gjk;
      g.writePoints();
      toWorld(this.poseA, this.#cosA, this.#sinA, g.pointA, pointA);
      toWorld(this.poseA, this.#cosA, this.#sinA, g.pointB, pointB);
      return { distance: g.distance, segmentA: 0, segmentB: 0 };
    }
    if (this.#case === 3) {
      const c = this.#compound!;
      toWorld(this.poseA, this.#cosA, this.#sinA, c.pointA, pointA);
      toWorld(this.poseA, this.#cosA, this.#sinA, c.pointB, pointB);
      // A compound is named by its part; a lone body by its segment (0 for a shape).
      return {
        distance: c.distance,
        segmentA: Compound2.isCompound2(this.#a) ? c.partA : c.segmentA,
        segmentB: Compound2.isCompound2(this.#b) ? c.partB : c.segmentB,
      };
    }
    const m = this.#mixed!;
    if (this.#case === 1) {
      toWorld(this.poseA, this.#cosA, this.#sinA, m.pointA, pointA);
      toWorld(this.poseA, this.#cosA, this.#sinA, m.pointB, pointB);
      return { distance: m.distance, segmentA: m.segment, segmentB: 0 };
    }
    const c = Math.cos(this.poseB.angle);
    const sn = Math.sin(this.poseB.angle);
    toWorld(this.poseB, c, sn, m.pointB, pointA);
    toWorld(this.poseB, c, sn, m.pointA, pointB);
    return { distance: m.distance, segmentA: 0, segmentB: m.segment };
  }
}

function speedOf(body: Body2, m: RigidMotion2): number {
  if (m.theta === 0) return m.translationLength;
  if (Curve.isCurve(body)) return m.translationLength + Math.abs(m.theta) * body.extent().radius;
  // A shape's reach, or a compound's (the farthest corner of its parts' boxes).
  return m.translationLength + Math.abs(m.theta) * body.reach;
}

/** `x` through `pose`, whose angle's cosine and sine are `c` and `s`. */
function toWorld(pose: Pose2, c: number, s: number, x: ArrayLike<number>, out: Float64Array): void {
  out[0] = c * x[0] - s * x[1] + pose.t[0];
  out[1] = s * x[0] + c * x[1] + pose.t[1];
}
