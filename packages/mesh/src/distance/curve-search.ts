import type { Curve } from '../curve.js';
import {
  SEGMENT_DISTANCE,
  SEGMENT_LIMIT,
  SEGMENT_MEET,
  segmentPairDistance2,
} from '../geometry/segment-distance2.js';
import type { BoundingTree } from '../tree/build.js';
import { PairHeap } from '../tree/pair-heap.js';
import { PairStack } from '../tree/pair-stack.js';
import { CandidateList } from './curve-candidates.js';
import { loadSegment } from './curve-segment-load.js';

/**
 * Segment pairs up to which the search runs over the flat lists of segments, each pair behind a
 * test of its two segment boxes, rather than down the two trees (DECISIONS.md). Small
 * curves (convex polygons of a physics engine) never build a tree.
 */
const FLAT_PAIRS = 256;

/** Vertices of B up to which all of them are taken into A's frame at once (else on first use). */
const EAGER_VERTICES = 512;

const NO_SCRATCH = /* @__PURE__ */ new Float64Array(0);
const NO_STAMPS = /* @__PURE__ */ new Uint32Array(0);

/**
 * What the searches of a `CurvePair` share: the two curves, B placed in A's frame for this
 * evaluation, the scratch, and the closest pair found so far. Numbers of an evaluation live in
 * fields rather than arguments (doubles passed to a call are boxed).
 */
export class CurveSearch {
  a!: Curve;
  b!: Curve;
  /** The search runs over the flat segment lists (no trees). */
  flat = true;
  ta: BoundingTree | undefined;
  tb: BoundingTree | undefined;
  /** B's vertices in A's frame. */
  vb: Float64Array = NO_SCRATCH;
  vbStamp: Uint32Array = NO_STAMPS;
  /** All of B's vertices are placed at the start of an evaluation (no stamps). */
  eager = true;
  /** B's segment boxes in A's frame (flat search). */
  sb: Float64Array = NO_SCRATCH;
  /** B's node boxes in A's frame, centre and half size (tree search). */
  nb: Float64Array = NO_SCRATCH;
  nbStamp: Uint32Array = NO_STAMPS;
  stamp = 0;
  readonly candidates = new CandidateList();
  /** The bound of the pairs left out of the candidates, less how far B moved since. */
  outsideNow = Number.NEGATIVE_INFINITY;
  margin = 0.5;
  maxDistance = Number.POSITIVE_INFINITY;
  /** The last closest pair, searched first. */
  hintA = -1;
  hintB = -1;
  /**
   * The closest pair: its gap, segments, and whether some pair intersects (the searches keep their
   * own copies in locals while they run, and write them back at the end).
   */
  best = 0.5;
  bestA = -1;
  bestB = -1;
  intersecting = false;
  volumePairs = 0;
  segmentPairs = 0;
  /** The lowest bound, or exact gap above the best, among what was left out (for `beyond`). */
  lowest = 0.5;
  /** The last node bound (tree search). */
  bound = 0.5;
  readonly stack = new PairStack();
  /** The frontier of a search without a hint (see `searchTrees`). */
  readonly heap = new PairHeap();
  /** A segment pair and its limit, then the answer (see `segmentPairDistance2`). */
  readonly seg = new Float64Array(9);
  readonly out = new Float64Array(6);
  /** The part of the rounding scale that does not depend on the placement. */
  reach = 0;
  c = 1;
  s = 0;
  tu = 0;
  tv = 0;

  /** The closest points are written into the caller's `pointA` and `pointB`. */
  constructor(
    readonly pointA: Float64Array,
    readonly pointB: Float64Array,
  ) {}

  /** Points the search at two curves, keeping the scratch where it is large enough. */
  bind(a: Curve, b: Curve): void {
    this.a = a;
    this.b = b;
    this.candidates.forget();
    this.reach = a.extent().reach + b.extent().reach;
    this.flat = a.segmentCount * b.segmentCount <= FLAT_PAIRS;
    const nv = b.positions.length;
    this.eager = this.flat || nv / 2 <= EAGER_VERTICES;
    if (this.vb.length < nv) this.vb = new Float64Array(nv);
    if (this.flat) {
      this.ta = undefined;
      this.tb = undefined;
      a.segmentBoxes();
      if (this.sb.length < 4 * b.segmentCount) this.sb = new Float64Array(4 * b.segmentCount);
      return;
    }
    this.ta = a.tree();
    this.tb = b.tree();
    this.stamp = 0;
    if (!this.eager) {
      if (this.vbStamp.length < nv / 2) this.vbStamp = new Uint32Array(nv / 2);
      else this.vbStamp.fill(0);
    }
    const nodes = this.tb.nodeCount;
    if (this.nbStamp.length < nodes) {
      this.nb = new Float64Array(4 * nodes);
      this.nbStamp = new Uint32Array(nodes);
    } else this.nbStamp.fill(0);
  }

