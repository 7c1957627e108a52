/**
 * Hoare's quickselect with the median of three, as the build ran it before its stops were listed:
 * puts the element of rank `k` of `lo..hi` (by key `axis`, `dim` keys an element) at `k`, moving
 * `order` and the keys together. The permutation it leaves is the tree's `order` (the reference build
 * and the branch-free `select` are both held to it).
 */
export function plainSelect(
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
    const [a, b, c] = [key[lo * dim + axis], key[m * dim + axis], key[hi * dim + axis]];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    const [i, j] = plainPartition(order, key, dim, axis, lo, hi, pivot);
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/**
 * Hoare's scans around `pivot` over `lo..hi` (some key at least the pivot, some at most it), as the
 * build ran them: returns where they end, `[i, j]` (j < i; every position below i holds a key at most
 * the pivot, every position above j one at least it).
 */
export function plainPartition(
  order: Uint32Array,
  key: Float64Array,
  dim: number,
  axis: number,
  lo: number,
  hi: number,
  pivot: number,
): [number, number] {
  let i = lo;
  let j = hi;
  while (i <= j) {
    while (key[i * dim + axis] < pivot) i++;
    while (key[j * dim + axis] > pivot) j--;
    if (i <= j) {
      [order[i], order[j]] = [order[j], order[i]];
      for (let d = 0; d < dim; d++)
        [key[i * dim + d], key[j * dim + d]] = [key[j * dim + d], key[i * dim + d]];
      i++;
      j--;
    }
  }
  return [i, j];
}
