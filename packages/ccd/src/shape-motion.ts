import { GjkPair, type Shape } from '@firsttouch/convex';
import { Compound, CompoundPair, relativeTransform, Surface, SurfaceShapePair } from '@firsttouch/mesh';
import { identityPose, type Pose3, type RigidMotion, throwIfAborted } from '@firsttouch/pose';
import type { DistanceEvaluator } from './advance.js';
import { castWithin } from './cast-horizon.js';
import type { ImpactRun } from './impact-record.js';
import { LOOP_GAP, LOOP_IO, LOOP_STEP } from './loop-io.js';
import type { MotionOptions, ResolvedOptions } from './options.js';
import { ShapeStep } from './shape-step.js';

/**
 * A body of `timeOfImpact`: a triangle surface, a convex shape of `@firsttouch/convex`, or a compound
 * of them (mesh's `compound`).
 */
export type Body3 = Surface | Shape<3> | Compound;

/**
 * Two bodies moving over a step, at least one of them a convex shape, as a {@link DistanceEvaluator}:
 * the gap at s is GJK's certified lower bound at the interpolated poses, between the two shapes
 * (`GjkPair`), or between the shape and each facet of the surface the shape's bounding ball may come
 * near (`SurfaceShapePair`, the surface's tree searched). The speed bound of a shape is
 * |Δt| + |θ|·reach (no point of it is farther than `reach` from its origin, the rotation's centre).
 * Between two shapes the loop also has the directional step (`ShapeStep`: the separation along
 * GJK's separating axis n kept above tol/2, from a support or two of each turning shape), cheap
 * beside a gap, so the default mode takes it at every step. A
 * mixed or compound pair takes the plain step (d − tol/2)/μ only. Allocates nothing per evaluation.
 *
 * @example
 * ```ts
 * import { ball, cuboid } from '@firsttouch/convex';
 * import { conservativeAdvance, ShapeMotion } from '@firsttouch/ccd';
 * import { identityPose, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
 * const still = new RigidMotion(identityPose(), identityPose());
 * const thrown = new RigidMotion(poseFromAxisAngle([0, 0, 1], 0, [4, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [-4, 0, 0]));
 * const bodies = new ShapeMotion(cuboid(1, 1, 1), ball(0.5), still, thrown);
 * const r = conservativeAdvance(bodies, bodies.speedBound(), { tolerance: 1e-9 });
 * console.log(r.status, r.toi.toFixed(6)); // contact 0.312500
 * ```
 */
export class ShapeMotion implements DistanceEvaluator {
  /** The poses of the last evaluation. */
  readonly poseA: Pose3 = identityPose();
  readonly poseB: Pose3 = identityPose();
  /** GJK of two shapes (bound when both are shapes). */
  readonly gjk = new GjkPair();
  /** A surface against a shape (made when first needed). */
  #mixed: SurfaceShapePair | undefined;
  #a: Body3 | undefined;
  #b: Body3 | undefined;
  #motionA: RigidMotion;
  #motionB: RigidMotion;
  /** Any pair with a compound (made when first needed). */
  #compound: CompoundPair | undefined;
  /**
   * 0: two shapes; 1: surface A, shape B; 2: shape A, surface B (the search runs in B's frame); 3: a
   * compound on either side.
   */
  #case = 0;
  readonly #R = new Float64Array(9);
  readonly #t = new Float64Array(3);
  /** B's translation relative to A over a cast step. */
  readonly #r = new Float64Array(3);
  /** The instant of the last evaluation. */
  #at = Number.NaN;
  /** A does not move over the step, and `poseA` already holds its pose. */
  #stillA = false;
  #placedA = false;
  /** Facet–shape GJK runs (a surface involved). */
  distancePairEvaluations = 0;
  /** The directional step evaluates no pair beyond the gap's own: always 0. */
  readonly directionalPairEvaluations = 0;
  /** |θ| ρ of each of two shapes (NaN until the first directional step of a run). */
  #spinA = Number.NaN;
  #spinB = 0;
  /** The directional step's scratch. */
  readonly #step = new ShapeStep();
  /** The loop's numbers (see loop-io.ts): s, gap, tolerance, floor, limit, then the answer. */
  readonly [LOOP_IO] = new Float64Array(6);
  /** Gap evaluations answered by GJK. */
  convexEvaluations = 0;

  /** @param options - accepted for the driver's symmetry with `SurfaceMotion` (no option is read). */
  constructor(a: Body3, b: Body3, motionA: RigidMotion, motionB: RigidMotion, options?: MotionOptions) {
    this.#motionA = motionA;
    this.#motionB = motionB;
    this.reset(a, b, motionA, motionB, options);
  }

