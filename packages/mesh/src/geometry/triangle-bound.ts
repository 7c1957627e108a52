/**
 * A cheap lower bound of the distance between the triangles held in `T` at offsets `a` and `b`
 * (9 numbers each): the gap between their projections on an axis, tried on the line between their
 * centroids, then on the two face normals. Projection on a unit axis shortens every distance, so
 * each gap is a lower bound. It returns as soon as a gap exceeds `enough` (the caller only needs to
 * know that), else the largest gap; about 30 to 80 flops, against a microsecond for the exact routine.
 *
 * @example
 * ```ts
 * import { triangleGapBound } from '@firsttouch/mesh';
 * const T = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 1, 0, 2, 0, 1, 2]);
 * console.log(triangleGapBound(T, 0, 9)); // 2
 * ```
 */
export function triangleGapBound(
  T: Float64Array,
  a: number,
  b: number,
  enough = Number.POSITIVE_INFINITY,
): number {
  const cx = T[b] + T[b + 3] + T[b + 6] - T[a] - T[a + 3] - T[a + 6];
  const cy = T[b + 1] + T[b + 4] + T[b + 7] - T[a + 1] - T[a + 4] - T[a + 7];
  const cz = T[b + 2] + T[b + 5] + T[b + 8] - T[a + 2] - T[a + 5] - T[a + 8];
  let best = axisGap(T, a, b, cx, cy, cz);
  if (best > enough) return best;
  for (let k = 0; k < 2; k++) {
    const o = k === 0 ? a : b;
    const ux = T[o + 3] - T[o],
      uy = T[o + 4] - T[o + 1],
      uz = T[o + 5] - T[o + 2];
    const vx = T[o + 6] - T[o],
      vy = T[o + 7] - T[o + 1],
      vz = T[o + 8] - T[o + 2];
    const g = axisGap(T, a, b, uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
    if (g > best) {
      best = g;
      if (best > enough) return best;
    }
  }
  return best;
}

/** Gap between the projections of the two triangles on the axis (nx, ny, nz), normalised; 0 if none. */
function axisGap(T: Float64Array, a: number, b: number, nx: number, ny: number, nz: number): number {
  const nn = nx * nx + ny * ny + nz * nz;
  if (!(nn > 0)) return 0;
  const pa0 = nx * T[a] + ny * T[a + 1] + nz * T[a + 2];
  const pa1 = nx * T[a + 3] + ny * T[a + 4] + nz * T[a + 5];
  const pa2 = nx * T[a + 6] + ny * T[a + 7] + nz * T[a + 8];
  const pb0 = nx * T[b] + ny * T[b + 1] + nz * T[b + 2];
  const pb1 = nx * T[b + 3] + ny * T[b + 4] + nz * T[b + 5];
  const pb2 = nx * T[b + 6] + ny * T[b + 7] + nz * T[b + 8];
  const hiA = pa0 > pa1 ? (pa0 > pa2 ? pa0 : pa2) : pa1 > pa2 ? pa1 : pa2;
  const loB = pb0 < pb1 ? (pb0 < pb2 ? pb0 : pb2) : pb1 < pb2 ? pb1 : pb2;
  if (loB > hiA) return (loB - hiA) / Math.sqrt(nn);
  const loA = pa0 < pa1 ? (pa0 < pa2 ? pa0 : pa2) : pa1 < pa2 ? pa1 : pa2;
  const hiB = pb0 > pb1 ? (pb0 > pb2 ? pb0 : pb2) : pb1 > pb2 ? pb1 : pb2;
  return loA > hiB ? (loA - hiB) / Math.sqrt(nn) : 0;
}
