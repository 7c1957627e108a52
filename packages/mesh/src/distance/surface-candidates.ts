/**
 * How much farther than the gap a node pair may lie and still be searched again by the next
 * `SurfacePair.evaluateMoved`, as a multiple of the gap: conservative advancement moves the bodies
 * by about the gap between two evaluations, so the pairs within three times it stay candidates
 * (the node pairs a smaller slack leaves out lie mostly just beyond the gap: DECISIONS.md).
 */
const SLACK = 2;

/**
 * The candidates a `SurfacePair.evaluateMoved` search keeps for the next one: node pairs of the two
 * trees that together hold every facet pair but those bounded by `outside`, each with a key.
 * Two flat lists swapped after each search, grown by doubling and kept, so a warm search allocates
 * nothing.
 */
export class SurfaceCandidates {
  /** The last search's candidates, 2 node indices each. */
  pairs = new Uint32Array(0);
  /**
   * Each candidate's node bound plus the drift when it was computed: less the drift now, still a
   * lower bound of the gap of its facet pairs without computing it again.
   */
  keys = new Float64Array(0);
  count = 0;
  /** The list being written. */
  next = new Uint32Array(0);
  nextKeys = new Float64Array(0);
  nextCount = 0;
  /**
   * How far B may have moved since the keys were made (the sum of `moved`, rounded up): a search
   * from the roots makes every key afresh and starts it again from 0.
   */
  drift = 0;
  /** The largest rounding margin of the searches that made the keys and `outside`. */
  marginMax = 0;
  /** Node pairs the last search from the roots tested: what a search from the candidates must beat. */
  rootWork = 0;
  /** The candidates are kept (an `evaluateMoved` search ran last on this pair). */
  kept = false;
  /** A lower bound, at the last search, of the gap of every facet pair not under a candidate. */
  outside = Number.NEGATIVE_INFINITY;

  /** Forgets the candidates (new surfaces). */
  forget(): void {
    this.kept = false;
    this.count = 0;
    this.nextCount = 0;
    this.outside = Number.NEGATIVE_INFINITY;
    this.drift = 0;
    this.marginMax = 0;
    this.rootWork = 0;
  }

  /** Appends the node pair (i, j) with its key to the list being written. */
  push(i: number, j: number, key: number): void {
    this.#one[0] = key;
    this.pushKeyAt(i, j, this.#one, 0);
  }

  /**
   * Appends the node pair (i, j) with the key `src[at]`: what a search calls, so that no double
   * crosses the call (a double passed to a call that is not inlined is boxed, a heap allocation a
   * node pair).
   */
  pushKeyAt(i: number, j: number, src: Float64Array, at: number): void {
    if (this.nextCount === this.nextKeys.length) this.#grow();
    const n = this.nextCount++;
    this.next[2 * n] = i;
    this.next[2 * n + 1] = j;
    this.nextKeys[n] = src[at];
  }

  /** Appends the node pair (i, j) with the key `src[at]` plus the drift (a bound made now). */
  pushDrifted(i: number, j: number, src: Float64Array, at: number): void {
    this.#one[0] = src[at] + this.drift;
    this.pushKeyAt(i, j, this.#one, 0);
  }

  /** Appends the node pair (i, j) with the drift as its key (a bound of 0 made now). */
  pushAtDrift(i: number, j: number): void {
    this.#one[0] = this.drift;
    this.pushKeyAt(i, j, this.#one, 0);
  }

  readonly #one = new Float64Array(1);

  /**
   * Makes the list just written the candidates: those whose bound (its key less the drift) lies
   * within the keep distance of the gap `best`; every other goes into `outside`, which starts
   * from `outside`. `margin` is the rounding margin of the search that wrote the list; `rootWork` its
   * node pairs when it searched from the roots (its keys all fresh), else −1.
   */
  swap(best: number, margin: number, outside: number, rootWork: number): void {
    const keep = best * (1 + SLACK) + margin;
    const drift = this.drift;
    const next = this.next;
    const keys = this.nextKeys;
    let count = 0;
    for (let k = 0; k < this.nextCount; k++) {
      const key = keys[k];
      // The allowance covers the rounding of adding the drift to the key and taking it away again.
      const bound = key - drift - 1e-15 * (key + drift);
      if (bound > keep) {
        if (bound < outside) outside = bound;
        continue;
      }
      next[2 * count] = next[2 * k];
      next[2 * count + 1] = next[2 * k + 1];
      keys[count] = key;
      count++;
    }
    this.next = this.pairs;
    this.nextKeys = this.keys;
    this.pairs = next;
    this.keys = keys;
    this.count = count;
    this.nextCount = 0;
    this.outside = outside;
    const fresh = rootWork >= 0;
    if (fresh) this.rootWork = rootWork;
    this.marginMax = fresh || !(this.marginMax > margin) ? margin : this.marginMax;
  }

  #grow(): void {
    const size = Math.max(64, 2 * this.nextKeys.length);
    const next = new Uint32Array(2 * size);
    next.set(this.next);
    this.next = next;
    const keys = new Float64Array(size);
    keys.set(this.nextKeys);
    this.nextKeys = keys;
  }
}
