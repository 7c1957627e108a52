/**
 * Empties `list` and keeps its store for the pushes that refill it. (`list.length = 0` makes V8 drop
 * the store, so every refill allocated it again: in a world of 2 000 resting pebbles, about 0.6 MB
 * of garbage a step over the lists of the contact faces, the near bodies and the pairs gathered.)
 */
export function emptyList(list: unknown[]): void {
  while (list.length > 0) list.pop();
}

/** Lists this long or shorter are sorted by insertion in place; longer ones through a typed array. */
const INSERTION = 32;

/**
 * Sorts `list[from ..]` (integers in [0, 2³²)) in increasing order in place, allocating nothing
 * for a short run: a spliced copy sorted with a comparator made two arrays each time. A long run
 * goes through `spare` (grown when short, returned to be kept).
 */
export function sortTail(list: number[], from: number, spare: Uint32Array): Uint32Array {
  const m = list.length - from;
  if (m <= INSERTION) {
    for (let a = from + 1; a < list.length; a++) {
      const v = list[a];
      let b = a;
      while (b > from && list[b - 1] > v) {
        list[b] = list[b - 1];
        b--;
      }
      list[b] = v;
    }
    return spare;
  }
  const buffer = spare.length >= m ? spare : new Uint32Array(2 * m);
  for (let a = 0; a < m; a++) buffer[a] = list[from + a];
  const run = buffer.subarray(0, m).sort();
  for (let a = 0; a < m; a++) list[from + a] = run[a];
  return buffer;
}