  /**
   * Points the evaluator at another step, keeping its scratch. Counters restart. The motions are read
   * here (a body at rest, the spins): a motion changed in place needs another `reset`.
   */
  reset(a: Body3, b: Body3, motionA: RigidMotion, motionB: RigidMotion, _options?: MotionOptions): void {
    this.#spinA = Number.NaN;
    this.#a = a;
    this.#b = b;
    this.#motionA = motionA;
    this.#motionB = motionB;
    this.#at = Number.NaN;
    this.#stillA = atRest(motionA);
    this.#placedA = false;
    this.distancePairEvaluations = 0;
    this.convexEvaluations = 0;
    const sa = Surface.isSurface(a);
    const sb = Surface.isSurface(b);
    if (Compound.isCompound(a) || Compound.isCompound(b)) {
      this.#case = 3;
      if (this.#compound === undefined) this.#compound = new CompoundPair();
      this.#compound.bind(a, b);
    } else if (!sa && !sb) {
      this.#case = 0;
      this.gjk.bind(a as Shape<3>, b as Shape<3>);
      // The witness points are written once, for the result (see `witness`).
      this.gjk.deferPoints = true;
    } else {
      this.#case = sa ? 1 : 2;
      if (this.#mixed === undefined) this.#mixed = new SurfaceShapePair();
      const mixed = this.#mixed;
      if (sa) mixed.bind(a as Surface, b as Shape<3>);
      else mixed.bind(b as Surface, a as Shape<3>);
    }
  }

  /** Drops the bodies, keeping the scratch and the motions. */
  unbind(): void {
    this.#a = undefined;
    this.#b = undefined;
    this.gjk.unbind();
    this.#mixed?.unbind();
    this.#compound?.unbind();
  }

  /** Body A. */
  get a(): Body3 {
    return this.#a!;
  }

  /** Body B. */
  get b(): Body3 {
    return this.#b!;
  }

  /** The motion of A. */
  get motionA(): RigidMotion {
    return this.#motionA;
  }

  /** The motion of B. */
  get motionB(): RigidMotion {
    return this.#motionB;
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
    const io = this[LOOP_IO];
    io[0] = s;
    this[LOOP_GAP]();
    return io[5];
  }

  /** The gap at `io[0]` into `io[5]` (the loop's call: no number crosses it). */
  [LOOP_GAP](): void {
    const io = this[LOOP_IO];
    const s = io[0];
    this.#at = s;
    // A body at rest is placed once a run: its pose at every s is its first, bit for bit.
    if (!this.#placedA) {
      this.#motionA.poseAt(s, this.poseA);
      this.#placedA = this.#stillA;
    }
    this.#motionB.poseAt(s, this.poseB);
    this.convexEvaluations++;
    if (this.#case === 0) {
      relativeTransform(this.poseA, this.poseB, this.#R, this.#t);
      this.gjk.evaluateAt(this.#R, this.#t);
      io[5] = this.gjk.lowerBound;
      return;
    }
    if (this.#case === 3) {
      relativeTransform(this.poseA, this.poseB, this.#R, this.#t);
      const c = this.#compound!;
      const before = c.partEvaluations;
      const d = c.evaluate(this.#R, this.#t);
      this.distancePairEvaluations += c.partEvaluations - before;
      io[5] = d;
      return;
    }
    const mixed = this.#mixed!;
    if (this.#case === 1) relativeTransform(this.poseA, this.poseB, this.#R, this.#t);
    else relativeTransform(this.poseB, this.poseA, this.#R, this.#t);
    const before = mixed.facetEvaluations;
    const d = mixed.evaluate(this.#R, this.#t);
    this.distancePairEvaluations += mixed.facetEvaluations - before;
    io[5] = d;
  }

  /** Directional steps of two shapes that the probes of `ShapeStep` made longer than seed 000's, since construction. */
  get lengthenedSteps(): number {
    return this.#step.lengthened;
  }

  /** Two shapes: a directional step costs a few flops, the default mode takes it at every step. */
  get directionalEveryStep(): boolean {
    return this.#case === 0;
  }

  /**
   * The directional step of two shapes from the last gap (the loop asks at the instant it measured):
   * the separation of the shapes along GJK's axis n (every point of B at least `lowerBound` beyond
   * every point of A along n), n fixed in the world from s on, kept above tol/2: a lower bound of that
   * separation, concave in the step, measured by a support of each turning shape along n tilted by
   * its turn, and the step along seed 000's closing rate n·(Δ_A − Δ_B) + |θ_A| |n × k_A| ρ_A +
   * |θ_B| |n × k_B| ρ_B (ρ a body's largest distance from its turning axis) where that gives more
   * (`ShapeStep` proves both). 0 (the plain step is taken) for other pairs.
   */
  directionalStep(s: number, gap: number, tolerance: number, floor: number, limit: number): number {
    const io = this[LOOP_IO];
    io[0] = s;
    io[1] = gap;
    io[2] = tolerance;
    io[3] = floor;
    io[4] = limit;
    this[LOOP_STEP]();
    return io[5];
  }

  /** {@link ShapeMotion.directionalStep} from the numbers in `io`, into `io[5]` (the loop's call). */
  [LOOP_STEP](): void {
    const io = this[LOOP_IO];
    if (this.#case !== 0) {
      io[5] = 0;
      return;
    }
    // (the gap's evaluation keeps io[1..4]; it writes io[5], which the step then overwrites)
    if (this.#at !== io[0]) this[LOOP_GAP]();
    const a = this.#a as Shape<3>;
    const b = this.#b as Shape<3>;
    if (Number.isNaN(this.#spinA)) {
      this.#spinA = spinOf(a, this.#motionA);
      this.#spinB = spinOf(b, this.#motionB);
    }
    const step = this.#step;
    const q = step.io;
    q[0] = this.#spinA;
    q[1] = this.#spinB;
    q[2] = io[2];
    q[3] = io[4];
    step.step(this.gjk, a, b, this.#motionA, this.#motionB, this.poseA.R, this.#R, this.#t);
    io[5] = q[4];
  }

  /**
   * Two shapes of which neither turns over the step (each one's rotation at s = 1 is its rotation at
   * s = 0, bit for bit) are answered by the GJK ray cast (seed 002, `GjkPair.cast`), which keeps the
   * loop's guarantee: the gap stays ≥ tol/2 before toi, and `Contact` is within tol. Writes `out` as
   * the loop would and returns true; false (the loop runs) for any other step, or when the caller
   * asked for progress (the loop's own reports); with a horizon, an answer past it is the horizon
   * reached (see `castWithin`).
   */
  solve(mu: number, options: ResolvedOptions, out: ImpactRun): boolean {
    if (this.#case !== 0 || options.onProgress !== undefined) return false;
    const ma = this.#motionA;
    const mb = this.#motionB;
    if (!still(ma) || !still(mb)) return false;
    throwIfAborted(options.signal, 'the time of impact, before its cast');
    const A = ma.p0;
    const B = mb.p0;
    relativeTransform(A, B, this.#R, this.#t);
    // B's translation relative to A over the step, in A's frame (A does not turn).
    const r = this.#r;
    const RA = A.R;
    const dx = mb.p1.t[0] - B.t[0] - (ma.p1.t[0] - A.t[0]),
      dy = mb.p1.t[1] - B.t[1] - (ma.p1.t[1] - A.t[1]),
      dz = mb.p1.t[2] - B.t[2] - (ma.p1.t[2] - A.t[2]);
    r[0] = RA[0] * dx + RA[3] * dy + RA[6] * dz;
    r[1] = RA[1] * dx + RA[4] * dy + RA[7] * dz;
    r[2] = RA[2] * dx + RA[5] * dy + RA[8] * dz;
    const g = this.gjk;
    const status = g.cast(this.#R, this.#t, r, options.tolerance, options.maxIterations);
    this.convexEvaluations++;
    // Supports of the cast (none counted for a contact at s = 0: no step was taken, as in the loop),
    // read before the distance below runs GJK again.
    const supports = status === 'initial-contact' ? 0 : g.iterations;
    // The witness is of toi: the cast stops once |v| is within the tolerance, an upper bound of the
    // gap; one distance there (warm-started from the cast's simplex) makes it exact to GJK's 1e-13.
    this.distance(castWithin(status, g.toi, options.horizon, out));
    out.distance = g.distance;
    out.iterations = supports;
    out.directionalSteps = 0;
    out.mu = mu;
    return true;
  }

  /**
   * The witness of the last evaluation in world coordinates: the points on A and on B, the gap
   * between them (an upper bound of the gap, within GJK's tolerance of it), and the facet of each
   * body (a shape is part 0: it has no facets).
   */
  witness(pointA: Float64Array, pointB: Float64Array): { distance: number; facetA: number; facetB: number } {
    const facets = { facetA: 0, facetB: 0 };
    const distance = this.witnessInto(pointA, pointB, facets);
    return { distance, facetA: facets.facetA, facetB: facets.facetB };
  }

  /**
   * {@link ShapeMotion.witness} written into `facets` (its `facetA` and `facetB`), the gap returned:
   * what a result record takes without a record made for it (every query writes one).
   *
   * @example
   * ```ts
   * import { ball, cuboid } from '@firsttouch/convex';
   * import { ShapeMotion } from '@firsttouch/ccd';
   * import { identityPose, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
   * const still = new RigidMotion(identityPose(), identityPose());
   * const away = new RigidMotion(poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]));
   * const bodies = new ShapeMotion(cuboid(1, 1, 1), ball(0.5), still, away);
   * bodies.distance(0);
   * const pointA = new Float64Array(3);
   * const pointB = new Float64Array(3);
   * const facets = { facetA: -1, facetB: -1 };
   * console.log(bodies.witnessInto(pointA, pointB, facets), pointA[0], pointB[0], facets.facetA); // 1.5 1 2.5 0
   * ```
   */
  witnessInto(
    pointA: Float64Array,
    pointB: Float64Array,
    facets: { facetA: number; facetB: number },
  ): number {
    if (this.#case === 0) {
      const g = this.gjk;
      g.writePoints();
      toWorld(this.poseA, g.pointA, pointA);
      toWorld(this.poseA, g.pointB, pointB);
      facets.facetA = 0;
      facets.facetB = 0;
      return g.distance;
    }
    if (this.#case === 3) {
      const c = this.#compound!;
      toWorld(this.poseA, c.pointA, pointA);
      toWorld(this.poseA, c.pointB, pointB);
      // A compound is named by its part; a lone body by its facet (0 for a shape).
      facets.facetA = Compound.isCompound(this.#a) ? c.partA : c.facetA;
      facets.facetB = Compound.isCompound(this.#b) ? c.partB : c.facetB;
      return c.distance;
    }
    const m = this.#mixed!;
    if (this.#case === 1) {
      toWorld(this.poseA, m.pointA, pointA);
      toWorld(this.poseA, m.pointB, pointB);
      facets.facetA = m.facet;
      facets.facetB = 0;
      return m.distance;
    }
    toWorld(this.poseB, m.pointB, pointA);
    toWorld(this.poseB, m.pointA, pointB);
    facets.facetA = 0;
    facets.facetB = m.facet;
    return m.distance;
  }
}

/** The speed bound of one body: its translation, plus its turn times the reach of its points. */
function speedOf(body: Body3, m: RigidMotion): number {
  if (m.theta === 0) return m.translationLength;
  if (Surface.isSurface(body)) return m.bound(body.distinctVertices());
  // A shape's reach, or a compound's (the farthest corner of its parts' boxes).
  return m.translationLength + Math.abs(m.theta) * body.reach;
}

/**
 * |θ| times the largest distance of a point of the shape from its turning axis (through its origin):
 * a hull's vertices measured (the margin added), any other shape's reach.
 */
function spinOf(shape: Shape<3>, m: RigidMotion): number {
  if (m.theta === 0) return 0;
  const rho = shape.count > 0 ? m.maxRadius(shape.points) + shape.margin : shape.reach;
  return Math.abs(m.theta) * rho;
}

/** The motion does not turn: its rotation at s = 1 is that at s = 0, bit for bit. */
function still(m: RigidMotion): boolean {
  const R0 = m.p0.R;
  const R1 = m.p1.R;
  for (let i = 0; i < 9; i++) if (R0[i] !== R1[i]) return false;
  return true;
}

/** The motion neither turns nor translates: its pose at every s is its pose at s = 0, bit for bit. */
function atRest(m: RigidMotion): boolean {
  const d = m.delta;
  return d[0] === 0 && d[1] === 0 && d[2] === 0 && still(m);
}

/** `x` (in the frame of `pose`) in world coordinates, into `out`. */
function toWorld(pose: Pose3, x: Float64Array, out: Float64Array): void {
  const R = pose.R;
  const t = pose.t;
  const x0 = x[0],
    x1 = x[1],
    x2 = x[2];
  out[0] = R[0] * x0 + R[1] * x1 + R[2] * x2 + t[0];
  out[1] = R[3] * x0 + R[4] * x1 + R[5] * x2 + t[1];
  out[2] = R[6] * x0 + R[7] * x1 + R[8] * x2 + t[2];
}
