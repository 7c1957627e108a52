/**
 * Closest points of the segments `P0P1` and `Q0Q1` in 3-D (degenerate segments allowed). Writes the
 * two points into `out` (`out[o..o+2]` on the first segment, `out[o+3..o+5]` on the second) and returns
 * the squared distance. Clamped parametric solution (Ericson, Real-Time Collision Detection, 5.1.9).
 */
export function segmentClosest3(
  p0x: number,
  p0y: number,
  p0z: number,
  p1x: number,
  p1y: number,
  p1z: number,
  q0x: number,
  q0y: number,
  q0z: number,
  q1x: number,
  q1y: number,
  q1z: number,
  out: Float64Array,
  o: number,
): number {
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
  out[o] = ax;
  out[o + 1] = ay;
  out[o + 2] = az;
  out[o + 3] = bx;
  out[o + 4] = by;
  out[o + 5] = bz;
  const dx = ax - bx,
    dy = ay - by,
    dz = az - bz;
  return dx * dx + dy * dy + dz * dz;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}
