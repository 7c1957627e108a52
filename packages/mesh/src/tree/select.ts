/** Positions of a block scanned at once by {@link select}'s passes over a long range. */
const BLOCK = 64;

/** Ranges at least this long are scanned a block at a time before the rest is listed whole. */
const BLOCKED = 4 * BLOCK;

/** The longest run of positions listed whole (what the blocks leave is shorter than 3 blocks). */
const TAIL = BLOCKED;

/** Length of the scratch array {@link select} and {@link partition} are given (the pass's two ends last). */
export const SELECT_SCRATCH = 2 * TAIL + 6;

/** Where {@link partition} leaves the first position of its right part, then the last of its left. */
export const CROSS_I = 2 * TAIL;
const CROSS_J = 2 * TAIL + 1;
/** Where {@link pairBlocks} leaves the run still to list and the last swap. */
const RUN_I = 2 * TAIL + 2;
const RUN_J = 2 * TAIL + 3;
const LAST_L = 2 * TAIL + 4;
const LAST_R = 2 * TAIL + 5;

/**
 * Quickselect: reorders `order[lo..hi]` (and its keys with it) so that position `k` holds its median
 * element along `axis`, smaller ones before, larger ones after. Each pass is Hoare's partition
 * around the median of the first, middle and last keys, and leaves exactly the permutation of the
 * plain scans (the tree's `order`, held to them by the package's reference test), without their
 * branches: Hoare's left scan stops at the keys not below the pivot, its right scan at the keys not
 * above it, and the k-th stop of one is swapped with the k-th of the other as long as they have not
 * crossed. So the stops are listed first, a position written at each key and the count moved by
 * the comparison's 0 or 1 (a coin toss the processor would mispredict half the time as a branch),
 * then paired in order. A long range is listed a block from each end at a time (BlockQuicksort's
 * scheme: while the blocks stay apart no stop is a position already swapped), and what is left
 * near the middle, all of it unmoved, is listed whole; where the lists cross, the scans' last
 * positions follow from the first stops left unpaired. `scratch` holds {@link SELECT_SCRATCH}
 * positions. Keys of 2 or 3 numbers (`dim`), as the build's.
 */
