import {
  type BoundingTree,
  type ConvexSurface,
  convexSurface,
  HullGjk,
  pointSet,
  type RssVolumes,
  rssOf,
  type Surface,
} from '@firsttouch/mesh';
import {
  HULL_POINTS,
  PairStack,
  refitsB,
  rootReach,
  rssBalls,
  rssShift,
  TriangleWork,
} from '@firsttouch/mesh/internal';
import type { RigidMotion } from '@firsttouch/pose';
import { type AdvanceOptions, switchOf } from '../options.js';

const EMPTY64 = new Float64Array(0);
const EMPTY_U32 = new Uint32Array(0);

/**
 * The switches of the 3-D directional bound: the ones of the time of impact's options
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
 * What the strategies of the 3-D directional step share (the pairs, the boxes of a small B, the RSS
 * of a large one, the hull of a small convex one; one file each): the two surfaces and their trees,
 * the spins, the placement of this step, the rounding margin, and the scratch, grown to the bodies
 * met and kept from step to step and query to query. Numbers of a step live in fields rather than
 * arguments (doubles passed to a call are boxed).
 */
export class DirectionalState3 {
  /** Exact facet-pair evaluations so far. */
  pairEvaluations = 0;
  /** The options' switches (`directionalClearance`, `directionalHullSteps`). */
  clearance = true;
  hullSteps = true;
  a!: Surface;
  b!: Surface;
  ta!: BoundingTree;
  tb!: BoundingTree;
  /** |θ| ρ of every vertex, and the largest over each node's facets. */
  spinA: Float64Array = EMPTY64;
  spinB: Float64Array = EMPTY64;
  nodeSpinA: Float64Array = EMPTY64;
  nodeSpinB: Float64Array = EMPTY64;
  /** The scratch of the steps, grown to the bodies met and kept. */
  readonly scratch = new Scratch3();
  /** B's vertices, node boxes or RSS placed in A's frame, stamped: the scratch's, taken at each step. */
  vb: Float64Array = EMPTY64;
  nb: Float64Array = EMPTY64;
  nbStamp: Uint32Array = EMPTY_U32;
  vbStamp: Uint32Array = EMPTY_U32;
  stamp = 0;
  /** The facet pair in hand (A's, then B's in A's frame), its answer, the gap bound's axis. */
  readonly tri = new Float64Array(18);
  readonly out = new Float64Array(7);
  readonly axis = new Float64Array(3);
  readonly work = new TriangleWork();
  /** Per step: world rotation of A at s, the relative transform. */
  readonly RA = new Float64Array(9);
  readonly R = new Float64Array(9);
  readonly t = new Float64Array(3);
  /** Where B's RSS grid origin lands in A's, at this step (`rssShift`). */
  readonly shift = new Float64Array(3);
  /** ΔA − ΔB (world), its length, and in A's frame at this step; the translations' sum. */
  readonly dAB = new Float64Array(3);
  speedAB = 0;
  readonly relA = new Float64Array(3);
  relSpeed = 0;
  /**
   * Whether node pairs are bounded by their RSS (B large, as the distance query decides: B is not
   * refitted); then the RSS of both trees, B's placed in A's frame as the search reaches them
   * (stamped), each node's enclosing ball radius, and the gap's output.
   */
  useRss = false;
  rssA: RssVolumes | undefined;
  rssB: RssVolumes | undefined;
  ballA: Float64Array = EMPTY64;
  ballB: Float64Array = EMPTY64;
  rp: Float64Array = EMPTY64;
  /** The root boxes' reach (the placement-free part of the rounding scale), and this step's margin. */
  reach = 0;
  margin = 0;
  /** `rssGap`'s output: the gap, then the unit direction it was measured along (A's frame). */
  readonly gap = new Float64Array(4);
  /** B's distinct vertices, when B is small enough for the facets of A to be cleared against its hull. */
  hullB: ConvexSurface | undefined;

