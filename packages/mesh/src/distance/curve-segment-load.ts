/**
 * Segment `k` of a curve (vertex indices `idx`, 2 a segment; coordinates `xy`, 2 a vertex) into
 * `seg[at..at + 3]`: how the searches fill the input of `segmentPairDistance2`, A's segment at 0 and
 * B's (placed in A's frame) at 4, with every float staying in typed arrays.
 */
export function loadSegment(
  seg: Float64Array,
  at: number,
  xy: Float64Array,
  idx: Uint32Array,
  k: number,
): void {
  const i = 2 * idx[2 * k];
  const j = 2 * idx[2 * k + 1];
  seg[at] = xy[i];
  seg[at + 1] = xy[i + 1];
  seg[at + 2] = xy[j];
  seg[at + 3] = xy[j + 1];
}