  /** Drops the curves and their trees, keeping the scratch (what a pool does before it keeps the search). */
  unbind(): void {
    this.a = undefined!;
    this.b = undefined!;
    this.ta = undefined;
    this.tb = undefined;
    this.candidates.forget();
  }

  /** Stores the placement and the rounding margin of this evaluation. */
  begin(c: number, s: number, tu: number, tv: number): void {
    this.c = c;
    this.s = s;
    this.tu = tu;
    this.tv = tv;
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.vbStamp.fill(0);
      this.nbStamp.fill(0);
      this.stamp = 1;
    }
    if (this.eager) {
      const pb = this.b.positions;
      const vb = this.vb;
      for (let v = 0; v < pb.length; v += 2) {
        const x = pb[v],
          y = pb[v + 1];
        vb[v] = c * x - s * y + tu;
        vb[v + 1] = s * x + c * y + tv;
      }
    }
    // Every float gap and box bound carries a few ulps of the coordinates in play; a bound is trusted
    // to prune only when it clears the best gap by far more than that.
    this.margin = 1e-13 * (Math.abs(tu) + Math.abs(tv) + this.reach);
  }

  /** Takes B's vertex `w` into A's frame unless done in this evaluation. */
  place(w: number): void {
    if (this.vbStamp[w] === this.stamp) return;
    this.vbStamp[w] = this.stamp;
    const pb = this.b.positions;
    const v = 2 * w;
    const x = pb[v],
      y = pb[v + 1];
    this.vb[v] = this.c * x - this.s * y + this.tu;
    this.vb[v + 1] = this.s * x + this.c * y + this.tv;
  }

  /** Takes the two vertices of B's segment `sb` into A's frame unless done in this evaluation. */
  placeSegment(sb: number): void {
    const ib = this.b.indices;
    const wp = ib[2 * sb];
    const wq = ib[2 * sb + 1];
    if (this.vbStamp[wp] !== this.stamp) this.place(wp);
    if (this.vbStamp[wq] !== this.stamp) this.place(wq);
  }

  /**
   * Starts the closest pair afresh (nothing within `maxDistance`), then evaluates the hint pair when it
   * is a pair of these curves: its exact gap is the first best, and prunes from the start.
   */
  seed(): void {
    this.best = this.maxDistance;
    this.bestA = -1;
    this.bestB = -1;
    this.intersecting = false;
    this.segmentPairs = 0;
    this.lowest = Number.POSITIVE_INFINITY;
    const hintA = this.hintA;
    const hintB = this.hintB;
    if (!(hintA >= 0 && hintA < this.a.segmentCount && hintB >= 0 && hintB < this.b.segmentCount)) return;
    const seg = this.seg;
    const out = this.out;
    if (!this.eager) this.placeSegment(hintB);
    loadSegment(seg, 0, this.a.positions, this.a.indices, hintA);
    loadSegment(seg, 4, this.vb, this.b.indices, hintB);
    seg[SEGMENT_LIMIT] = Number.POSITIVE_INFINITY;
    segmentPairDistance2(seg, out);
    // Nothing is the best yet: the hint becomes it when within `maxDistance`; beyond, its gap bounds.
    const d = out[SEGMENT_DISTANCE];
    this.segmentPairs = 1;
    if (out[SEGMENT_MEET] === 1) this.intersecting = true;
    if (d > this.best) this.lowest = d;
    else if (d <= this.best) this.take(hintA, hintB);
  }

  /** Ends a search with its counters (the best taken, `lowest` written). */
  finish(intersecting: boolean, volumePairs: number, segmentPairs: number): void {
    this.intersecting = intersecting;
    this.volumePairs = volumePairs;
    this.segmentPairs = segmentPairs;
  }

  /**
   * Makes the pair (sa, sb) just evaluated into `out` the best (a call apart from the search loops:
   * rare there, and the loops keep their own copy of the best in locals).
   */
  take(sa: number, sb: number): void {
    const out = this.out;
    this.best = out[SEGMENT_DISTANCE];
    this.bestA = sa;
    this.bestB = sb;
    this.pointA[0] = out[0];
    this.pointA[1] = out[1];
    this.pointB[0] = out[2];
    this.pointB[1] = out[3];
  }
}
