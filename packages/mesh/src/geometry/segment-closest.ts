/**
 * Closest points of the segments `P0P1` and `Q0Q1` in 3-D (degenerate segments allowed), their
 * endpoints read from `T` at offsets `p0`, `p1`, `q0`, `q1`. Writes the two points into
 * `out[0..2]` (on the first segment) and `out[3..5]` (on the second), and the squared distance into
 * `out[6]`. Clamped parametric solution (Ericson, Real-Time Collision Detection, 5.1.9). Offsets in,
 * results out through the array: no float crosses the call, so none is boxed on the hot path.
 */
export function segmentClosest3(
  T: Float64Array,
  i0: number,
  i1: number,
  j0: number,
  j1: number,
  out: Float64Array,
): void {
  const p0x = T[i0],
    p0y = T[i0 + 1],
    p0z = T[i0 + 2];
  const p1x = T[i1],
    p1y = T[i1 + 1],
    p1z = T[i1 + 2];
  const q0x = T[j0],
    q0y = T[j0 + 1],
    q0z = T[j0 + 2];
  const q1x = T[j1],
    q1y = T[j1 + 1],
    q1z = T[j1 + 2];
  const d1x = p1x - p0x,
    d1y = p1y - p0y,
    d1z = p1z - p0z;
  const d2x = q1x - q0x,
    d2y = q1y - q0y,
    d2z = q1z - q0z;
  const rx = p0x - q0x,
    ry = p0y - q0y,
    rz = p0z - q0z;
  const a = d1x * d1x + d1y * d1y + d1z * d1z;
  const e = d2x * d2x + d2y * d2y + d2z * d2z;
  const f = d2x * rx + d2y * ry + d2z * rz;
  let s: number;
  let t: number;
  if (a === 0 && e === 0) {
    s = 0;
    t = 0;
  } else if (a === 0) {
    s = 0;
    t = clamp01(f / e);
  } else {
    const c = d1x * rx + d1y * ry + d1z * rz;
    if (e === 0) {
      t = 0;
      s = clamp01(-c / a);
    } else {
      const b = d1x * d2x + d1y * d2y + d1z * d2z;
      const denom = a * e - b * b;
      s = denom > 0 ? clamp01((b * f - c * e) / denom) : 0;
      const tnom = b * s + f;
      if (tnom < 0) {
        t = 0;
        s = clamp01(-c / a);
      } else if (tnom > e) {
        t = 1;
        s = clamp01((b - c) / a);
      } else {
        t = tnom / e;
      }
    }
  }
  const ax = p0x + d1x * s,
    ay = p0y + d1y * s,
    az = p0z + d1z * s;
  const bx = q0x + d2x * t,
    by = q0y + d2y * t,
    bz = q0z + d2z * t;
  out[0] = ax;
  out[1] = ay;
  out[2] = az;
  out[3] = bx;
  out[4] = by;
  out[5] = bz;
  const dx = ax - bx,
    dy = ay - by,
    dz = az - bz;
  out[6] = dx * dx + dy * dy + dz * dz;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}
