import { triangleDistance } from '../geometry/triangle-distance.js';
import type { Surface } from '../surface.js';
import type { BoundingTree } from '../tree/build.js';
import { SurfaceCandidates } from './surface-candidates.js';
import { ExactGaps } from './surface-lower-bound.js';
import { refitB, refitBound } from './surface-refit.js';
import { prepareScratch, rootReach, S } from './surface-scratch.js';

/** B is refitted when its tree has at most this share of the nodes of A's, plus {@link REFIT_FLOOR} (measured: refitting the bunny against the bunny costs what it saves). */
const REFIT_RATIO = 0.25;
/** Small bodies are always refitted: the pass costs less than one loose box pair. */
const REFIT_FLOOR = 256;

/**
 * What the searches of a `SurfacePair` share: the two surfaces and their trees, the placement of
 * this evaluation (in the shared scratch `S`), the node bound, and the closest pair found. Numbers of
 * an evaluation live in fields rather than arguments (doubles passed to a call are boxed).
 */
export class SurfaceSearch {
  a!: Surface;
  b!: Surface;
  ta!: BoundingTree;
  tb!: BoundingTree;
  /**
   * Whether B's tree is refitted in A's frame at each evaluation (exact boxes, one pass over B) rather
   * than each of its boxes enclosed after the turn (no pass, looser boxes): chosen by B's size.
   */
  refit = false;
  /** The root boxes' reach, each body's (the placement-free part of the rounding scale). */
  reachA = 0;
  reachB = 0;
  /** Rounding slack of this evaluation's bounds: a few ulps of the largest coordinate in play. */
  margin = 0.5;
  /** The last closest pair, evaluated first. */
  hintA = -1;
  hintB = -1;
  /** The hint's exact gap in this evaluation (NaN without a hint). */
  hintGap = 0.5;
  /**
   * The closest pair: its gap, facets, whether some pair intersects, and the lowest bound or exact gap
   * above the best left out (what `lowerBound` and `beyond` are made of). The searches keep their own
   * copies in locals while they run and write them back at the end.
   */
  best = 0.5;
  bestA = -1;
  bestB = -1;
  intersecting = false;
  lowestPruned = 0.5;
  volumePairs = 0;
  facetPairs = 0;
  readonly candidates = new SurfaceCandidates();
  /** The exact gaps of a search from the candidates (for `lowerBound`). */
  readonly gaps = new ExactGaps();

  /** The closest points are written into the caller's `pointA` and `pointB`. */
  constructor(
    readonly pointA: Float64Array,
    readonly pointB: Float64Array,
  ) {}

  /** Points the search at two surfaces (their trees built if need be); forgets the candidates. */
  bind(a: Surface, b: Surface): void {
    this.a = a;
    this.b = b;
    this.ta = a.tree();
    this.tb = b.tree();
    this.refit = this.tb.nodeCount <= REFIT_RATIO * this.ta.nodeCount + REFIT_FLOOR;
    this.reachA = rootReach(this.ta.boxes);
    this.reachB = rootReach(this.tb.boxes);
    this.candidates.forget();
  }

  /** Stores the placement (a point x of B at R x + t in A's frame) and the rounding margin. */
  begin(R: Float64Array, t: Float64Array): void {
    this.place(R, t);
    const absR = S.absR;
    for (let i = 0; i < 9; i++) absR[i] = Math.abs(R[i]);
    if (this.refit) refitB(this.b, this.tb);
    const scale = Math.abs(t[0]) + Math.abs(t[1]) + Math.abs(t[2]) + this.reachA + this.reachB;
    this.margin = 1e-13 * scale;
  }

  /** Stores the placement only, for facet pairs taken one by one (B's vertices placed as they come). */
  place(R: Float64Array, t: Float64Array): void {
    S.R.set(R);
    S.t.set(t);
    prepareScratch(this.b.vertexCount, this.tb.nodeCount, this.ta.nodeCount, this.b.facetCount);
  }

  /**
   * Starts the closest pair afresh (nothing within `maxDistance`), then evaluates the hint pair when it
   * is a pair of these surfaces: its exact gap is the first best, and prunes from the start (frame
   * coherence).
   */
  seed(maxDistance: number): void {
    this.best = maxDistance;
    this.bestA = -1;
    this.bestB = -1;
    this.intersecting = false;
    this.facetPairs = 0;
    this.lowestPruned = Number.POSITIVE_INFINITY;
    this.hintGap = Number.NaN;
    const hintA = this.hintA;
    const hintB = this.hintB;
    if (!(hintA >= 0 && hintA < this.a.facetCount && hintB >= 0 && hintB < this.b.facetCount)) return;
    const d = this.facetPair(hintA, hintB);
    this.hintGap = d;
    this.facetPairs = 1;
    if (S.out[6] === 1) this.intersecting = true;
    if (d > this.best) this.lowestPruned = d;
    if (d <= this.best) {
      this.best = d;
      this.bestA = hintA;
      this.bestB = hintB;
      this.keepPoints();
    }
  }

