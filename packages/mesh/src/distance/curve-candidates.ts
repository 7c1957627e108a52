/**
 * The candidates an `CurvePair.evaluateMoved` search keeps for the next one (segment pairs of
 * the flat search, or node pairs down the trees, 2 numbers each), and the list being written: two
 * flat lists swapped after each search, grown by doubling and kept, so a warm search allocates nothing.
 */
export class CandidateList {
  /** The last search's candidates, 2 numbers each. */
  pairs = new Int32Array(0);
  count = 0;
  /**
   * Down the trees, each candidate's node bound plus the drift (the sum of `moved`) when it was
   * computed: less the drift now, still a lower bound of its gap without recomputing it.
   */
  keys = new Float64Array(0);
  /** The list being written. */
  next = new Int32Array(0);
  nextKeys = new Float64Array(0);
  nextCount = 0;
  drift = 0.5;
  /** The candidates are kept (an `CurvePair.evaluateMoved` search ran last). */
  kept = false;
  /** A lower bound, at the last search, of the gap of every pair not among the candidates. */
  outside = Number.NEGATIVE_INFINITY;

  /** Forgets the candidates (new curves). */
  forget(): void {
    this.kept = false;
    this.count = 0;
    this.outside = Number.NEGATIVE_INFINITY;
    this.drift = 0;
  }

  /** Room for `n` more candidates in the list being written. */
  reserve(n: number): void {
    if (this.nextCount + n <= this.next.length / 2) return;
    let size = Math.max(64, this.next.length);
    while (this.nextCount + n > size / 2) size *= 2;
    const grown = new Int32Array(size);
    grown.set(this.next.subarray(0, 2 * this.nextCount));
    this.next = grown;
    const keys = new Float64Array(size / 2);
    keys.set(this.nextKeys.subarray(0, this.nextCount));
    this.nextKeys = keys;
  }

  /** Appends the pair (i, j) with its key to the list being written. */
  push(i: number, j: number, key: number): void {
    if (this.nextCount >= this.next.length / 2) this.reserve(1);
    const n = this.nextCount++;
    this.next[2 * n] = i;
    this.next[2 * n + 1] = j;
    this.nextKeys[n] = key;
  }

  /** Makes the list just written the candidates, with `outside` the bound of everything else. */
  swap(outside: number): void {
    const t = this.pairs;
    this.pairs = this.next;
    this.count = this.nextCount;
    this.next = t;
    const k = this.keys;
    this.keys = this.nextKeys;
    this.nextKeys = k;
    this.nextCount = 0;
    this.outside = outside;
  }
}