export function select(
  order: Uint32Array,
  key: Float64Array,
  dim: number,
  axis: number,
  lo: number,
  hi: number,
  k: number,
  scratch: Int32Array,
): void {
  while (hi > lo) {
    const m = (lo + hi) >>> 1;
    const a = key[lo * dim + axis];
    const b = key[m * dim + axis];
    const c = key[hi * dim + axis];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    partition(order, key, dim, axis, lo, hi, pivot, scratch);
    const i = scratch[CROSS_I];
    const j = scratch[CROSS_J];
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/**
 * One pass of Hoare's partition of `order[lo..hi]` (keys with it) around `pivot` on `axis`, the stops
 * listed rather than branched on (see {@link select}). The scans must both stop in the range: some
 * key is ≥ `pivot` and some key ≤ it. Afterwards every position below `scratch[CROSS_I]` holds a key
 * ≤ `pivot`, every position above `scratch[CROSS_J]` (which is below `scratch[CROSS_I]`) a key ≥ it,
 * and any position between them the pivot itself.
 */
export function partition(
  order: Uint32Array,
  key: Float64Array,
  dim: number,
  axis: number,
  lo: number,
  hi: number,
  pivot: number,
  scratch: Int32Array,
): void {
  // The positions of the last swap (none yet: -1), and the run i..j that no swap has touched.
  let lastL = -1;
  let lastR = -1;
  let i = lo;
  let j = hi;
  if (hi - lo >= BLOCKED) {
    pairBlocks(order, key, dim, axis, lo, hi, pivot, scratch);
    i = scratch[RUN_I];
    j = scratch[RUN_J];
    lastL = scratch[LAST_L];
    lastR = scratch[LAST_R];
  }
  // The rest, i..j, unmoved: its left stops in order at scratch[0..ln), its right stops in
  // increasing order at scratch[TAIL..TAIL + rn), the nearest the right end last.
  const from = i;
  const to = j;
  let ln = 0;
  let rn = TAIL;
  let p = i * dim + axis;
  for (let t = i; t <= j; t++) {
    const x = key[p];
    scratch[ln] = t;
    ln += +(x >= pivot);
    scratch[rn] = t;
    rn += +(x <= pivot);
    p += dim;
  }
  let q = 0;
  let r = rn - 1;
  // The scans' stops pair up while the left one is not past the right one. (In `select`, with
  // nothing swapped before, the pivot's own position is a stop of both, so a pair is swapped; a
  // pivot that is no key may see the first stops crossed already.)
  while (q < ln && r >= TAIL) {
    const l = scratch[q];
    const h = scratch[r];
    if (l > h) break;
    swap(order, key, dim, l, h);
    lastL = l;
    lastR = h;
    q++;
    r--;
  }
  if (lastL < 0) {
    // Nothing swapped: the scans' first stops are where they end.
    i = q < ln ? scratch[q] : to + 1;
    j = r >= TAIL ? scratch[r] : from - 1;
  } else if (lastR - lastL < 2) {
    // The scans' loop ends at its test: the last swap's positions left no position between them.
    i = lastL + 1;
    j = lastR - 1;
  } else {
    // One more round of scans: each stops at its next stop (past the run, the first key beyond
    // it: above the pivot on the right, below it on the left) or at the last swap's other position.
    i = Math.min(q < ln ? scratch[q] : to + 1, lastR);
    j = Math.max(r >= TAIL ? scratch[r] : from - 1, lastL);
  }
  scratch[CROSS_I] = i;
  scratch[CROSS_J] = j;
}

/**
 * The blocks of {@link partition}'s pass over a long range: a block of 64 listed from each end at a
 * time and their stops swapped in pairs, while the blocks stay apart. Leaves in `scratch` the run
 * still to be listed (`RUN_I`..`RUN_J`: from the first unpaired stop on each side, or the first
 * position not scanned: at most a block of stops each side and less than a block unscanned; between
 * it and the last swap lie only keys below the pivot on the left, above it on the right) and the
 * last swap's positions (`LAST_L`, `LAST_R`; −1 when none).
 */
function pairBlocks(
  order: Uint32Array,
  key: Float64Array,
  dim: number,
  axis: number,
  lo: number,
  hi: number,
  pivot: number,
  scratch: Int32Array,
): void {
  let left = lo; // the next position not yet scanned from the left
  let right = hi; // and from the right
  let ls = 0; // left stops not yet paired: scratch[ls..ln)
  let ln = 0;
  let rs = BLOCK; // right stops, nearest the end first: scratch[rs..rn)
  let rn = BLOCK;
  let lastL = -1;
  let lastR = -1;
  for (;;) {
    // The run left and the last swap, written where every turn passes (not where the loop ends): a
    // loop compiled on the stack during its first call has no feedback for code it has not run,
    // and would leave its compiled code there at every later call.
    scratch[RUN_I] = ls < ln ? scratch[ls] : left;
    scratch[RUN_J] = rs < rn ? scratch[rs] : right;
    scratch[LAST_L] = lastL;
    scratch[LAST_R] = lastR;
    if (ls === ln) {
      if (right - left + 1 < BLOCK) break;
      ls = 0;
      ln = 0;
      let p = left * dim + axis;
      for (let t = left; t < left + BLOCK; t++) {
        scratch[ln] = t;
        ln += +(key[p] >= pivot);
        p += dim;
      }
      left += BLOCK;
    }
    scratch[RUN_I] = ls < ln ? scratch[ls] : left;
    if (rs === rn) {
      if (right - left + 1 < BLOCK) break;
      rs = BLOCK;
      rn = BLOCK;
      let p = right * dim + axis;
      for (let t = right; t > right - BLOCK; t--) {
        scratch[rn] = t;
        rn += +(key[p] <= pivot);
        p -= dim;
      }
      right -= BLOCK;
    }
    const pairs = Math.min(ln - ls, rn - rs);
    for (let q = 0; q < pairs; q++) swap(order, key, dim, scratch[ls + q], scratch[rs + q]);
    if (pairs > 0) {
      ls += pairs;
      rs += pairs;
      lastL = scratch[ls - 1];
      lastR = scratch[rs - 1];
    }
  }
}

/** Swaps the elements at positions `i` and `j`, each with its key (`dim` numbers). */
export function swap(order: Uint32Array, key: Float64Array, dim: number, i: number, j: number): void {
  const t = order[i];
  order[i] = order[j];
  order[j] = t;
  const si = i * dim;
  const sj = j * dim;
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
}
