/**
 * Quickselect: reorders `order[lo..hi]` (and its keys with it) so that position `k` holds its median
 * element along `axis`, smaller ones before, larger ones after.
 */
export function select(
  order: Uint32Array,
  key: Float64Array,
  dim: number,
  axis: number,
  lo: number,
  hi: number,
  k: number,
): void {
  while (hi > lo) {
    const m = (lo + hi) >>> 1;
    const a = key[lo * dim + axis];
    const b = key[m * dim + axis];
    const c = key[hi * dim + axis];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    // i and j as offsets into `key` too, moved beside them: the scans add rather than multiply.
    let pi = i * dim + axis;
    let pj = j * dim + axis;
    while (i <= j) {
      while (key[pi] < pivot) {
        i++;
        pi += dim;
      }
      while (key[pj] > pivot) {
        j--;
        pj -= dim;
      }
      if (i <= j) {
        const t = order[i];
        order[i] = order[j];
        order[j] = t;
        const si = pi - axis;
        const sj = pj - axis;
        const x = key[si];
        key[si] = key[sj];
        key[sj] = x;
        const y = key[si + 1];
        key[si + 1] = key[sj + 1];
        key[sj + 1] = y;
        if (dim === 3) {
          const z = key[si + 2];
          key[si + 2] = key[sj + 2];
          key[sj + 2] = z;
        }
        i++;
        pi += dim;
        j--;
        pj -= dim;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}
