import {
  type BoundingTree,
  type ConvexSurface,
  convexSurface,
  HullGjk,
  PairStack,
  placeRss,
  pointSet,
  RSS_C,
  RSS_STRIDE,
  type RssVolumes,
  rssGap,
  rssOf,
  rssShift,
  type Surface,
} from '@firsttouch/mesh';
import {
  rootReach,
  rssBalls,
  TriangleWork,
  triangleDistanceWith,
  triangleGapBoundWith,
} from '@firsttouch/mesh/internal';
import type { RigidMotion } from '@firsttouch/pose';
import { type AdvanceOptions, switchOf } from './options.js';

/**
 * The switches of {@link DirectionalBound3}: the ones of the time of impact's options
 * (`directionalClearance`, `directionalHullSteps`), both true by default.
 *
 * @example
 * ```ts
 * import type { DirectionalOptions3 } from '@firsttouch/ccd';
 * const pairsOnly: DirectionalOptions3 = { directionalHullSteps: false };
 * ```
 */
export type DirectionalOptions3 = Pick<AdvanceOptions, 'directionalClearance' | 'directionalHullSteps'>;

/**
 * The directional (C2A) step between two surfaces, per facet pair inside the descent of the two
 * trees. A facet pair at distance `d` with witness direction `n` (world, from A to B) cannot close
 * faster than `c = n·(ΔA − ΔB) + |θA| ρA + |θB| ρB` (ρ the largest of its vertices): the gap along a
 * fixed `n` bounds the pair's distance from below at every s (each facet is convex). Its step is the
 * larger of `(d − tol/2) / c` and its own plain step; the body's step is the minimum over all pairs.
 * Node pairs whose plain step (box gap over the node's speed bound) is already above the best are
 * pruned, and so are facet pairs whose separating-axis gap says the same. A large B (the distance
 * query's rule: not refitted) bounds its node pairs with their RSS instead of turned boxes;
 * a small one's node pairs are also pruned by their clearance (option `directionalClearance`: the
 * same steps, to the bit, through fewer node and facet pairs), and a small convex one is not
 * descended at all: each facet of A steps against B's vertex hull (option `directionalHullSteps`:
 * one GJK bound a facet of A near B, the step of that convex pair, in place of its pairs with B's
 * facets; a step valid for the facet and the hull is valid for every facet of B inside it). The
 * bound keeps its scratch (B placed in A's frame, the descent's stack, the hull search) between steps
 * and, through {@link DirectionalBound3.rebind}, between queries.
 *
 * @example
 * ```ts
 * import { DirectionalBound3 } from '@firsttouch/ccd';
 * import { box, icosphere, surfaceDistance } from '@firsttouch/mesh';
 * import { identityPose, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
 * // A pebble sliding past a ball at rest (A's frame is the world's), 0.4 along x.
 * const ball = icosphere(0.3, 2);
 * const pebble = box(0.04, 2);
 * const p0 = poseFromAxisAngle([0, 0, 1], 0, [-0.2, 0.42, 0]);
 * const p1 = poseFromAxisAngle([0, 0, 1], 0, [0.2, 0.42, 0]);
 * const rest = new RigidMotion(identityPose(), identityPose());
 * const bound = new DirectionalBound3(ball, pebble, rest, new RigidMotion(p0, p1));
 * const half = 5e-7; // tolerance / 2
 * const plain = (surfaceDistance(ball, pebble, { poseB: p0 }).distance - half) / 0.4; // μ = 0.4
 * const step = bound.step(identityPose().R, p0.R, p0.t, half, plain, 1);
 * console.log(step > 1.5 * plain); // true
 * ```
 */
export class DirectionalBound3 {
  /** Exact facet-pair evaluations so far. */
  pairEvaluations = 0;
  /** The options' switches (`directionalClearance`, `directionalHullSteps`). */
  #clearance = true;
  #hullSteps = true;
  #a!: Surface;
  #b!: Surface;
  #ta!: BoundingTree;
  #tb!: BoundingTree;
  /** |θ| ρ of every vertex, and the largest over each node's facets. */
  #spinA: Float64Array = EMPTY64;
  #spinB: Float64Array = EMPTY64;
  #nodeSpinA: Float64Array = EMPTY64;
  #nodeSpinB: Float64Array = EMPTY64;
  /** The scratch of the steps, grown to the bodies met and kept. */
  readonly #scratch = new Scratch3();
  /** B's vertices, node boxes or RSS placed in A's frame, stamped: the scratch's, taken at each step. */
  #vb: Float64Array = EMPTY64;
  #nb: Float64Array = EMPTY64;
  #nbStamp: Uint32Array = EMPTY_U32;
  #vbStamp: Uint32Array = EMPTY_U32;
  #stamp = 0;
  readonly #tri = new Float64Array(18);
  readonly #out = new Float64Array(7);
  readonly #axis = new Float64Array(3);
  readonly #work = new TriangleWork();
  // Per call: world rotation of A at s, the relative transform, and the translation difference.
  #RA = new Float64Array(9);
  #R = new Float64Array(9);
  #t = new Float64Array(3);
  /** Where B's RSS grid origin lands in A's, at this step (`rssShift`). */
  #shift = new Float64Array(3);
  readonly #dAB = new Float64Array(3);
  #speedAB = 0;
  readonly #relA = new Float64Array(3);
  #relSpeed = 0;
  /**
   * Whether node pairs are bounded by their RSS (B large, as the distance query decides: B's tree has
   * more than {@link RSS_RATIO} of A's nodes plus {@link RSS_FLOOR}); then the RSS of both trees, B's
   * placed in A's frame as the search reaches them (stamped), each node's enclosing ball radius, the
   * rounding margin of this call and the gap's output.
   */
  #useRss = false;
  /** Both bodies' RSS when B is bounded by them (`#useRss`), else undefined. */
  #rssA: RssVolumes | undefined;
  #rssB: RssVolumes | undefined;
  #ballA: Float64Array = EMPTY64;
  #ballB: Float64Array = EMPTY64;
  #rp: Float64Array = EMPTY64;
  #reach = 0;
  #margin = 0;
  /** `rssGap`'s output: the gap, then the unit direction it was measured along (A's frame). */
  readonly #gap = new Float64Array(4);
  /** B's distinct vertices, when B is small enough for the facets of A to be cleared against its hull. */
  #hullB: ConvexSurface | undefined;

