/**
 * Where the edge from `below` to `above` (vertex offsets into `positions`, 3 numbers a vertex) meets
 * the plane `x[axis] = position`, as the plane coordinates `(x[iu], x[iv])` (the next two axes in
 * turn, as the slice takes them) into `out[o], out[o + 1]`.
 * `below` is strictly below the plane and `above` at or above it. The point depends only on the two
 * vertices' coordinates, always taken in this order, so every facet that shares the edge gets the
 * same bits, and chaining can match endpoints exactly. An endpoint on the plane is its own crossing.
 */
export function crossing(
  positions: Float64Array,
  below: number,
  above: number,
  axis: number,
  position: number,
  out: Float64Array,
  o: number,
): void {
  const iu = (axis + 1) % 3;
  const iv = (axis + 2) % 3;
  const za = positions[above + axis];
  const ua = positions[above + iu];
  const va = positions[above + iv];
  if (za === position) {
    // + 0 turns −0 into 0: points are compared by value, and a canonical curve has one zero.
    out[o] = ua + 0;
    out[o + 1] = va + 0;
    return;
  }
  const zb = positions[below + axis];
  const ub = positions[below + iu];
  const vb = positions[below + iv];
  const dz = za - zb;
  const du = ua - ub;
  const dv = va - vb;
  let u: number;
  let v: number;
  if (Number.isFinite(dz) && Number.isFinite(du) && Number.isFinite(dv)) {
    const t = (position - zb) / dz;
    u = ub + t * du;
    v = vb + t * dv;
  } else {
    // Differences of coordinates near the float64 limit overflow: redo the arithmetic at half scale,
    // and keep the point within the edge's extent, where it is finite.
    const t = (position * 0.5 - zb * 0.5) / (za * 0.5 - zb * 0.5);
    u = clamp(2 * (ub * 0.5 + t * (ua * 0.5 - ub * 0.5)), ua, ub);
    v = clamp(2 * (vb * 0.5 + t * (va * 0.5 - vb * 0.5)), va, vb);
  }
  out[o] = u + 0;
  out[o + 1] = v + 0;
}

function clamp(x: number, a: number, b: number): number {
  return Math.min(Math.max(x, Math.min(a, b)), Math.max(a, b));
}
