import { FirstTouchError } from '@firsttouch/pose';
import { Surface } from '../surface.js';

/**
 * A closed box centred on the origin, edges `size` long (a number for a cube, or `[sx, sy, sz]`),
 * each face split into `subdivisions × subdivisions` squares of two triangles, facets facing out.
 * `box(0.04, 2)` is the tutorial's pebble: 48 facets.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a non-positive size or a subdivision count
 *   that is not an integer in [1, 1000].
 * @example
 * ```ts
 * import { box } from '@firsttouch/mesh';
 * const pebble = box(0.04, 2);
 * console.log(pebble.facetCount, pebble.bounds().max[0]); // 48 0.02
 * ```
 */
export function box(size: number | ArrayLike<number> = 1, subdivisions = 1): Surface {
  const s = typeof size === 'number' ? [size, size, size] : Array.from(size);
  if (s.length !== 3 || s.some((x) => !(x > 0) || !Number.isFinite(x))) {
    throw new FirstTouchError('INVALID_OPTION', `box: size must be positive and finite, got ${String(size)}`);
  }
  if (!Number.isInteger(subdivisions) || subdivisions < 1 || subdivisions > 1000) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `box: subdivisions must be an integer in [1, 1000], got ${subdivisions}`,
    );
  }
  const n = subdivisions;
  const h = s.map((x) => x / 2);
  const xyz: number[] = [];
  // Each face: the axis it faces along, its sign; (u, v) span it so that u × v points outward.
  for (let axis = 0; axis < 3; axis++) {
    for (const sign of [1, -1]) {
      const u = (axis + (sign > 0 ? 1 : 2)) % 3;
      const v = (axis + (sign > 0 ? 2 : 1)) % 3;
      const corner = (i: number, j: number): number[] => {
        const p = [0, 0, 0];
        p[axis] = sign * h[axis];
        p[u] = -h[u] + (2 * h[u] * i) / n;
        p[v] = -h[v] + (2 * h[v] * j) / n;
        return p;
      };
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const a = corner(i, j);
          const b = corner(i + 1, j);
          const c = corner(i + 1, j + 1);
          const d = corner(i, j + 1);
          xyz.push(...a, ...b, ...c, ...a, ...c, ...d);
        }
      }
    }
  }
  return Surface.fromTriangles(xyz);
}
