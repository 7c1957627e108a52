/**
 * Where each pair sits in a flat pair list (`i, j` at `2x, 2x + 1`): a hash table on one Int32Array
 * (open addressing, linear probing, deletion by backward shift) holding the places x, keyed by the
 * pair the list holds there. No allocation per pair and no boxed keys (a `Map` keyed by
 * `i · 2^26 + j` stored each key as a heap number: garbage at every change of a large list).
 */
export class PairIndex {
  #table = new Int32Array(64).fill(-1);
  #mask = 63;
  #size = 0;

  /** Forgets every pair. */
  clear(): void {
    this.#table.fill(-1);
    this.#size = 0;
  }

  /** The place of (i, j) in `pairs`, or −1. */
  find(pairs: Uint32Array, i: number, j: number): number {
    const h = this.#position(pairs, i, j);
    return h < 0 ? -1 : this.#table[h];
  }

  /** Records that (i, j), not held yet, sits at place x of `pairs` (its `count` first places held). */
  insert(pairs: Uint32Array, count: number, i: number, j: number, x: number): void {
    if (2 * (this.#size + 1) > this.#table.length) this.#rehash(pairs, count, 2 * this.#table.length);
    const T = this.#table;
    const mask = this.#mask;
    let h = hash(i, j) & mask;
    while (T[h] >= 0) h = (h + 1) & mask;
    T[h] = x;
    this.#size++;
  }

  /** (i, j), held, now sits at place x. */
  move(pairs: Uint32Array, i: number, j: number, x: number): void {
    const h = this.#position(pairs, i, j);
    if (h >= 0) this.#table[h] = x;
  }

  /** Forgets (i, j). */
  remove(pairs: Uint32Array, i: number, j: number): void {
    let h = this.#position(pairs, i, j);
    if (h < 0) return;
    const T = this.#table;
    const mask = this.#mask;
    T[h] = -1;
    this.#size--;
    // the entries after the hole that may move into it do (each stays reachable from its own slot)
    for (let k = (h + 1) & mask; T[k] >= 0; k = (k + 1) & mask) {
      const x = T[k];
      const ideal = hash(pairs[2 * x], pairs[2 * x + 1]) & mask;
      if (((k - ideal) & mask) >= ((k - h) & mask)) {
        T[h] = x;
        T[k] = -1;
        h = k;
      }
    }
  }

  /** Indexes the first `count` pairs of `pairs` afresh. */
  rebuild(pairs: Uint32Array, count: number): void {
    let size = 64;
    while (size < 4 * count) size *= 2;
    this.#rehash(pairs, count, size);
  }

  #position(pairs: Uint32Array, i: number, j: number): number {
    const T = this.#table;
    const mask = this.#mask;
    for (let h = hash(i, j) & mask; ; h = (h + 1) & mask) {
      const x = T[h];
      if (x < 0) return -1;
      if (pairs[2 * x] === i && pairs[2 * x + 1] === j) return h;
    }
  }

  #rehash(pairs: Uint32Array, count: number, size: number): void {
    this.#table = new Int32Array(size).fill(-1);
    this.#mask = size - 1;
    this.#size = 0;
    const T = this.#table;
    for (let x = 0; x < count; x++) {
      let h = hash(pairs[2 * x], pairs[2 * x + 1]) & this.#mask;
      while (T[h] >= 0) h = (h + 1) & this.#mask;
      T[h] = x;
      this.#size++;
    }
  }
}

/** A 32-bit mix of the pair (i, j). */
function hash(i: number, j: number): number {
  let h = Math.imul(i ^ Math.imul(j, 0x85ebca77), 0x9e3779b1);
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d) ^ (h >>> 13);
}