  /**
   * @param options - the switches (see {@link DirectionalOptions3}), read here and by {@link rebind}.
   * @throws `FirstTouchError` `INVALID_OPTION` for a switch that is not a boolean.
   */
  constructor(a: Surface, b: Surface, ma: RigidMotion, mb: RigidMotion, options?: DirectionalOptions3) {
    this.rebind(a, b, ma, mb, options);
  }

  /**
   * Points the bound at another step (other surfaces or motions), keeping its scratch: what a
   * time-of-impact evaluator reused between queries does instead of building a new bound. The
   * counter restarts.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for a switch that is not a boolean.
   * @example
   * ```ts
   * import { DirectionalBound3 } from '@firsttouch/ccd';
   * import { box } from '@firsttouch/mesh';
   * import { identityPose, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
   * const rest = new RigidMotion(identityPose(), identityPose());
   * const p0 = poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]);
   * const bound = new DirectionalBound3(box(1), box(1), rest, rest);
   * bound.rebind(box(1), box(1), rest, new RigidMotion(p0, poseFromAxisAngle([0, 0, 1], 0, [1, 0, 0])));
   * // closing at speed 2 from a gap of 2: the step reaches the contact at s = 1
   * console.log(bound.step(identityPose().R, p0.R, p0.t, 0, 0, 1).toFixed(6)); // 1.000000
   * ```
   */
  rebind(a: Surface, b: Surface, ma: RigidMotion, mb: RigidMotion, options?: DirectionalOptions3): void {
    this.#clearance = switchOf(options?.directionalClearance, 'directionalClearance');
    this.#hullSteps = switchOf(options?.directionalHullSteps, 'directionalHullSteps');
    this.pairEvaluations = 0;
    const sc = this.#scratch;
    this.#a = a;
    this.#b = b;
    this.#ta = a.tree();
    this.#tb = b.tree();
    sc.zeroFor(Math.max(a.vertexCount, this.#ta.nodeCount, b.vertexCount, this.#tb.nodeCount));
    this.#spinA = spins(a, ma, sc.zeros, (sc.spinA = grown(sc.spinA, a.vertexCount)));
    this.#spinB = spins(b, mb, sc.zeros, (sc.spinB = grown(sc.spinB, b.vertexCount)));
    this.#nodeSpinA = nodeSpins(
      a,
      this.#ta,
      ma,
      this.#spinA,
      (sc.nodeSpinA = grown(sc.nodeSpinA, this.#ta.nodeCount)),
    );
    this.#nodeSpinB = nodeSpins(
      b,
      this.#tb,
      mb,
      this.#spinB,
      (sc.nodeSpinB = grown(sc.nodeSpinB, this.#tb.nodeCount)),
    );
    for (let i = 0; i < 3; i++) this.#dAB[i] = ma.delta[i] - mb.delta[i];
    this.#speedAB = ma.translationLength + mb.translationLength;
    this.#relSpeed = Math.hypot(this.#dAB[0], this.#dAB[1], this.#dAB[2]);
    this.#useRss = this.#tb.nodeCount > RSS_RATIO * this.#ta.nodeCount + RSS_FLOOR;
    this.#reach = rootReach(this.#ta.boxes) + rootReach(this.#tb.boxes);
    // A small B, searched by boxes: its facets of A are also cleared against B's vertex hull.
    this.#hullB = this.#useRss ? undefined : convexSurface(b);
    if (this.#hullB !== undefined && this.#hullB.count > HULL_POINTS) this.#hullB = undefined;
    this.#rssA = undefined;
    this.#rssB = undefined;
    this.#ballA = EMPTY64;
    this.#ballB = EMPTY64;
    if (this.#useRss) {
      this.#rssA = rssOf(a);
      this.#rssB = rssOf(b);
      this.#ballA = rssBalls(a);
      this.#ballB = rssBalls(b);
    }
  }

  /**
   * Forgets the surfaces and what is derived from them (trees, RSS, hull data), keeping the scratch:
   * what a pool does before it keeps the bound. {@link rebind} it before the next step.
   *
   * @example
   * ```ts
   * import { DirectionalBound3 } from '@firsttouch/ccd';
   * import { box } from '@firsttouch/mesh';
   * import { identityPose, RigidMotion } from '@firsttouch/pose';
   * const rest = new RigidMotion(identityPose(), identityPose());
   * const bound = new DirectionalBound3(box(1), box(1), rest, rest);
   * bound.unbind();
   * console.log(bound.pairEvaluations); // 0
   * ```
   */
  unbind(): void {
    this.#a = undefined!;
    this.#b = undefined!;
    this.#ta = undefined!;
    this.#tb = undefined!;
    this.#rssA = undefined;
    this.#rssB = undefined;
    this.#ballA = EMPTY64;
    this.#ballB = EMPTY64;
    this.#hullB = undefined;
    this.#spinA = this.#spinB = this.#nodeSpinA = this.#nodeSpinB = EMPTY64;
    this.#scratch.gjk.unbind();
  }

  /**
   * The certified step from the pose given by `RA` (A's world rotation at s) and `R`, `t` (B in A's
   * frame at s); stops at `floor` (the plain step: nothing below it matters) and looks no further than
   * `limit`. `seedA`, `seedB` (a facet pair, usually the closest) are evaluated first.
   */
  step(
    RA: Float64Array,
    R: Float64Array,
    t: Float64Array,
    half: number,
    floor: number,
    limit: number,
    seedA = -1,
    seedB = -1,
  ): number {
    this.#RA.set(RA);
    // ΔA − ΔB in A's frame at s, for the node-level directional bound.
    const v = this.#relA;
    const d = this.#dAB;
    v[0] = RA[0] * d[0] + RA[3] * d[1] + RA[6] * d[2];
    v[1] = RA[1] * d[0] + RA[4] * d[1] + RA[7] * d[2];
    v[2] = RA[2] * d[0] + RA[5] * d[1] + RA[8] * d[2];
    this.#R.set(R);
    this.#t.set(t);
    if (this.#useRss) rssShift(this.#rssA!, this.#rssB!, R, t, this.#shift);
    // B's vertices, node boxes (min, max) or RSS in A's frame are made as the search reaches them
    // (stamped): a large B is mostly pruned, and placing all of it cost as much as the search.
    const sc = this.#scratch.placed(this.#b.vertexCount, this.#tb.nodeCount, this.#useRss);
    this.#vb = sc.vb;
    this.#vbStamp = sc.vbStamp;
    this.#nb = sc.nb;
    this.#nbStamp = sc.nbStamp;
    this.#rp = sc.rp;
    this.#stamp = sc.stamp;
    // The RSS bound's rounding: some tens of ulps of the coordinates in play, |t|₁ and both root
    // reaches (as the distance query's margin).
    this.#margin = 1e-13 * (Math.abs(t[0]) + Math.abs(t[1]) + Math.abs(t[2]) + this.#reach);
    const ta = this.#ta;
    const tb = this.#tb;
    let best = limit;
    // The closest pair of the last distance query usually has the smallest step: it seeds the bound.
    if (seedA >= 0 && seedB >= 0) {
      best = this.#pairStep(seedA, seedB, half, best);
      if (best <= floor) return floor;
    }
    const stack = sc.descent;
    stack.size = 0;
    const hullClear = this.#clearance && this.#hullB !== undefined && this.#relSpeed > 0;
    // Facet against hull: B's tree is not descended at all.
    const hullSteps = hullClear && this.#hullSteps && this.#hullB!.convex;
    if (hullClear) {
      sc.startFacets(this.#a.facetCount);
      // One GJK search for the step, warm-started from facet to facet.
      sc.facetTriangle.reach = this.#reach;
      sc.gjk.bindHulls(sc.facetTriangle, this.#hullB!);
    }
    const key0 = this.#nodeStep(0, 0, half, best);
    if (key0 < best) stack.push(0, 0, key0);
    while (stack.size > 0) {
      const slot = stack.pop();
      if (stack.keys[slot] >= best) continue;
      const i = stack.nodes[2 * slot];
      const j = stack.nodes[2 * slot + 1];
      const leafA = ta.count[i] > 0;
      const leafB = tb.count[j] > 0;
      if (leafA && hullSteps && best > 0) {
        for (let x = ta.child[i]; x < ta.child[i] + ta.count[i]; x++) {
          best = this.#facetHullStep(ta.order[x], half, best);
          if (best <= floor) return floor;
        }
        continue;
      }
      if (leafA && hullClear && best > 0) {
        // A leaf whose facets are all cleared against B's whole hull needs none of B's nodes.
        let cleared = true;
        for (let x = ta.child[i]; x < ta.child[i] + ta.count[i] && cleared; x++) {
          cleared = this.#facetClear(ta.order[x], half, best);
        }
        if (cleared) continue;
      }
      if (leafA && leafB) {
        for (let x = ta.child[i]; x < ta.child[i] + ta.count[i]; x++) {
          const fa = ta.order[x];
          if (hullClear && best > 0 && this.#facetClear(fa, half, best)) continue;
          for (let y = tb.child[j]; y < tb.child[j] + tb.count[j]; y++) {
            best = this.#pairStep(fa, tb.order[y], half, best);
            if (best <= floor) return floor;
          }
        }
        continue;
      }
      let splitA: boolean;
      if (leafA) splitA = false;
      else if (leafB || hullSteps) splitA = true;
      else splitA = this.#spread(ta.boxes, i) >= this.#spread(tb.boxes, j);
      const a1 = splitA ? i + 1 : i;
      const a2 = splitA ? ta.child[i] : i;
      const b1 = splitA ? j : j + 1;
      const b2 = splitA ? j : tb.child[j];
      const k1 = this.#nodeStep(a1, b1, half, best);
      const k2 = this.#nodeStep(a2, b2, half, best);
      // The smaller plain step is searched first: it is where the small steps are.
      if (k1 <= k2) {
        if (k2 < best) stack.push(a2, b2, k2);
        if (k1 < best) stack.push(a1, b1, k1);
      } else {
        if (k1 < best) stack.push(a1, b1, k1);
        if (k2 < best) stack.push(a2, b2, k2);
      }
    }
    return best;
  }

  /** The step of one facet pair (or `best` unchanged when it cannot beat it). */
  #pairStep(fa: number, fb: number, half: number, best: number): number {
    const T = this.#tri;
    const pa = this.#a.positions;
    const ia = this.#a.indices;
    const ib = this.#b.indices;
    const vb = this.#vb;
    let spinA = 0;
    let spinB = 0;
    for (let k = 0; k < 3; k++) {
      const va = ia[3 * fa + k];
      T[3 * k] = pa[3 * va];
      T[3 * k + 1] = pa[3 * va + 1];
      T[3 * k + 2] = pa[3 * va + 2];
      if (this.#spinA[va] > spinA) spinA = this.#spinA[va];
      const wb = ib[3 * fb + k];
      if (this.#vbStamp[wb] !== this.#stamp) this.#placeB(wb);
      T[9 + 3 * k] = vb[3 * wb];
      T[10 + 3 * k] = vb[3 * wb + 1];
      T[11 + 3 * k] = vb[3 * wb + 2];
      if (this.#spinB[wb] > spinB) spinB = this.#spinB[wb];
    }
    const mu = this.#speedAB + spinA + spinB;
    // Its plain step is at least (gap bound − tol/2) / μ: if that already beats `best`, skip it.
    const axis = this.#axis;
    // The line between the centroids alone first (a bound asked to exceed −1 stops at its first
    // axis): along it most pairs already step past `best`, plainly or directionally.
    const g1 = triangleGapBoundWith(T, 0, 9, -1, axis, this.#work);
    if (g1 > half) {
      if (mu > 0 && (g1 - half) / mu >= best) return best;
      const c1 = this.#closing(axis[0], axis[1], axis[2], spinA + spinB);
      if (!(c1 > 0) || (g1 - half) / c1 >= best) return best;
    }
    const g = triangleGapBoundWith(T, 0, 9, best * mu + half, axis, this.#work);
    if (mu > 0 && (g - half) / mu >= best) return best;
    // The gap along the fixed separating axis found there bounds the pair's distance at every s
    // too, and closes no faster than that axis's directional speed: the same argument as with the
    // witness direction, without the exact distance.
    let axisStep = 0;
    if (g > half) {
      const c = this.#closing(axis[0], axis[1], axis[2], spinA + spinB);
      axisStep = c > 0 ? (g - half) / c : Number.POSITIVE_INFINITY;
      if (axisStep >= best) return best;
    }
    const d = triangleDistanceWith(T, 0, 9, this.#out, this.#work);
    this.pairEvaluations++;
    const o = this.#out;
    const plain = mu > 0 ? (d - half) / mu : Number.POSITIVE_INFINITY;
    let step = plain > axisStep ? plain : axisStep;
    if (d > 0) {
      // Witness direction from A to B.
      const c = this.#closing((o[3] - o[0]) / d, (o[4] - o[1]) / d, (o[5] - o[2]) / d, spinA + spinB);
      const directed = c > 0 ? (d - half) / c : Number.POSITIVE_INFINITY;
      if (directed > step) step = directed;
    }
    return step < best ? step : best;
  }

  /**
   * Whether no pair of facet fa of A with a facet of B can step less than `best`: the clearance of
   * {@link #clear} with the set of the pairs' witnesses taken as B's vertex hull less the facet (a
   * convex set that holds them all) instead of a box difference, tested by GJK between the facet
   * moved to the ball's centre and B's hull. A facet proved once stays proved for the rest of the
   * step (`best` only falls); one not proved is tried again when `best` has fallen by a fifth.
   */
  #facetClear(fa: number, half: number, best: number): boolean {
    const sc = this.#scratch;
    if (sc.facetStamp[fa] === sc.stamp) {
      const was = sc.facetBest[fa];
      if (was >= 0) return true;
      if (best > -0.8 * was) return false;
    }
    sc.facetStamp[fa] = sc.stamp;
    const T = sc.facetTriangle.points;
    const spin = this.#loadFacet(fa) + this.#nodeSpinB[0];
    // The ball of #clear (the same allowances), with ε the gap between the facet's box and B's.
    if (this.#nbStamp[0] !== this.#stamp) this.#boxB(0);
    const nb = this.#nb;
    let s = 0;
    for (let k = 0; k < 3; k++) {
      const lo = Math.min(T[k], T[3 + k], T[6 + k]);
      const hi = Math.max(T[k], T[3 + k], T[6 + k]);
      const g = Math.max(nb[k] - hi, lo - nb[3 + k]);
      if (g > 0) s += g * g;
    }
    const v = this.#relA;
    const ball = sc.ball;
    this.#ball(best, half, spin, Math.sqrt(s), ball);
    const f = ball[0];
    const rho = Math.sqrt(ball[1]);
    // The facet moved by the ball's centre: the witnesses miss the ball when it stays farther than
    // the radius from B's hull.
    for (let k = 0; k < 9; k += 3) {
      T[k] += f * v[0];
      T[k + 1] += f * v[1];
      T[k + 2] += f * v[2];
    }
    const pair = sc.gjk;
    pair.stopAbove = rho + this.#margin;
    const clear = pair.evaluateBound(this.#R, this.#t) - this.#margin > rho;
    sc.facetBest[fa] = clear ? best : -best;
    return clear;
  }

  /**
   * The step of facet fa of A against B's vertex hull (or `best` unchanged when it cannot beat it):
   * their gap along GJK's separating axis, over that axis's closing speed (the facet and the hull
   * are convex: the argument of a facet pair's separating axis), or over the pair's speed bound,
   * whichever step is larger. Every facet of B lies in the hull, so the step holds for all of fa's
   * pairs. Where the hull meets the facet (no gap along any axis) the pairs are stepped one by one.
   */
  #facetHullStep(fa: number, half: number, best: number): number {
    const spin = this.#loadFacet(fa) + this.#nodeSpinB[0];
    const mu = this.#speedAB + spin;
    const pair = this.#scratch.gjk;
    const margin = this.#margin;
    // Past this gap the plain step alone reaches `best`.
    pair.stopAbove = mu > 0 ? half + margin + best * mu : Number.POSITIVE_INFINITY;
    const gap = pair.evaluateBound(this.#R, this.#t) - margin - half;
    if (gap > 0) {
      const plain = mu > 0 ? gap / mu : Number.POSITIVE_INFINITY;
      if (plain >= best) return best;
      const u = pair.lowerAxis;
      const c = this.#closing(u[0], u[1], u[2], spin);
      const directed = c > 0 ? gap / c : Number.POSITIVE_INFINITY;
      const step = directed > plain ? directed : plain;
      return step < best ? step : best;
    }
    const order = this.#tb.order;
    for (let y = 0; y < order.length; y++) best = this.#pairStep(fa, order[y], half, best);
    return best;
  }

  /** Facet fa of A into the GJK search's triangle; returns the largest spin of its corners. */
  #loadFacet(fa: number): number {
    const pa = this.#a.positions;
    const ia = this.#a.indices;
    const T = this.#scratch.facetTriangle.points;
    let spinA = 0;
    for (let k = 0; k < 3; k++) {
      const va = ia[3 * fa + k];
      T[3 * k] = pa[3 * va];
      T[3 * k + 1] = pa[3 * va + 1];
      T[3 * k + 2] = pa[3 * va + 2];
      if (this.#spinA[va] > spinA) spinA = this.#spinA[va];
    }
    return spinA;
  }

  /**
   * The closing speed along a unit direction of A's frame at s (taken to the world by A's rotation,
   * where it stays fixed): the relative translation along it, plus the pair's spins.
   */
  #closing(lx: number, ly: number, lz: number, spin: number): number {
    const RA = this.#RA;
    const nx = RA[0] * lx + RA[1] * ly + RA[2] * lz;
    const ny = RA[3] * lx + RA[4] * ly + RA[5] * lz;
    const nz = RA[6] * lx + RA[7] * ly + RA[8] * lz;
    return nx * this.#dAB[0] + ny * this.#dAB[1] + nz * this.#dAB[2] + spin;
  }

  /**
   * The plain step of a node pair: its box gap over its speed bound (a lower bound of its pairs'
   * steps), or +∞ when no facet pair below can step less than `best` ({@link #clear}): the key
   * orders the descent, the clearance only prunes.
   */
  #nodeStep(i: number, j: number, half: number, best: number): number {
    if (this.#useRss) return this.#nodeStepRss(i, j, half);
    if (this.#nbStamp[j] !== this.#stamp) this.#boxB(j);
    const ba = this.#ta.boxes;
    const nb = this.#nb;
    const p = 6 * i;
    const o = 6 * j;
    const ax = 0.5 * (ba[p] + ba[p + 3]),
      ay = 0.5 * (ba[p + 1] + ba[p + 4]),
      az = 0.5 * (ba[p + 2] + ba[p + 5]);
    const hx = 0.5 * (ba[p + 3] - ba[p]),
      hy = 0.5 * (ba[p + 4] - ba[p + 1]),
      hz = 0.5 * (ba[p + 5] - ba[p + 2]);
    // B's refitted box (min, max in A's frame) as centre and half-extents
    const bx = 0.5 * (nb[o] + nb[o + 3]),
      by = 0.5 * (nb[o + 1] + nb[o + 4]),
      bz = 0.5 * (nb[o + 2] + nb[o + 5]);
    const ex = 0.5 * (nb[o + 3] - nb[o]),
      ey = 0.5 * (nb[o + 4] - nb[o + 1]),
      ez = 0.5 * (nb[o + 5] - nb[o + 2]);
    const dx = bx - ax,
      dy = by - ay,
      dz = bz - az;
    const gx = Math.abs(dx) - hx - ex;
    const gy = Math.abs(dy) - hy - ey;
    const gz = Math.abs(dz) - hz - ez;
    let s = 0;
    if (gx > 0) s += gx * gx;
    if (gy > 0) s += gy * gy;
    if (gz > 0) s += gz * gz;
    const box = Math.sqrt(s);
    const gap = box - half;
    const spin = this.#nodeSpinA[i] + this.#nodeSpinB[j];
    const mu = this.#speedAB + spin;
    const plain = mu > 0 ? gap / mu : Number.POSITIVE_INFINITY;
    // Without relative translation the pairs close by their spins alone.
    const w = this.#relSpeed;
    if (w === 0) return spin > 0 ? Math.max(plain, gap / spin) : Number.POSITIVE_INFINITY;
    // A key at or above `best` is not pushed: the cone need not make it larger.
    if (!(plain < best)) return plain;
    if (
      best > 0 &&
      this.#clearance &&
      this.#clear(dx, dy, dz, hx + ex, hy + ey, hz + ez, box, spin, half, best)
    )
      return Number.POSITIVE_INFINITY;
    const rA = Math.sqrt(hx * hx + hy * hy + hz * hz);
    const rB = Math.sqrt(ex * ex + ey * ey + ez * ez);
    return this.#cone(dx, dy, dz, rA + rB, gap, spin, plain);
  }

  /**
   * Whether no facet pair below a node pair can step less than `best`, the directional way: a
   * prune that leaves the keys, and so the order of the descent and the step found, as they were.
   *
   * Every facet pair below has its witness x = q − p (q on B's facet, p on A's) in the box M = B's
   * box − A's box (centre `d`, half-extents `H`), with distance |x| and direction
   * x/|x|. Its directional step (|x| − half) / (x·v/|x| + spin) is at least t wherever
   * |x|² − a|x| − t x·v ≥ 0, a = half + t·spin (where the rate is ≤ 0 the step is unbounded). As
   * a|x| ≤ a(|x|²/ε + ε)/2 for any ε > 0, that holds outside the ball about (t / 2k) v of radius²
   * (t / 2k)² |v|² + aε / 2k, k = 1 − a / 2ε, tightest where |x| ≈ ε: ε is the node gap. When M
   * misses the ball, no pair below has a step under t. Its own plain step is then no matter:
   * the pair's step is the larger of the two. `half` grown by the rounding margin, t by 1e-10 and
   * the radius by 1e-9 cover the pairs' own rounding (their steps come from the exact distance).
   */
  #clear(
    dx: number,
    dy: number,
    dz: number,
    Hx: number,
    Hy: number,
    Hz: number,
    gap: number,
    spin: number,
    half: number,
    best: number,
  ): boolean {
    const v = this.#relA;
    const ball = this.#scratch.ball;
    this.#ball(best, half, spin, gap, ball);
    const f = ball[0];
    const rho2 = ball[1];
    const cx = f * v[0],
      cy = f * v[1],
      cz = f * v[2];
    const qx = Math.abs(cx - dx) - Hx;
    const qy = Math.abs(cy - dy) - Hy;
    const qz = Math.abs(cz - dz) - Hz;
    let q = 0;
    if (qx > 0) q += qx * qx;
    if (qy > 0) q += qy * qy;
    if (qz > 0) q += qz * qz;
    return q > rho2;
  }

  /**
   * The ball of {@link #clear} for the step `best` (t), the spin and a gap ε of the witnesses: into
   * `ball`, the factor f of its centre f·v and its squared radius (both clearance tests use it).
   */
  #ball(best: number, half: number, spin: number, gap: number, ball: Float64Array): void {
    const w = this.#relSpeed;
    const t = best * (1 + 1e-10);
    const a = half + this.#margin + t * spin;
    const eps = gap > a ? gap : a;
    const k = 1 - a / (2 * eps);
    const f = t / (2 * k);
    ball[0] = f;
    ball[1] = f * f * w * w * (1 + 1e-9) + (a * eps) / (2 * k);
  }

  /**
   * The node-level directional bound (C2A): every witness direction of a pair below lies in the cone
   * from one node's ball to the other's (centres `d` apart, radii summing to `radii`), so the closing
   * speed is at most the relative translation projected on that cone, plus the spins. Returns the
   * larger of its step and `step`.
   */
  #cone(dx: number, dy: number, dz: number, radii: number, gap: number, spin: number, step: number): number {
    const dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (!(dist > radii)) return step;
    const w = this.#relSpeed;
    const sinA = radii / dist;
    const cosA = Math.sqrt(1 - sinA * sinA);
    const v = this.#relA;
    const cosF = (dx * v[0] + dy * v[1] + dz * v[2]) / (dist * w);
    const sinF = Math.sqrt(Math.max(0, 1 - cosF * cosF));
    // the largest cos(φ − α) over the cone: 1 inside it, cos(φ − α) outside
    const reach = cosF >= cosA ? 1 : cosF * cosA + sinF * sinA;
    const c = w * reach + spin;
    const directed = c > 0 ? gap / c : Number.POSITIVE_INFINITY;
    return directed > step ? directed : step;
  }

  /**
   * {@link #nodeStep} with the two nodes' RSS: their gap (`rssGap`, less this call's rounding margin)
   * over the speed bound, and the cone bound on the balls about the RSS centres that enclose them.
   */
  #nodeStepRss(i: number, j: number, half: number): number {
    const rp = this.#rp;
    if (this.#nbStamp[j] !== this.#stamp) {
      this.#nbStamp[j] = this.#stamp;
      placeRss(this.#rssB!, j, this.#R, this.#shift, rp);
    }
    const va = this.#rssA!;
    const g = this.#gap;
    rssGap(va, i, rp, j, g);
    const gap = g[0] - this.#margin - half;
    const spin = this.#nodeSpinA[i] + this.#nodeSpinB[j];
    const mu = this.#speedAB + spin;
    const plain = mu > 0 ? gap / mu : Number.POSITIVE_INFINITY;
    const w = this.#relSpeed;
    if (w === 0) return spin > 0 ? Math.max(plain, gap / spin) : Number.POSITIVE_INFINITY;
    // Along the fixed direction u the gap was measured on: the separation of the two nodes along u
    // bounds every pair's distance below, at every s, and closes no faster than u's directional speed
    // (the argument of the facet pairs' separating axis).
    let step = plain;
    if (gap > 0 && (g[1] !== 0 || g[2] !== 0 || g[3] !== 0)) {
      const cu = this.#closing(g[1], g[2], g[3], spin);
      const along = cu > 0 ? gap / cu : Number.POSITIVE_INFINITY;
      if (along > step) step = along;
    }
    const o = RSS_STRIDE * i + RSS_C;
    const p = 12 * j + 6;
    const qa = va.data;
    const h = va.step;
    const dx = rp[p] - qa[o] * h,
      dy = rp[p + 1] - qa[o + 1] * h,
      dz = rp[p + 2] - qa[o + 2] * h;
    return this.#cone(dx, dy, dz, this.#ballA[i] + this.#ballB[j] + this.#margin, gap, spin, step);
  }

  /**
   * Node j of B's box in A's frame (min, max): a leaf's from its placed vertices (exact), a larger
   * node's its own box turned and enclosed (`|R| h`): the search reaches few nodes, and refitting all
   * of B at every step cost more than the search.
   */
  #boxB(j: number): void {
    this.#nbStamp[j] = this.#stamp;
    const tb = this.#tb;
    const nb = this.#nb;
    const o = 6 * j;
    if (tb.count[j] > 0) {
      const vb = this.#vb;
      const ib = this.#b.indices;
      let x0 = Number.POSITIVE_INFINITY,
        y0 = Number.POSITIVE_INFINITY,
        z0 = Number.POSITIVE_INFINITY;
      let x1 = Number.NEGATIVE_INFINITY,
        y1 = Number.NEGATIVE_INFINITY,
        z1 = Number.NEGATIVE_INFINITY;
      for (let x = tb.child[j]; x < tb.child[j] + tb.count[j]; x++) {
        const f = 3 * tb.order[x];
        for (let k = 0; k < 3; k++) {
          const wb = ib[f + k];
          if (this.#vbStamp[wb] !== this.#stamp) this.#placeB(wb);
          const w = 3 * wb;
          const px = vb[w],
            py = vb[w + 1],
            pz = vb[w + 2];
          if (px < x0) x0 = px;
          if (px > x1) x1 = px;
          if (py < y0) y0 = py;
          if (py > y1) y1 = py;
          if (pz < z0) z0 = pz;
          if (pz > z1) z1 = pz;
        }
      }
      nb[o] = x0;
      nb[o + 1] = y0;
      nb[o + 2] = z0;
      nb[o + 3] = x1;
      nb[o + 4] = y1;
      nb[o + 5] = z1;
      return;
    }
    const bb = tb.boxes;
    const R = this.#R;
    const cx = 0.5 * (bb[o] + bb[o + 3]),
      cy = 0.5 * (bb[o + 1] + bb[o + 4]),
      cz = 0.5 * (bb[o + 2] + bb[o + 5]);
    const hx = 0.5 * (bb[o + 3] - bb[o]),
      hy = 0.5 * (bb[o + 4] - bb[o + 1]),
      hz = 0.5 * (bb[o + 5] - bb[o + 2]);
    const t = this.#t;
    const mx = R[0] * cx + R[1] * cy + R[2] * cz + t[0];
    const my = R[3] * cx + R[4] * cy + R[5] * cz + t[1];
    const mz = R[6] * cx + R[7] * cy + R[8] * cz + t[2];
    const ex = Math.abs(R[0]) * hx + Math.abs(R[1]) * hy + Math.abs(R[2]) * hz;
    const ey = Math.abs(R[3]) * hx + Math.abs(R[4]) * hy + Math.abs(R[5]) * hz;
    const ez = Math.abs(R[6]) * hx + Math.abs(R[7]) * hy + Math.abs(R[8]) * hz;
    nb[o] = mx - ex;
    nb[o + 1] = my - ey;
    nb[o + 2] = mz - ez;
    nb[o + 3] = mx + ex;
    nb[o + 4] = my + ey;
    nb[o + 5] = mz + ez;
  }

  /** Vertex w of B taken into A's frame (into `#vb`, stamped). */
  #placeB(w: number): void {
    this.#vbStamp[w] = this.#stamp;
    const pb = this.#b.positions;
    const vb = this.#vb;
    const R = this.#R;
    const t = this.#t;
    const v = 3 * w;
    const x = pb[v],
      y = pb[v + 1],
      z = pb[v + 2];
    vb[v] = R[0] * x + R[1] * y + R[2] * z + t[0];
    vb[v + 1] = R[3] * x + R[4] * y + R[5] * z + t[1];
    vb[v + 2] = R[6] * x + R[7] * y + R[8] * z + t[2];
  }

  #spread(boxes: Float32Array, n: number): number {
    const o = 6 * n;
    return (
      (boxes[o + 3] - boxes[o]) ** 2 + (boxes[o + 4] - boxes[o + 1]) ** 2 + (boxes[o + 5] - boxes[o + 2]) ** 2
    );
  }
}

const EMPTY64 = new Float64Array(0);
const EMPTY_U32 = new Uint32Array(0);

/** B is cleared against its vertex hull when it has at most this many distinct vertices (GJK scans them). */
const HULL_POINTS = 128;
/** B is bounded by RSS when its tree has more than this share of A's nodes plus {@link RSS_FLOOR} (the distance query's `REFIT_RATIO`). */
const RSS_RATIO = 0.25;
/** The distance query's `REFIT_FLOOR`. */
const RSS_FLOOR = 256;

/**
 * The scratch of a {@link DirectionalBound3}, grown as needed and kept from step to step and from
 * query to query (a bound rebound to another pair keeps it): B's vertices, node boxes (min, max) and
 * RSS placed in A's frame, with their stamps (a new stamp at every step makes the entries of any
 * earlier one stale), the hull clearance's record of A's facets, the descent's stack, the facet in
 * hand and the GJK search against B's hull, the spins, and zeros for a body that does not turn.
 * Allocating B's placed arrays at every query (a megabyte for the bunny, zeroed) cost 7 % of a
 * directional query on the bench's bunny pair.
 */
class Scratch3 {
  stamp = 0;
  vb: Float64Array = EMPTY64;
  vbStamp: Uint32Array = EMPTY_U32;
  nb: Float64Array = EMPTY64;
  nbStamp: Uint32Array = EMPTY_U32;
  rp: Float64Array = EMPTY64;
  /** The hull clearance of A's facets in this step: stamped; the best it was tried at (< 0: not proved). */
  facetStamp: Uint32Array = EMPTY_U32;
  facetBest: Float64Array = EMPTY64;
  /** The descent's stack. */
  readonly descent = new PairStack();
  /** The clearance ball of a test: the factor of its centre, its squared radius (`#ball`). */
  readonly ball = new Float64Array(2);
  /** The facet of A in hand as a vertex set for GJK against B's hull, and the GJK search. */
  readonly facetTriangle = pointSet(3);
  readonly gjk = new HullGjk();
  /** |θ| ρ of each body's vertices and the largest over each node, when it turns. */
  spinA: Float64Array = EMPTY64;
  spinB: Float64Array = EMPTY64;
  nodeSpinA: Float64Array = EMPTY64;
  nodeSpinB: Float64Array = EMPTY64;
  /** Zeros, never written: the spins of a body that does not turn. */
  zeros: Float64Array = EMPTY64;

  /** Zeros for `n` entries at least. */
  zeroFor(n: number): void {
    if (this.zeros.length < n) this.zeros = new Float64Array(n);
  }

  /** Makes the per-facet record of the hull clearance fit A's facets (stamped with the step's stamp). */
  startFacets(facets: number): void {
    if (this.facetStamp.length < facets) {
      this.facetStamp = new Uint32Array(facets);
      this.facetBest = new Float64Array(facets);
    }
  }

  /** Large enough for B (node boxes or RSS, as the bound uses), with a new stamp. */
  placed(vertices: number, nodes: number, rss: boolean): this {
    if (this.vbStamp.length < vertices) {
      this.vb = new Float64Array(3 * vertices);
      this.vbStamp = new Uint32Array(vertices);
    }
    if (this.nbStamp.length < nodes) this.nbStamp = new Uint32Array(nodes);
    if (rss) {
      if (this.rp.length < 12 * nodes) this.rp = new Float64Array(12 * nodes);
    } else if (this.nb.length < 6 * nodes) this.nb = new Float64Array(6 * nodes);
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.vbStamp.fill(0);
      this.nbStamp.fill(0);
      this.facetStamp.fill(0);
      this.stamp = 1;
    }
    return this;
  }
}

/** `buffer` when it holds `n` numbers, else a new array of `n`. */
function grown(buffer: Float64Array, n: number): Float64Array {
  return buffer.length >= n ? buffer : new Float64Array(n);
}

/** |θ| ρ of every vertex of the surface under its motion, into `out` (`zeros` when it does not turn). */
function spins(s: Surface, m: RigidMotion, zeros: Float64Array, out: Float64Array): Float64Array {
  if (m.theta === 0) return zeros;
  m.radii(s.positions, out);
  for (let v = 0; v < s.vertexCount; v++) out[v] *= m.theta;
  return out;
}

/** The largest vertex spin over each node's facets, bottom-up (children follow their parent), into `out`. */
function nodeSpins(
  s: Surface,
  tree: BoundingTree,
  m: RigidMotion,
  spin: Float64Array,
  out: Float64Array,
): Float64Array {
  if (m.theta === 0) return spin;
  // Arrays in locals: read through their objects at every node, this pass cost half of a new bound.
  const count = tree.count;
  const child = tree.child;
  const order = tree.order;
  const indices = s.indices;
  for (let n = tree.nodeCount - 1; n >= 0; n--) {
    const c = count[n];
    if (c > 0) {
      let m = 0;
      for (let x = child[n]; x < child[n] + c; x++) {
        const f = 3 * order[x];
        const r0 = spin[indices[f]];
        const r1 = spin[indices[f + 1]];
        const r2 = spin[indices[f + 2]];
        if (r0 > m) m = r0;
        if (r1 > m) m = r1;
        if (r2 > m) m = r2;
      }
      out[n] = m;
    } else {
      const l = out[n + 1];
      const r = out[child[n]];
      out[n] = l > r ? l : r;
    }
  }
  return out;
}
