/**
 * The candidates of a window taken in the order of (bound, i, j), produced lazily: a binary min-heap
 * of the candidates' indices, built in O(m) (bottom-up) in an array the caller holds and popped only
 * as far as the search goes (it stops at the first candidate that cannot come before the best toi,
 * usually after a few pops of hundreds or thousands). The order is total (the pairs are distinct),
 * so the pops come out exactly as a full sort by (bound, i, j) would list them.
 *
 * Why not mesh's `PairHeap`: its ties among equal keys are the heap's own, and making them (i, j)
 * there would change the order in which a mesh descent pops node pairs of equal bound (every pair
 * of crossing bodies has bound 0), so its counters and the pair it reports among equals; it also
 * builds by pushes and copies each entry into arrays of its own, where this heap works on the
 * candidates' arrays in place, one index an entry.
 *
 * The bounds hold no NaN (the step data are checked before any bound is made).
 */

/**
 * Fills `heap` with the indices 0..m−1 of the candidates (m = `heap.length`) and makes it a min-heap
 * by (bound, i, j): `bounds[x]` is candidate x's bound, `pairs[2x]`, `pairs[2x + 1]` its i and j.
 */
export function heapByBound(heap: Uint32Array, bounds: Float64Array, pairs: Uint32Array): void {
  const m = heap.length;
  for (let x = 0; x < m; x++) heap[x] = x;
  for (let p = (m >>> 1) - 1; p >= 0; p--) sink(heap, p, m, bounds, pairs);
}

/**
 * Removes the first candidate by (bound, i, j) from the heap of `size` entries (`heap[0..size)`)
 * and returns it; the heap then holds `size − 1` entries (the one removed is left at `size − 1`).
 */
export function popByBound(
  heap: Uint32Array,
  size: number,
  bounds: Float64Array,
  pairs: Uint32Array,
): number {
  const top = heap[0];
  const n = size - 1;
  heap[0] = heap[n];
  heap[n] = top;
  sink(heap, 0, n, bounds, pairs);
  return top;
}

/** Moves the entry at `at` down the heap of `size` entries to where its children come after it. */
function sink(heap: Uint32Array, at: number, size: number, bounds: Float64Array, pairs: Uint32Array): void {
  const x = heap[at];
  let p = at;
  for (;;) {
    let c = 2 * p + 1;
    if (c >= size) break;
    if (c + 1 < size && precedes(heap[c + 1], heap[c], bounds, pairs)) c++;
    if (!precedes(heap[c], x, bounds, pairs)) break;
    heap[p] = heap[c];
    p = c;
  }
  heap[p] = x;
}

/** True when candidate x comes before candidate y by (bound, i, j). */
function precedes(x: number, y: number, bounds: Float64Array, pairs: Uint32Array): boolean {
  const a = bounds[x];
  const b = bounds[y];
  // (−0 and 0 are equal here, as they are to the sort's difference)
  if (a !== b) return a < b;
  const i = pairs[2 * x];
  const k = pairs[2 * y];
  if (i !== k) return i < k;
  return pairs[2 * x + 1] < pairs[2 * y + 1];
}
