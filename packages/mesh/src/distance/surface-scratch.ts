import { TriangleWork } from '../geometry/triangle-work.js';
import { PairHeap } from '../tree/pair-heap.js';
import { PairStack } from '../tree/pair-stack.js';

/**
 * The scratch of a surface pair's searches: B's vertices, facet and node boxes (a refitted B) or node
 * RSS (a large B) taken into A's frame, filled lazily during an evaluation, with a stamp that says
 * which entries belong to the evaluation under way; the stack and heap of the descent; the facet
 * pair in hand and the pair routines' scratch. It grows to the bodies it meets and is kept, so a warm
 * evaluation allocates nothing. A `SurfacePair` owns one (the convenience `surfaceDistance` borrows a
 * pair, and so its scratch, from a pool).
 */
export class SurfaceScratch {
  stamp = 0;
  readonly stack = new PairStack();
  /** The frontier of a search without a hint (see `searchTrees`). */
  readonly heap = new PairHeap();
  /** The facet pair in hand: A's triangle (0..8), then B's in A's frame (9..17). */
  readonly tri = new Float64Array(18);
  /** `triangleDistance`'s answer: the two closest points, then 1 when the facets meet. */
  readonly out = new Float64Array(7);
  /** The pair routines' own scratch. */
  readonly work = new TriangleWork();
  /** The placement of this evaluation: a point x of B is at R x + t in A's frame. */
  readonly R = new Float64Array(9);
  readonly t = new Float64Array(3);
  vb = new Float64Array(0);
  vbStamp = new Uint32Array(0);
  /** B's RSS placed in A's grid (12 numbers a node: `placeRss`), when B is not refitted. */
  rp = new Float64Array(0);
  /** Where B's RSS grid origin lands in A's (`rssShift`), when B is not refitted. */
  readonly shift = new Float64Array(3);
  rpStamp = new Uint32Array(0);
  /** B's node boxes refitted in A's frame (min, max), when B is refitted. */
  rb = new Float64Array(0);
  /** B's facet boxes in A's frame (min, max), when B is refitted. */
  fb = new Float64Array(0);
  /** The box of the current facet of A (min, max). */
  readonly fa = new Float64Array(6);
  /**
   * The last node bound computed (at `GAP_BOUND`, and its direction for RSS: a float kept out of a
   * call's return, which would box it).
   */
  readonly bound = new Float64Array(4);
  /**
   * Two node pairs' bounds (or keys) on their way to `firstChild` and the pushes of a search, and
   * the two centre distances `firstChild` compares: floats kept out of calls' arguments and returns.
   */
  readonly keys = new Float64Array(2);
  readonly centres = new Float64Array(2);
  /** The slots of the selects of `refitB` (0 to 47), `refitBound` and `facetBoxGap2` (0 to 15), `facetBoxA` (18 to 35). */
  readonly pick = new Float64Array(48);

  /** Grows to the bodies of an evaluation and starts a new stamp. */
  prepare(verticesB: number, nodesB: number, facetsB: number): void {
    if (this.rb.length < 6 * nodesB) this.rb = new Float64Array(6 * nodesB);
    if (this.fb.length < 6 * facetsB) this.fb = new Float64Array(6 * facetsB);
    if (this.vbStamp.length < verticesB) {
      this.vb = new Float64Array(3 * verticesB);
      this.vbStamp = new Uint32Array(verticesB);
    }
    if (this.rpStamp.length < nodesB) {
      this.rp = new Float64Array(12 * nodesB);
      this.rpStamp = new Uint32Array(nodesB);
    }
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.vbStamp.fill(0);
      this.rpStamp.fill(0);
      this.stamp = 1;
    }
  }
}

/**
 * A bound found in floating point, lowered by the rounding it may carry (a few ulps of itself and of
 * the coordinates in play), so that it stays below the exact gap.
 */
export function shaved(bound: number, margin: number): number {
  return bound === Number.POSITIVE_INFINITY ? bound : Math.max(0, bound * (1 - 1e-12) - 2 * margin);
}

/**
 * How far from the origin a tree's root box reaches (the largest coordinate magnitudes, summed): the
 * placement-free part of the scale of rounding margins. Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { box } from '@firsttouch/mesh';
 * import { rootReach } from '@firsttouch/mesh/internal';
 * console.log(rootReach(box(2).translate([1, 0, 0]).tree().boxes)); // 4
 * ```
 */
export function rootReach(boxes: Float32Array): number {
  let s = 0;
  for (let a = 0; a < 3; a++) s += Math.max(Math.abs(boxes[a]), Math.abs(boxes[3 + a]));
  return s;
}
