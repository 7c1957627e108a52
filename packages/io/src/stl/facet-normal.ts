/**
 * The unit normal of facet `f` (right-handed in its vertex order) into `out[0..2]`, computed in
 * float64; `(0, 0, 0)` for a degenerate facet. Readers ignore stored normals, but other programs
 * read them, so the writers store true ones.
 */
export function facetNormal(
  positions: Float64Array,
  indices: Uint32Array,
  f: number,
  out: Float64Array,
): void {
  const a = 3 * indices[3 * f];
  const b = 3 * indices[3 * f + 1];
  const c = 3 * indices[3 * f + 2];
  const ux = positions[b] - positions[a];
  const uy = positions[b + 1] - positions[a + 1];
  const uz = positions[b + 2] - positions[a + 2];
  const vx = positions[c] - positions[a];
  const vy = positions[c + 1] - positions[a + 1];
  const vz = positions[c + 2] - positions[a + 2];
  const nx = uy * vz - uz * vy;
  const ny = uz * vx - ux * vz;
  const nz = ux * vy - uy * vx;
  const len = Math.hypot(nx, ny, nz);
  // A zero length is a degenerate facet; an infinite one, coordinates near the float64 limit.
  if (len > 0 && Number.isFinite(len)) {
    // + 0 writes a zero component as 0, not −0.
    out[0] = nx / len + 0;
    out[1] = ny / len + 0;
    out[2] = nz / len + 0;
  } else {
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
  }
}