  /** Copies the closest points of the facet pair just evaluated. */
  keepPoints(): void {
    const o = S.out;
    this.pointA[0] = o[0];
    this.pointA[1] = o[1];
    this.pointA[2] = o[2];
    this.pointB[0] = o[3];
    this.pointB[1] = o[4];
    this.pointB[2] = o[5];
  }

  /** Squared distance between the centres of node i of A and node j of B (j's box taken into A's frame). */
  centres2(i: number, j: number): number {
    const ba = this.ta.boxes;
    const p = 6 * i;
    const o = 6 * j;
    const c = this.refit ? S.rb : S.nb;
    // refitted boxes are min/max, enclosed ones centre/half-extents
    const k = this.refit ? 0.5 : 1;
    const cx = this.refit ? k * (c[o] + c[o + 3]) : c[o];
    const cy = this.refit ? k * (c[o + 1] + c[o + 4]) : c[o + 1];
    const cz = this.refit ? k * (c[o + 2] + c[o + 5]) : c[o + 2];
    return (
      (cx - 0.5 * (ba[p] + ba[p + 3])) ** 2 +
      (cy - 0.5 * (ba[p + 1] + ba[p + 4])) ** 2 +
      (cz - 0.5 * (ba[p + 2] + ba[p + 5])) ** 2
    );
  }

  /**
   * Lower bound of the gap between node i of A and node j of B, each box seen in the other's frame,
   * into `S.bound[0]` (a float returned from a call that is not inlined is boxed, and this runs for
   * every node pair).
   */
  nodeBound(i: number, j: number): void {
    if (this.refit) {
      refitBound(this.ta.boxes, this.ta.slabs, i, j);
      return;
    }
    const nb = S.nb;
    const o = 6 * j;
    const R = S.R;
    const A = S.absR;
    const t = S.t;
    if (S.nbStamp[j] !== S.stamp) {
      // B's box in A's frame: its centre moved, its half-extents enclosed (|R| h).
      S.nbStamp[j] = S.stamp;
      const bb = this.tb.boxes;
      const cx = 0.5 * (bb[o] + bb[o + 3]),
        cy = 0.5 * (bb[o + 1] + bb[o + 4]),
        cz = 0.5 * (bb[o + 2] + bb[o + 5]);
      const hx = 0.5 * (bb[o + 3] - bb[o]),
        hy = 0.5 * (bb[o + 4] - bb[o + 1]),
        hz = 0.5 * (bb[o + 5] - bb[o + 2]);
      nb[o] = R[0] * cx + R[1] * cy + R[2] * cz + t[0];
      nb[o + 1] = R[3] * cx + R[4] * cy + R[5] * cz + t[1];
      nb[o + 2] = R[6] * cx + R[7] * cy + R[8] * cz + t[2];
      nb[o + 3] = A[0] * hx + A[1] * hy + A[2] * hz;
      nb[o + 4] = A[3] * hx + A[4] * hy + A[5] * hz;
      nb[o + 5] = A[6] * hx + A[7] * hy + A[8] * hz;
    }
    const na = S.na;
    const p = 6 * i;
    if (S.naStamp[i] !== S.stamp) {
      // A's box in B's frame (for the symmetric bound), and its own centre and half-extents.
      S.naStamp[i] = S.stamp;
      const ba = this.ta.boxes;
      const cx = 0.5 * (ba[p] + ba[p + 3]),
        cy = 0.5 * (ba[p + 1] + ba[p + 4]),
        cz = 0.5 * (ba[p + 2] + ba[p + 5]);
      const hx = 0.5 * (ba[p + 3] - ba[p]),
        hy = 0.5 * (ba[p + 4] - ba[p + 1]),
        hz = 0.5 * (ba[p + 5] - ba[p + 2]);
      const ac = S.ac;
      ac[p] = cx;
      ac[p + 1] = cy;
      ac[p + 2] = cz;
      ac[p + 3] = hx;
      ac[p + 4] = hy;
      ac[p + 5] = hz;
      const dx = cx - t[0],
        dy = cy - t[1],
        dz = cz - t[2];
      na[p] = R[0] * dx + R[3] * dy + R[6] * dz;
      na[p + 1] = R[1] * dx + R[4] * dy + R[7] * dz;
      na[p + 2] = R[2] * dx + R[5] * dy + R[8] * dz;
      na[p + 3] = A[0] * hx + A[3] * hy + A[6] * hz;
      na[p + 4] = A[1] * hx + A[4] * hy + A[7] * hz;
      na[p + 5] = A[2] * hx + A[5] * hy + A[8] * hz;
    }
    const ac = S.ac;
    const gx = Math.abs(nb[o] - ac[p]) - ac[p + 3] - nb[o + 3];
    const gy = Math.abs(nb[o + 1] - ac[p + 1]) - ac[p + 4] - nb[o + 4];
    const gz = Math.abs(nb[o + 2] - ac[p + 2]) - ac[p + 5] - nb[o + 5];
    let s = 0;
    if (gx > 0) s += gx * gx;
    if (gy > 0) s += gy * gy;
    if (gz > 0) s += gz * gz;
    // The same seen from B. Each is a lower bound (the boxes contain the bodies); keep the larger.
    const bb = this.tb.boxes;
    const fx = Math.abs(na[p] - 0.5 * (bb[o] + bb[o + 3])) - 0.5 * (bb[o + 3] - bb[o]) - na[p + 3];
    const fy =
      Math.abs(na[p + 1] - 0.5 * (bb[o + 1] + bb[o + 4])) - 0.5 * (bb[o + 4] - bb[o + 1]) - na[p + 4];
    const fz =
      Math.abs(na[p + 2] - 0.5 * (bb[o + 2] + bb[o + 5])) - 0.5 * (bb[o + 5] - bb[o + 2]) - na[p + 5];
    let q = 0;
    if (fx > 0) q += fx * fx;
    if (fy > 0) q += fy * fy;
    if (fz > 0) q += fz * fz;
    let bound = Math.sqrt(s > q ? s : q);
    // Across A's slab: B's box (its own centre and half-extents, turned) projected on A's direction n,
    // whose components in B's frame are Rᵀ n.
    const sa = this.ta.slabs;
    const u = 5 * i;
    const nx = sa[u],
      ny = sa[u + 1],
      nz = sa[u + 2];
    const mx = R[0] * nx + R[3] * ny + R[6] * nz,
      my = R[1] * nx + R[4] * ny + R[7] * nz,
      mz = R[2] * nx + R[5] * ny + R[8] * nz;
    const c = nx * nb[o] + ny * nb[o + 1] + nz * nb[o + 2];
    const r =
      0.5 *
      (Math.abs(mx) * (bb[o + 3] - bb[o]) +
        Math.abs(my) * (bb[o + 4] - bb[o + 1]) +
        Math.abs(mz) * (bb[o + 5] - bb[o + 2]));
    let g = sa[u + 3] - c - r;
    let h = c - r - sa[u + 4];
    if (h > g) g = h;
    if (g > bound) bound = g;
    // Across B's slab: A's box projected on B's direction m, whose components in A's frame are R m.
    const sb = this.tb.slabs;
    const v = 5 * j;
    const px = sb[v],
      py = sb[v + 1],
      pz = sb[v + 2];
    const kx = R[0] * px + R[1] * py + R[2] * pz,
      ky = R[3] * px + R[4] * py + R[5] * pz,
      kz = R[6] * px + R[7] * py + R[8] * pz;
    const d = px * na[p] + py * na[p + 1] + pz * na[p + 2];
    const e = Math.abs(kx) * ac[p + 3] + Math.abs(ky) * ac[p + 4] + Math.abs(kz) * ac[p + 5];
    g = sb[v + 3] - d - e;
    h = d - e - sb[v + 4];
    if (h > g) g = h;
    if (g > bound) bound = g;
    S.bound[0] = bound;
  }

