/**
 * An axis-aligned bounding box in a shape's own frame: `min`, `max` (3 numbers in 3-D, 2 in 2-D) and
 * the length of its `diagonal`. A fresh copy each time it is asked for.
 *
 * @example
 * ```ts
 * import { cuboid } from '@firsttouch/convex';
 * const b = cuboid(1, 2, 2).bounds();
 * console.log(Array.from(b.max), b.diagonal); // [1, 2, 2] 6
 * ```
 */
export interface Bounds {
  /** The smallest coordinates. */
  min: Float64Array;
  /** The largest coordinates. */
  max: Float64Array;
  /** `|max − min|`. */
  diagonal: number;
}
