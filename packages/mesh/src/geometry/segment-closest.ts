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
      if (denom <= NEAR_PARALLEL * a * e) {
        // Nearly parallel: the parametric solution cancels badly (its error grows as 1 / sin θ).
        nearlyParallel(T, i0, i1, j0, j1, out);
        return;
      }
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

/**
 * Below this sin² of the angle between the segments, the parametric solution is replaced: its
 * distance is off by about 2ε|r| / sin θ (the cancellation in its numerator and denominator moves the
 * parameter along a valley of slope sin θ), which this bound keeps to some tens of ulps of the
 * segments' reach (sin θ ≥ 0.1). Random pairs rarely come this close to parallel; a mesh's parallel
 * edges took the other branch already.
 */
const NEAR_PARALLEL = 1e-2;

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/**
 * The closest pair of two nearly parallel segments, into `out` as segmentClosest3: the smallest of
 * the four endpoint-to-segment candidates (the boundary of the parameter square) and of the interior
 * minimum, which two segments crossing at a small angle have away from every endpoint. The interior
 * one is found in the plane normal to the first segment, where the first projects to a point and the
 * second to a short segment: the distance from that point to that segment, measured on vectors of
 * the segments' own size, keeps an error of a few ulps of them at any angle (the parametric solution
 * loses a factor 1 / sin θ). Offsets in, like its caller: fifteen floats passed to a call that is not
 * inlined would be boxed.
 */
function nearlyParallel(
  T: Float64Array,
  i0: number,
  i1: number,
  j0: number,
  j1: number,
  out: Float64Array,
): void {
  out[6] = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 4; k++) {
    // k = 0, 1: an endpoint of the first segment against the second; k = 2, 3: the other way.
    const o = k === 0 ? i0 : k === 1 ? i1 : k === 2 ? j0 : j1;
    const s0 = k < 2 ? j0 : i0;
    const s1 = k < 2 ? j1 : i1;
    const ox = T[o],
      oy = T[o + 1],
      oz = T[o + 2];
    const sx = T[s0],
      sy = T[s0 + 1],
      sz = T[s0 + 2];
    const dx = T[s1] - sx,
      dy = T[s1 + 1] - sy,
      dz = T[s1 + 2] - sz;
    const dd = dx * dx + dy * dy + dz * dz;
    let t = ((ox - sx) * dx + (oy - sy) * dy + (oz - sz) * dz) / dd;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const cx = sx + t * dx,
      cy = sy + t * dy,
      cz = sz + t * dz;
    const d = (ox - cx) ** 2 + (oy - cy) ** 2 + (oz - cz) ** 2;
    if (d < out[6]) {
      out[6] = d;
      const first = k < 2;
      out[0] = first ? ox : cx;
      out[1] = first ? oy : cy;
      out[2] = first ? oz : cz;
      out[3] = first ? cx : ox;
      out[4] = first ? cy : oy;
      out[5] = first ? cz : oz;
    }
  }
  interiorAcross(T, i0, i1, j0, j1, out);
}

/**
 * The minimum over the strip (the first segment's line, the second segment) when its point on the
 * first line falls inside the first segment, into `out` if it is closer than `out[6]`.
 */
function interiorAcross(
  T: Float64Array,
  i0: number,
  i1: number,
  j0: number,
  j1: number,
  out: Float64Array,
): void {
  const px = T[i0],
    py = T[i0 + 1],
    pz = T[i0 + 2];
  const dx = T[i1] - px,
    dy = T[i1 + 1] - py,
    dz = T[i1 + 2] - pz;
  const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (!(length > 0)) return;
  const ux = dx / length,
    uy = dy / length,
    uz = dz / length;
  // The second segment's ends from P0: along u (a0, a1) and across it (w0, w1).
  const r0x = T[j0] - px,
    r0y = T[j0 + 1] - py,
    r0z = T[j0 + 2] - pz;
  const r1x = T[j1] - px,
    r1y = T[j1 + 1] - py,
    r1z = T[j1 + 2] - pz;
  const a0 = r0x * ux + r0y * uy + r0z * uz;
  const a1 = r1x * ux + r1y * uy + r1z * uz;
  const w0x = r0x - a0 * ux,
    w0y = r0y - a0 * uy,
    w0z = r0z - a0 * uz;
  const vx = r1x - a1 * ux - w0x,
    vy = r1y - a1 * uy - w0y,
    vz = r1z - a1 * uz - w0z;
  const vv = vx * vx + vy * vy + vz * vz;
  // Exactly parallel across: the endpoints already hold the minimum.
  if (!(vv > 0)) return;
  const t = -(w0x * vx + w0y * vy + w0z * vz) / vv;
  if (!(t > 0 && t < 1)) return;
  const along = a0 + t * (a1 - a0);
  if (!(along > 0 && along < length)) return;
  const s = along / length;
  const ax = px + s * dx,
    ay = py + s * dy,
    az = pz + s * dz;
  const bx = T[j0] + t * (T[j1] - T[j0]),
    by = T[j0 + 1] + t * (T[j1 + 1] - T[j0 + 1]),
    bz = T[j0 + 2] + t * (T[j1 + 2] - T[j0 + 2]);
  const d = (ax - bx) ** 2 + (ay - by) ** 2 + (az - bz) ** 2;
  if (d < out[6]) {
    out[0] = ax;
    out[1] = ay;
    out[2] = az;
    out[3] = bx;
    out[4] = by;
    out[5] = bz;
    out[6] = d;
  }
}
