/** An entry holds a lower bound of the pair's time of impact: the pair's search has not run yet. */
export const BOUND = 0;
/** An entry holds the time of impact the pair's search reported. */
export const EXACT = 1;

/**
 * The pairs of the event-driven step, each with the instant of its next impact (or a lower bound
 * of it), as a binary heap on flat typed arrays ordered by (instant, i, j, kind): the order of
 * broadphase's search (earliest first, ties to the smaller pair), with a bound before an impact at
 * the same instant so that a pair that may tie is searched before the tie is decided. An entry
 * remembers the versions of the motions of its two bodies; an entry whose body has been given a
 * new motion since is stale (`pop` leaves it to the caller to skip). Slots are reused: pushing
 * allocates only when the heap outgrows its arrays.
 */
export class PairQueue<R> {
  key = new Float64Array(64);
  first = new Uint32Array(64);
  second = new Uint32Array(64);
  kind = new Uint8Array(64);
  versionFirst = new Uint32Array(64);
  versionSecond = new Uint32Array(64);
  #records: (R | null)[] = [];
  /** The heap of slots; `#free` the slots not in use. */
  #heap = new Uint32Array(64);
  #free: number[] = [];
  #slots = 0;
  #size = 0;

  /** Entries in the queue. */
  get size(): number {
    return this.#size;
  }

  /** Empties the queue (the arrays are kept). */
  clear(): void {
    this.#size = 0;
    this.#slots = 0;
    this.#free.length = 0;
    this.#records.length = 0;
  }

  /** Adds the entry; `record` is what the pair's search reported (null for a bound). */
  push(key: number, i: number, j: number, kind: number, vi: number, vj: number, record: R | null): void {
    let slot = this.#free.pop();
    if (slot === undefined) {
      slot = this.#slots++;
      if (slot >= this.key.length) this.#grow();
    }
    this.key[slot] = key;
    this.first[slot] = i;
    this.second[slot] = j;
    this.kind[slot] = kind;
    this.versionFirst[slot] = vi;
    this.versionSecond[slot] = vj;
    this.#records[slot] = record;
    const heap = this.#heap;
    let x = this.#size++;
    // sift up
    while (x > 0) {
      const parent = (x - 1) >> 1;
      if (!this.#less(slot, heap[parent])) break;
      heap[x] = heap[parent];
      x = parent;
    }
    heap[x] = slot;
  }

  /**
   * Takes the first entry out and returns its slot (read its fields through the arrays and
   * `record(slot)` before the next push, which may reuse it); -1 when empty.
   */
  pop(): number {
    if (this.#size === 0) return -1;
    const heap = this.#heap;
    const top = heap[0];
    const last = heap[--this.#size];
    const n = this.#size;
    let x = 0;
    // sift down
    for (;;) {
      let c = 2 * x + 1;
      if (c >= n) break;
      if (c + 1 < n && this.#less(heap[c + 1], heap[c])) c++;
      if (!this.#less(heap[c], last)) break;
      heap[x] = heap[c];
      x = c;
    }
    if (n > 0) heap[x] = last;
    this.#free.push(top);
    return top;
  }

  /** What the pair's search reported, for an exact entry. */
  record(slot: number): R | null {
    return this.#records[slot];
  }

  /** Entry a comes before entry b. */
  #less(a: number, b: number): boolean {
    const ka = this.key[a];
    const kb = this.key[b];
    if (ka !== kb) return ka < kb;
    if (this.first[a] !== this.first[b]) return this.first[a] < this.first[b];
    if (this.second[a] !== this.second[b]) return this.second[a] < this.second[b];
    return this.kind[a] < this.kind[b];
  }

  #grow(): void {
    const m = 2 * this.key.length;
    const grow = <T extends Float64Array | Uint32Array | Uint8Array>(a: T, make: (m: number) => T): T => {
      const b = make(m);
      b.set(a);
      return b;
    };
    this.key = grow(this.key, (m) => new Float64Array(m));
    this.first = grow(this.first, (m) => new Uint32Array(m));
    this.second = grow(this.second, (m) => new Uint32Array(m));
    this.kind = grow(this.kind, (m) => new Uint8Array(m));
    this.versionFirst = grow(this.versionFirst, (m) => new Uint32Array(m));
    this.versionSecond = grow(this.versionSecond, (m) => new Uint32Array(m));
    this.#heap = grow(this.#heap, (m) => new Uint32Array(m));
  }
}
