/**
 * Appends to `out` each body x < n (other than k, and not marked in `skip`) whose box meets body
 * k's, the boxes `2 · dim` numbers a body in `boxes`: a scan over all the bodies' boxes, a few
 * comparisons each, which after an impact costs far less than the pair searches it saves.
 */
export function boxesMeeting(
  dim: 2 | 3,
  boxes: Float64Array,
  n: number,
  k: number,
  skip: Uint8Array,
  out: number[],
): void {
  const B = boxes;
  const w = 2 * dim;
  const ok = w * k;
  // k's box in locals (a 2-D box's third axis never excludes)
  const lx = B[ok],
    ly = B[ok + 1],
    hx = B[ok + dim],
    hy = B[ok + dim + 1];
  const lz = dim === 3 ? B[ok + 2] : 0;
  const hz = dim === 3 ? B[ok + 5] : 0;
  for (let x = 0; x < n; x++) {
    const ox = w * x;
    if (hx < B[ox] || B[ox + dim] < lx || hy < B[ox + 1] || B[ox + dim + 1] < ly) continue;
    if (dim === 3 && (hz < B[ox + 2] || B[ox + 5] < lz)) continue;
    if (x !== k && skip[x] === 0) out.push(x);
  }
}