  /** The exact distance of facet fa of A and facet fb of B (B's vertices taken into A's frame). */
  facetPair(fa: number, fb: number): number {
    this.loadPair(fa, fb);
    return triangleDistance(S.tri, 0, 9, S.out);
  }

  /** Loads facet fa of A and facet fb of B (taken into A's frame) into the pair scratch. */
  loadPair(fa: number, fb: number): void {
    const T = S.tri;
    const pa = this.a.positions;
    const ia = this.a.indices;
    for (let k = 0; k < 3; k++) {
      const v = 3 * ia[3 * fa + k];
      T[3 * k] = pa[v];
      T[3 * k + 1] = pa[v + 1];
      T[3 * k + 2] = pa[v + 2];
    }
    const ib = this.b.indices;
    const vb = S.vb;
    for (let k = 0; k < 3; k++) {
      const w = ib[3 * fb + k];
      const v = 3 * w;
      if (S.vbStamp[w] !== S.stamp) {
        S.vbStamp[w] = S.stamp;
        const pb = this.b.positions;
        const R = S.R;
        const t = S.t;
        const x = pb[v],
          y = pb[v + 1],
          z = pb[v + 2];
        vb[v] = R[0] * x + R[1] * y + R[2] * z + t[0];
        vb[v + 1] = R[3] * x + R[4] * y + R[5] * z + t[1];
        vb[v + 2] = R[6] * x + R[7] * y + R[8] * z + t[2];
      }
      T[9 + 3 * k] = vb[v];
      T[10 + 3 * k] = vb[v + 1];
      T[11 + 3 * k] = vb[v + 2];
    }
  }
}
