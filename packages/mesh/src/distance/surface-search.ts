import { type ConvexSurface, convexSurface } from '../convex/convex-surface.js';
import { hullCovered } from '../convex/hull-covered.js';
import { TRIANGLE_MEET, triangleDistanceWith } from '../geometry/triangle-distance.js';
import type { Surface } from '../surface.js';
import type { BoundingTree } from '../tree/build.js';
import { rssOf } from '../tree/rss.js';
import { RSS_C, RSS_STRIDE, type RssVolumes } from '../tree/rss-layout.js';
import { placeRss, rssGap, rssShift } from '../tree/rss-place.js';
import { ExactGaps } from './exact-gaps.js';
import { HullSearchScratch } from './hull-search-scratch.js';
import { SurfaceCandidates } from './surface-candidates.js';
import { placedBox, refitB, refitBound } from './surface-refit.js';
import { rootReach, SurfaceScratch } from './surface-scratch.js';

/** What `rssA` and `rssB` hold while B is refitted (never read then). */
const NO_RSS: RssVolumes = Object.freeze({
  data: new Int16Array(0),
  sizes: new Uint16Array(0),
  origin: new Float64Array(0),
  step: 1,
  byteLength: 0,
});
const EMPTY64 = new Float64Array(0);

/** B is refitted when its tree has at most this share of the nodes of A's, plus {@link REFIT_FLOOR}: past it, refitting costs what it saves (DECISIONS.md). */
const REFIT_RATIO = 0.25;
/** Small bodies are always refitted: the pass costs less than one loose box pair. */
const REFIT_FLOOR = 256;

/**
 * Whether B (tree `tb`) is refitted in A's frame (tree `ta`) at each evaluation, exact boxes from its
 * placed vertices, rather than bounded by its RSS: the distance query's choice by B's size, which
 * the directional step makes alike. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { box, icosphere } from '@firsttouch/mesh';
 * import { refitsB } from '@firsttouch/mesh/internal';
 * console.log(refitsB(icosphere(1, 4).tree(), box(1).tree()), refitsB(box(1).tree(), icosphere(1, 4).tree())); // true false
 * ```
 */
export function refitsB(ta: BoundingTree, tb: BoundingTree): boolean {
  return tb.nodeCount <= REFIT_RATIO * ta.nodeCount + REFIT_FLOOR;
}

/**
 * A refitted convex B of at most this many distinct vertices is searched against A facet by facet
 * through its hull (`searchHull`; the directional step clears A's facets against it alike): each GJK
 * bound scans B's vertices. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { HULL_POINTS } from '@firsttouch/mesh/internal';
 * console.log(HULL_POINTS); // 128
 * ```
 */
export const HULL_POINTS = 128;

/**
 * What the searches of a `SurfacePair` share: the two surfaces and their trees, the scratch (the
 * placement of this evaluation, B placed in A's frame), the node bound, and the closest pair found.
 * Numbers of an evaluation live in fields rather than arguments (doubles passed to a call are boxed).
 */