  /** Points the state at a step (see `DirectionalBound3.rebind`). */
  bind(a: Surface, b: Surface, ma: RigidMotion, mb: RigidMotion, options?: DirectionalOptions3): void {
    this.clearance = switchOf(options?.directionalClearance, 'directionalClearance');
    this.hullSteps = switchOf(options?.directionalHullSteps, 'directionalHullSteps');
    this.pairEvaluations = 0;
    const sc = this.scratch;
    this.a = a;
    this.b = b;
    this.ta = a.tree();
    this.tb = b.tree();
    sc.zeroFor(Math.max(a.vertexCount, this.ta.nodeCount, b.vertexCount, this.tb.nodeCount));
    sc.spinA = grown(sc.spinA, a.vertexCount);
    sc.spinB = grown(sc.spinB, b.vertexCount);
    this.spinA = spins(a, ma, sc.zeros, sc.spinA);
    this.spinB = spins(b, mb, sc.zeros, sc.spinB);
    sc.nodeSpinA = grown(sc.nodeSpinA, this.ta.nodeCount);
    sc.nodeSpinB = grown(sc.nodeSpinB, this.tb.nodeCount);
    this.nodeSpinA = nodeSpins(a, this.ta, ma, this.spinA, sc.nodeSpinA);
    this.nodeSpinB = nodeSpins(b, this.tb, mb, this.spinB, sc.nodeSpinB);
    for (let i = 0; i < 3; i++) this.dAB[i] = ma.delta[i] - mb.delta[i];
    this.speedAB = ma.translationLength + mb.translationLength;
    this.relSpeed = Math.hypot(this.dAB[0], this.dAB[1], this.dAB[2]);
    this.useRss = !refitsB(this.ta, this.tb);
    this.reach = rootReach(this.ta.boxes) + rootReach(this.tb.boxes);
    // A small B, searched by boxes: its facets of A are also cleared against B's vertex hull.
    this.hullB = this.useRss ? undefined : convexSurface(b);
    if (this.hullB !== undefined && this.hullB.count > HULL_POINTS) this.hullB = undefined;
    this.rssA = undefined;
    this.rssB = undefined;
    this.ballA = EMPTY64;
    this.ballB = EMPTY64;
    if (this.useRss) {
      this.rssA = rssOf(a);
      this.rssB = rssOf(b);
      this.ballA = rssBalls(a);
      this.ballB = rssBalls(b);
    }
  }

  /** Drops the surfaces and what is derived from them, keeping the scratch. */
  unbind(): void {
    this.a = undefined!;
    this.b = undefined!;
    this.ta = undefined!;
    this.tb = undefined!;
    this.rssA = undefined;
    this.rssB = undefined;
    this.ballA = EMPTY64;
    this.ballB = EMPTY64;
    this.hullB = undefined;
    this.spinA = this.spinB = this.nodeSpinA = this.nodeSpinB = EMPTY64;
    this.scratch.gjk.unbind();
  }

  /**
   * Takes the placement of a step: A's world rotation `RA`, B in A's frame by `R`, `t`; makes a new
   * stamp, and the rounding margin.
   */
  place(RA: Float64Array, R: Float64Array, t: Float64Array): void {
    this.RA.set(RA);
    // ΔA − ΔB in A's frame at s, for the node-level directional bound.
    const v = this.relA;
    const d = this.dAB;
    v[0] = RA[0] * d[0] + RA[3] * d[1] + RA[6] * d[2];
    v[1] = RA[1] * d[0] + RA[4] * d[1] + RA[7] * d[2];
    v[2] = RA[2] * d[0] + RA[5] * d[1] + RA[8] * d[2];
    this.R.set(R);
    this.t.set(t);
    if (this.useRss) rssShift(this.rssA!, this.rssB!, R, t, this.shift);
    // B's vertices, node boxes (min, max) or RSS in A's frame are made as the search reaches them
    // (stamped): a large B is mostly pruned, and placing all of it cost as much as the search.
    const sc = this.scratch.placed(this.b.vertexCount, this.tb.nodeCount, this.useRss);
    this.vb = sc.vb;
    this.vbStamp = sc.vbStamp;
    this.nb = sc.nb;
    this.nbStamp = sc.nbStamp;
    this.rp = sc.rp;
    this.stamp = sc.stamp;
    // The RSS bound's rounding: some tens of ulps of the coordinates in play, |t|₁ and both root
    // reaches (as the distance query's margin).
    this.margin = 1e-13 * (Math.abs(t[0]) + Math.abs(t[1]) + Math.abs(t[2]) + this.reach);
  }
}

