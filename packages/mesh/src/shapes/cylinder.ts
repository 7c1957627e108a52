import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { Surface } from '../surface.js';
import { positiveFinite } from './shape-args.js';

/**
 * A closed cylinder about the z axis, centred on the origin: `segments` sides, capped at both ends
 * (fans about the cap centres), facing out. `4 · segments` facets.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a non-positive radius or height, or fewer
 *   than 3 segments.
 * @example
 * ```ts
 * import { cylinder } from '@firsttouch/mesh';
 * const c = cylinder(0.5, 2, 16);
 * console.log(c.facetCount, c.bounds().max[2]); // 64 1
 * ```
 */
export function cylinder(radius = 0.5, height = 1, segments = 32): Surface {
  if (!positiveFinite(radius) || !positiveFinite(height)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `cylinder: radius and height must be positive, got ${describeValue(radius)}, ${describeValue(height)}`,
    );
  }
  if (!Number.isInteger(segments) || segments < 3 || segments > 1e6) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `cylinder: segments must be an integer in [3, 1e6], got ${describeValue(segments)}`,
    );
  }
  const h = height / 2;
  const positions: number[] = [0, 0, -h, 0, 0, h];
  for (let i = 0; i < segments; i++) {
    const a = (2 * Math.PI * i) / segments;
    const x = radius * Math.cos(a);
    const y = radius * Math.sin(a);
    positions.push(x, y, -h, x, y, h);
  }
  const indices: number[] = [];
  for (let i = 0; i < segments; i++) {
    const j = (i + 1) % segments;
    const b0 = 2 + 2 * i,
      t0 = b0 + 1,
      b1 = 2 + 2 * j,
      t1 = b1 + 1;
    indices.push(b0, b1, t1, b0, t1, t0); // side
    indices.push(0, b1, b0); // bottom cap, facing −z
    indices.push(1, t0, t1); // top cap, facing +z
  }
  return Surface.fromIndexed(positions, indices);
}
