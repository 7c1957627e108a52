import { diagonalOf } from './scale.js';

/**
 * An axis-aligned bounding box: `min`, `max` and the length of its `diagonal`.
 *
 * @example
 * ```ts
 * import { Surface } from '@firsttouch/mesh';
 * const b = Surface.fromTriangles(new Float64Array([0, 0, 0, 1, 0, 0, 0, 2, 2])).bounds();
 * console.log(Array.from(b.max), b.diagonal.toFixed(4)); // [1, 2, 2] 3.0000
 * ```
 */
export interface Bounds {
  /** The smallest coordinates (3 in 3-D, 2 in 2-D). */
  min: Float64Array;
  /** The largest coordinates. */
  max: Float64Array;
  /** `|max − min|`. */
  diagonal: number;
}

/** The bounds of a flat array of points of `dim` coordinates each (the caller checks non-emptiness). */
export function boundsOf(points: Float64Array, dim: 2 | 3): Bounds {
  const min = new Float64Array(dim).fill(Number.POSITIVE_INFINITY);
  const max = new Float64Array(dim).fill(Number.NEGATIVE_INFINITY);
  for (let i = 0; i < points.length; i += dim) {
    for (let a = 0; a < dim; a++) {
      const x = points[i + a];
      if (x < min[a]) min[a] = x;
      if (x > max[a]) max[a] = x;
    }
  }
  return {
    min,
    max,
    diagonal: diagonalOf(max[0] - min[0], max[1] - min[1], dim === 3 ? max[2] - min[2] : 0),
  };
}
