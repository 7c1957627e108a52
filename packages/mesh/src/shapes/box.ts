import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { Surface } from '../surface.js';
import { positiveFinite } from './shape-args.js';

/**
 * A closed box centred on the origin, edges `size` long (a number for a cube, or `[sx, sy, sz]`),
 * each face split into `subdivisions × subdivisions` squares of two triangles, facets facing out,
 * corners shared (6n² + 2 vertices). `box(0.04, 2)` is the tutorial's pebble: 48 facets, 26 vertices.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a non-positive size or a subdivision count
 *   that is not an integer in [1, 1000].
 * @example
 * ```ts
 * import { box } from '@firsttouch/mesh';
 * const pebble = box(0.04, 2);
 * console.log(pebble.facetCount, pebble.vertexCount, pebble.bounds().max[0]); // 48 26 0.02
 * ```
 */
export function box(size: number | ArrayLike<number> = 1, subdivisions = 1): Surface {
  const s: unknown[] =
    typeof size === 'number'
      ? [size, size, size]
      : typeof size === 'object' && size !== null && typeof size.length === 'number'
        ? Array.from(size)
        : [];
  if (s.length !== 3 || !s.every(positiveFinite)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `box: size must be positive and finite (a number or three), got ${typeof size === 'number' ? describeValue(size) : s.length === 3 ? `[${s.map(describeValue).join(', ')}]` : describeValue(size)}`,
    );
  }
  if (!Number.isInteger(subdivisions) || subdivisions < 1 || subdivisions > 1000) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `box: subdivisions must be an integer in [1, 1000], got ${describeValue(subdivisions)}`,
    );
  }
  const n = subdivisions;
  const h = (s as number[]).map((x) => x / 2);
  // Grid coordinate i of n along an axis of half-length e: both ends exact, so that the faces meet.
  const at = (e: number, i: number): number => (i === n ? e : -e + (2 * e * i) / n);
  const positions = new Float64Array(3 * (6 * n * n + 2));
  const indices = new Uint32Array(36 * n * n);
  // A point on a face's border belongs to two or three faces: numbered once, by its grid cell.
  const border = new Map<number, number>();
  let count = 0;
  let f = 0;
  const grid = new Uint32Array((n + 1) * (n + 1));
  const cell = [0, 0, 0];
  // Each face: the axis it faces along, its sign; (u, v) span it so that u × v points outward.
  for (let axis = 0; axis < 3; axis++) {
    for (const sign of [1, -1]) {
      const u = (axis + (sign > 0 ? 1 : 2)) % 3;
      const v = (axis + (sign > 0 ? 2 : 1)) % 3;
      cell[axis] = sign > 0 ? n : 0;
      for (let i = 0; i <= n; i++) {
        for (let j = 0; j <= n; j++) {
          cell[u] = i;
          cell[v] = j;
          const onBorder = i === 0 || i === n || j === 0 || j === n;
          const key = (cell[0] * (n + 1) + cell[1]) * (n + 1) + cell[2];
          let k = onBorder ? border.get(key) : undefined;
          if (k === undefined) {
            k = count++;
            if (onBorder) border.set(key, k);
            positions[3 * k + axis] = sign * h[axis];
            positions[3 * k + u] = at(h[u], i);
            positions[3 * k + v] = at(h[v], j);
          }
          grid[i * (n + 1) + j] = k;
        }
      }
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const a = grid[i * (n + 1) + j];
          const b = grid[(i + 1) * (n + 1) + j];
          const c = grid[(i + 1) * (n + 1) + j + 1];
          const d = grid[i * (n + 1) + j + 1];
          indices[f++] = a;
          indices[f++] = b;
          indices[f++] = c;
          indices[f++] = a;
          indices[f++] = c;
          indices[f++] = d;
        }
      }
    }
  }
  return Surface.fromIndexed(positions, indices);
}