export class SurfaceSearch {
  a!: Surface;
  b!: Surface;
  ta!: BoundingTree;
  tb!: BoundingTree;
  /** The scratch of the searches, grown to the bodies met and kept. */
  readonly s = new SurfaceScratch();
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
  /** Where the surfaces cross, the first crossing pair met will do (`SurfacePair.anyCrossing`). */
  anyCrossing = false;
  lowestPruned = 0.5;
  volumePairs = 0;
  facetPairs = 0;
  /** The RSS of A's and B's nodes, when B is not refitted (built on first use, kept with the trees). */
  rssA: RssVolumes = NO_RSS;
  rssB: RssVolumes = NO_RSS;
  /**
   * B is refitted, small, and its facets cover the boundary of its vertex hull exactly (`hullCovered`):
   * the hull search (`searchHull`, unless `SurfacePair.hull` is off) bounds each facet of A against
   * that hull. Then `convexB` is B's convex-path data. Decided by {@link hullSearch} when a search
   * first asks, not at `bind`: a pair answered by the convex path alone never needs it.
   */
  useHull = false;
  #hullDecided = false;
  convexB: ConvexSurface | undefined;
  /** B's box in its own frame (`bounds()`: min, max), when the hull search is on. */
  readonly ownBoxB = new Float64Array(6);
  /** B's facet boxes in its own frame (min, max; 6 numbers a facet), when the hull search is on. */
  ownFacetBoxesB: Float64Array = EMPTY64;
  readonly candidates = new SurfaceCandidates();
  /** The exact gaps of a search from the candidates (for `lowerBound`). */
  readonly gaps = new ExactGaps();
  /** The hull search's scratch, made on its first use. */
  #hull: HullSearchScratch | undefined;

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
    this.refit = refitsB(this.ta, this.tb);
    if (!this.refit) {
      this.rssA = rssOf(a);
      this.rssB = rssOf(b);
    }
    this.reachA = rootReach(this.ta.boxes);
    this.reachB = rootReach(this.tb.boxes);
    this.candidates.forget();
    this.useHull = false;
    this.convexB = undefined;
    this.#hullDecided = false;
  }

  /** The hull search's scratch (made on first use, kept). */
  hullScratch(): HullSearchScratch {
    if (this.#hull === undefined) this.#hull = new HullSearchScratch();
    return this.#hull;
  }

  /**
   * Drops the surfaces and everything derived from them (trees, RSS, convex data), keeping the
   * scratch: what a pool does before it keeps the search. `bind` it again before the next search.
   */
  unbind(): void {
    this.a = undefined!;
    this.b = undefined!;
    this.ta = undefined!;
    this.tb = undefined!;
    this.rssA = NO_RSS;
    this.rssB = NO_RSS;
    this.convexB = undefined;
    this.ownFacetBoxesB = EMPTY64;
    this.useHull = false;
    this.#hullDecided = false;
    this.candidates.forget();
    this.#hull?.unbind();
  }

  /** Whether the hull search applies to the bound pair ({@link useHull}), decided on first call after `bind`. */
  hullSearch(): boolean {
    if (this.#hullDecided) return this.useHull;
    this.#hullDecided = true;
    if (this.refit) {
      const b = this.b;
      const cb = convexSurface(b);
      // Its facets must cover its hull exactly: the search prunes with gaps to the hull.
      if (cb.convex && cb.count <= HULL_POINTS && hullCovered(b, cb)) {
        this.useHull = true;
        this.convexB = cb;
        this.ownBoxB.set(ownBox(b));
        this.ownFacetBoxesB = ownFacetBoxes(b);
      }
    }
    return this.useHull;
  }

  /**
   * Stores the placement (a point x of B at R x + t in A's frame) and the rounding margin, and refits
   * a refitted B; for the hull search (`nodes` false), which reads B's root box alone, only that box,
   * from B's distinct vertices (its facets' vertices are placed as the pairs reach them).
   */
  begin(R: Float64Array, t: Float64Array, nodes = true): void {
    this.place(R, t);
    if (this.refit && nodes) refitB(this.b, this.tb, this.s);
    else if (this.refit) placedBox(this.convexB!.points, this.s);
    const scale = Math.abs(t[0]) + Math.abs(t[1]) + Math.abs(t[2]) + this.reachA + this.reachB;
    this.margin = 1e-13 * scale;
  }

  /** Stores the placement only, for facet pairs taken one by one (B's vertices placed as they come). */
  place(R: Float64Array, t: Float64Array): void {
    const s = this.s;
    s.R.set(R);
    s.t.set(t);
    if (!this.refit) rssShift(this.rssA, this.rssB, R, t, s.shift);
    s.prepare(this.b.vertexCount, this.tb.nodeCount, this.b.facetCount);
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
    if (this.s.out[TRIANGLE_MEET] === 1) this.intersecting = true;
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
    const o = this.s.out;
    this.pointA[0] = o[0];
    this.pointA[1] = o[1];
    this.pointA[2] = o[2];
    this.pointB[0] = o[3];
    this.pointB[1] = o[4];
    this.pointB[2] = o[5];
  }

  /**
   * Whether the descent searches the child pair (a1, b1), of bound l1, before (a2, b2), of bound l2
   * (the two bounds in `s.keys[0]` and `s.keys[1]`: floats passed to a call that is not inlined are
   * boxed, and this runs for most node pairs).
   * With RSS (a large B), the pair whose centres are closer: near the roots the bounds are 0 or far
   * below the gap, and the smaller bound led the first leaves to gaps about 3 times the answer (the
   * node pairs it saves are in DECISIONS.md). Boxes (a refitted B): the smaller bound, ties to the
   * closer centres.
   * The search and the rebuilding of its order (`lowerBound` of `evaluateMoved`) both ask here.
   */
  firstChild(a1: number, b1: number, a2: number, b2: number): boolean {
    const c = this.s.centres;
    if (this.refit) {
      const l1 = this.s.keys[0];
      const l2 = this.s.keys[1];
      if (l1 < l2) return true;
      if (l1 !== l2) return false;
    }
    this.centres2Into(a1, b1, 0);
    this.centres2Into(a2, b2, 1);
    return c[0] <= c[1];
  }

  /**
   * Squared distance between the centres of node i of A and node j of B (B's taken into A's frame),
   * into `s.centres[k]` (a float returned from a call that is not inlined is boxed).
   */
  centres2Into(i: number, j: number, k: number): void {
    this.s.centres[k] = this.#centres2(i, j);
  }

  #centres2(i: number, j: number): number {
    if (!this.refit) {
      // The RSS centres (B's placed by the bound of this pair, which always comes first).
      const va = this.rssA.data;
      const h = this.rssA.step;
      const o = RSS_STRIDE * i + RSS_C;
      const p = 12 * j + 6;
      const rp = this.s.rp;
      return (rp[p] - va[o] * h) ** 2 + (rp[p + 1] - va[o + 1] * h) ** 2 + (rp[p + 2] - va[o + 2] * h) ** 2;
    }
    const ba = this.ta.boxes;
    const p = 6 * i;
    const c = this.s.rb;
    const o = 6 * j;
    return (
      (0.5 * (c[o] + c[o + 3]) - 0.5 * (ba[p] + ba[p + 3])) ** 2 +
      (0.5 * (c[o + 1] + c[o + 4]) - 0.5 * (ba[p + 1] + ba[p + 4])) ** 2 +
      (0.5 * (c[o + 2] + c[o + 5]) - 0.5 * (ba[p + 2] + ba[p + 5])) ** 2
    );
  }

  /**
   * Lower bound of the gap between node i of A and node j of B into `s.bound[0]` (a float returned
   * from a call that is not inlined is boxed, and this runs for every node pair). A refitted B: its
   * exact boxes in A's frame against A's boxes. Otherwise the two nodes' RSS, B's placed in
   * A's frame once an evaluation (far fewer node pairs than turned boxes and slabs on a large B; against
   * a refitted small B the RSS lose: DECISIONS.md).
   *
   * Rounding: every number of the RSS decodes exactly (integers times powers of two) and each volume
   * contains its vertices as decoded, so only the arithmetic rounds: placing B's centre and axes (a
   * few ulps of |t|, both grid origins and |c_B|, all within the root reaches), D = c_B − c_A, the
   * dot products and the division by |u| (a few ulps of |D| and of the half-lengths), the radii's
   * sum, R's departure from a rotation (a few ulps of B's extents), and the placement of B's
   * vertices the facet pairs are measured on (a few ulps of |t| + |x|). All
   * are some tens of ulps of the coordinates in play, |t|₁ plus both root reaches (an RSS centre lies
   * within a node's extent of its vertices), while the search's `margin` is 1e-13 of them, about 450
   * ulps: a bound less the margin stays below the gap the search measures.
   */
  nodeBound(i: number, j: number): void {
    const s = this.s;
    if (this.refit) {
      refitBound(this.ta.boxes, i, j, s);
      return;
    }
    if (s.rpStamp[j] !== s.stamp) {
      s.rpStamp[j] = s.stamp;
      placeRss(this.rssB, j, s.R, s.shift, s.rp);
    }
    rssGap(this.rssA, i, s.rp, j, s.bound);
  }

  /** The exact distance of facet fa of A and facet fb of B (B's vertices taken into A's frame). */
  facetPair(fa: number, fb: number): number {
    this.loadPair(fa, fb);
    const s = this.s;
    return triangleDistanceWith(s.tri, 0, 9, s.out, s.work);
  }

  /** Loads facet fa of A and facet fb of B (taken into A's frame) into the pair scratch. */
  loadPair(fa: number, fb: number): void {
    this.loadA(fa);
    this.loadB(fb);
  }

  /** Loads facet fa of A into the pair scratch (the first triangle: it stays while B's change). */
  loadA(fa: number): void {
    const T = this.s.tri;
    const pa = this.a.positions;
    const ia = this.a.indices;
    for (let k = 0; k < 3; k++) {
      const v = 3 * ia[3 * fa + k];
      T[3 * k] = pa[v];
      T[3 * k + 1] = pa[v + 1];
      T[3 * k + 2] = pa[v + 2];
    }
  }

  /** Loads facet fb of B, taken into A's frame, into the pair scratch (the second triangle). */
  loadB(fb: number): void {
    const s = this.s;
    const T = s.tri;
    const ib = this.b.indices;
    const vb = s.vb;
    for (let k = 0; k < 3; k++) {
      const w = ib[3 * fb + k];
      const v = 3 * w;
      if (s.vbStamp[w] !== s.stamp) {
        s.vbStamp[w] = s.stamp;
        const pb = this.b.positions;
        const R = s.R;
        const t = s.t;
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

/** The box of each facet of a surface in its own frame (min, max), computed once and kept with it. */
/**
 * The surface's box in its own frame (min, max), kept: `bounds()` copies its arrays for a caller, and
 * a pair bound afresh for each query (the world's searches) decided the hull search each time.
 */
function ownBox(b: Surface): Float64Array {
  let box = b.kept.ownBox;
  if (box) return box;
  const own = b.bounds();
  box = new Float64Array(6);
  box.set(own.min);
  box.set(own.max, 3);
  b.kept.ownBox = box;
  return box;
}

function ownFacetBoxes(b: Surface): Float64Array {
  let boxes = b.kept.ownFacetBoxes;
  if (boxes) return boxes;
  boxes = new Float64Array(6 * b.facetCount);
  const p = b.positions;
  const ix = b.indices;
  for (let f = 0; f < b.facetCount; f++) {
    for (let k = 0; k < 3; k++) {
      const x = p[3 * ix[3 * f] + k],
        y = p[3 * ix[3 * f + 1] + k],
        z = p[3 * ix[3 * f + 2] + k];
      boxes[6 * f + k] = Math.min(x, y, z);
      boxes[6 * f + k + 3] = Math.max(x, y, z);
    }
  }
  b.kept.ownFacetBoxes = boxes;
  return boxes;
}

declare module '../surface.js' {
  interface SurfaceKept {
    /** The surface's box in its own frame (min, max: the hull search's). */
    ownBox?: Float64Array;
    /** The box of each facet in the surface's own frame (the hull search's). */
    ownFacetBoxes?: Float64Array;
  }
}
