/**
 * A cheap lower bound of the distance between the triangles held in `T` at offsets `a` and `b`
 * (9 numbers each): the largest gap between their projections on three axes, the two face normals
 * and the line between their centroids. Projection on a unit axis shortens every distance, so each
 * gap is a lower bound; about 80 flops, against a microsecond for the exact routine.
 */
export function triangleGapBound(T: Float64Array, a: number, b: number): number {
  let best = axisGap(T, a, b, faceNormal(T, a, 0), faceNormal(T, a, 1), faceNormal(T, a, 2));
  const nbx = faceNormal(T, b, 0),
    nby = faceNormal(T, b, 1),
    nbz = faceNormal(T, b, 2);
  const g2 = axisGap(T, a, b, nbx, nby, nbz);
  if (g2 > best) best = g2;
  const cx = T[b] + T[b + 3] + T[b + 6] - T[a] - T[a + 3] - T[a + 6];
  const cy = T[b + 1] + T[b + 4] + T[b + 7] - T[a + 1] - T[a + 4] - T[a + 7];
  const cz = T[b + 2] + T[b + 5] + T[b + 8] - T[a + 2] - T[a + 5] - T[a + 8];
  const g3 = axisGap(T, a, b, cx, cy, cz);
  return g3 > best ? g3 : best;
}

/** Component `k` of the (unnormalised) normal of the triangle at offset `o`. */
function faceNormal(T: Float64Array, o: number, k: number): number {
  const i = (k + 1) % 3;
  const j = (k + 2) % 3;
  const ui = T[o + 3 + i] - T[o + i],
    uj = T[o + 3 + j] - T[o + j];
  const vi = T[o + 6 + i] - T[o + i],
    vj = T[o + 6 + j] - T[o + j];
  return ui * vj - uj * vi;
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
  const loA = Math.min(pa0, pa1, pa2),
    hiA = Math.max(pa0, pa1, pa2);
  const loB = Math.min(pb0, pb1, pb2),
    hiB = Math.max(pb0, pb1, pb2);
  const g = loB > hiA ? loB - hiA : loA > hiB ? loA - hiB : 0;
  return g > 0 ? g / Math.sqrt(nn) : 0;
}
