/**
 * The scratch of the triangle pair routines (`triangleDistance`, `triangleGapBound` and the exact
 * tests under them): small arrays through which their numbers pass instead of arguments (a double
 * passed to or returned from a call that is not inlined is boxed, and these run for every facet
 * pair). A search keeps one and passes it down; the exported routines borrow one from a pool.
 *
 * Not exported by the package's main entry (`@firsttouch/mesh/internal`).
 *
 * @example
 * ```ts
 * import { TriangleWork, triangleDistanceWith } from '@firsttouch/mesh/internal';
 * const T = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 1, 0, 2, 0, 1, 2]);
 * console.log(triangleDistanceWith(T, 0, 9, new Float64Array(7), new TriangleWork())); // 2
 * ```
 */
export class TriangleWork {
  /** The closest points of two segments and their squared distance (`segmentClosest3`). */
  readonly seg = new Float64Array(7);
  /** Where a segment crosses a triangle's plane, and whether it does (`segmentHitsTriangle`). */
  readonly cross = new Float64Array(4);
  /** A facet's normal and the offset of the vertex it was taken at (`facetNormal`). */
  readonly normal = new Float64Array(4);
  /** The axis of a gap bound (0..2), the gap along it (3) and its unit direction (4..6). */
  readonly axis = new Float64Array(7);
  /**
   * What the `…Io` routines take and give: the bound past which a gap routine may stop (0), and
   * the gap or distance it found (1).
   */
  readonly io = new Float64Array(2);
}