/**
 * The scratch of a `DirectionalBound3`, grown as needed and kept from step to step and from
 * query to query (a bound rebound to another pair keeps it): B's vertices, node boxes (min, max) and
 * RSS placed in A's frame, with their stamps (a new stamp at every step makes the entries of any
 * earlier one stale), the hull clearance's record of A's facets, the descent's stack, the facet in
 * hand and the GJK search against B's hull, the spins, and zeros for a body that does not turn.
 * Kept because allocating B's placed arrays at every query (a megabyte for the bunny, zeroed) costs
 * a measurable share of a directional query (DECISIONS.md).
 */
export class Scratch3 {
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
  /** The clearance ball of a test: the factor of its centre, its squared radius (`clearanceBall`). */
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

/**
 * The closing speed along a unit direction of A's frame at s (taken to the world by A's rotation,
 * where it stays fixed): the relative translation along it, plus the pair's spins.
 */
export function closing(q: DirectionalState3, lx: number, ly: number, lz: number, spin: number): number {
  const RA = q.RA;
  const nx = RA[0] * lx + RA[1] * ly + RA[2] * lz;
  const ny = RA[3] * lx + RA[4] * ly + RA[5] * lz;
  const nz = RA[6] * lx + RA[7] * ly + RA[8] * lz;
  return nx * q.dAB[0] + ny * q.dAB[1] + nz * q.dAB[2] + spin;
}

/** Vertex w of B taken into A's frame (into `vb`, stamped). */
export function placeB(q: DirectionalState3, w: number): void {
  q.vbStamp[w] = q.stamp;
  const pb = q.b.positions;
  const vb = q.vb;
  const R = q.R;
  const t = q.t;
  const v = 3 * w;
  const x = pb[v],
    y = pb[v + 1],
    z = pb[v + 2];
  vb[v] = R[0] * x + R[1] * y + R[2] * z + t[0];
  vb[v + 1] = R[3] * x + R[4] * y + R[5] * z + t[1];
  vb[v + 2] = R[6] * x + R[7] * y + R[8] * z + t[2];
}

/**
 * The node-level directional bound (C2A): every witness direction of a pair below lies in the cone
 * from one node's ball to the other's (centres `d` apart, radii summing to `radii`), so the closing
 * speed is at most the relative translation projected on that cone, plus the spins. Returns its
 * step, −∞ where the balls overlap (no cone).
 */
export function coneStep(
  q: DirectionalState3,
  dx: number,
  dy: number,
  dz: number,
  radii: number,
  gap: number,
  spin: number,
): number {
  const dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (!(dist > radii)) return Number.NEGATIVE_INFINITY;
  const w = q.relSpeed;
  const sinA = radii / dist;
  const cosA = Math.sqrt(1 - sinA * sinA);
  const v = q.relA;
  const cosF = (dx * v[0] + dy * v[1] + dz * v[2]) / (dist * w);
  const sinF = Math.sqrt(Math.max(0, 1 - cosF * cosF));
  // the largest cos(φ − α) over the cone: 1 inside it, cos(φ − α) outside
  const reach = cosF >= cosA ? 1 : cosF * cosA + sinF * sinA;
  const c = w * reach + spin;
  return c > 0 ? gap / c : Number.POSITIVE_INFINITY;
}

/** The squared diagonal of node n's box (the larger one is split). */
export function spread(boxes: Float32Array, n: number): number {
  const o = 6 * n;
  return (
    (boxes[o + 3] - boxes[o]) ** 2 + (boxes[o + 4] - boxes[o + 1]) ** 2 + (boxes[o + 5] - boxes[o + 2]) ** 2
  );
}
