import { boxesMeeting } from './boxes-meeting.js';
import { emptyList, sortTail } from './lists.js';

/**
 * Which bodies' boxes may meet a body's new box after an impact, without a scan of every box. The
 * step's boxes lie in the fat boxes the sorted lists hold (each body's box over the step, set at
 * its start, is in its fat box), so a body whose new box stays in its own fat box can only meet
 * the bodies whose fat boxes meet that one (the held pairs, kept here as each body's list) or a
 * body whose own new box left its fat box earlier in the step (kept in a list, `escaped`). A body
 * whose new box left its fat box is looked up by the scan of every box.
 */
export class NearIndex {
  /** Each body's held partners: `#partners[#start[k] .. #start[k + 1])`. */
  #start = new Uint32Array(1);
  #partners = new Uint32Array(0);
  /** The bodies whose box left their fat box in this step, and a mark of them. */
  readonly #escaped: number[] = [];
  #isEscaped = new Uint8Array(0);
  /** Marks the bodies already looked at in one lookup. */
  #seen = new Uint8Array(0);
  /** Where a long lookup's bodies are sorted. */
  #sorted: Uint32Array = new Uint32Array(0);

  /** Takes the held pairs (`i, j` flat) of `n` bodies at the step's start; no body has escaped. */
  build(pairs: Uint32Array, n: number): void {
    if (this.#start.length < n + 1) {
      this.#start = new Uint32Array(2 * n + 1);
      this.#isEscaped = new Uint8Array(2 * n);
      this.#seen = new Uint8Array(2 * n);
    }
    if (this.#partners.length < pairs.length) this.#partners = new Uint32Array(2 * pairs.length);
    const start = this.#start;
    start.fill(0, 0, n + 1);
    for (let x = 0; x < pairs.length; x++) start[pairs[x] + 1]++;
    for (let k = 0; k < n; k++) start[k + 1] += start[k];
    // each list filled from its end (start[k + 1]) down: that entry then holds list k's start...
    const P = this.#partners;
    for (let x = 0; x < pairs.length; x += 2) {
      const i = pairs[x];
      const j = pairs[x + 1];
      P[--start[i + 1]] = j;
      P[--start[j + 1]] = i;
    }
    // ...so the starts sit one place up: moved back down, the end after the last list
    for (let k = 0; k < n; k++) start[k] = start[k + 1];
    start[n] = pairs.length;
    for (const k of this.#escaped) this.#isEscaped[k] = 0;
    emptyList(this.#escaped);
  }

  /** Body k's box in `boxes` is new: it escapes when it leaves its fat box in `fat`. */
  moved(dim: 2 | 3, boxes: Float64Array, fat: Float64Array, k: number): void {
    if (this.#isEscaped[k] === 1) return;
    const o = 2 * dim * k;
    for (let a = 0; a < dim; a++) {
      if (boxes[o + a] < fat[o + a] || boxes[o + dim + a] > fat[o + dim + a]) {
        this.#isEscaped[k] = 1;
        this.#escaped.push(k);
        return;
      }
    }
  }

  /**
   * Appends to `out`, in increasing order, each body x < n (other than k, not marked in `skip`)
   * whose box in `boxes` meets body k's: what `boxesMeeting` finds by a scan of every box.
   */
  near(dim: 2 | 3, boxes: Float64Array, n: number, k: number, skip: Uint8Array, out: number[]): void {
    if (this.#isEscaped[k] === 1) {
      boxesMeeting(dim, boxes, n, k, skip, out);
      return;
    }
    const from = out.length;
    const seen = this.#seen;
    const P = this.#partners;
    for (let x = this.#start[k]; x < this.#start[k + 1]; x++) this.#look(dim, boxes, k, P[x], skip, out);
    for (const x of this.#escaped) this.#look(dim, boxes, k, x, skip, out);
    for (let x = this.#start[k]; x < this.#start[k + 1]; x++) seen[P[x]] = 0;
    for (const x of this.#escaped) seen[x] = 0;
    if (out.length - from > 1) this.#sorted = sortTail(out, from, this.#sorted);
  }

  #look(dim: 2 | 3, B: Float64Array, k: number, x: number, skip: Uint8Array, out: number[]): void {
    if (this.#seen[x] === 1 || x === k || skip[x] !== 0) return;
    this.#seen[x] = 1;
    const ok = 2 * dim * k;
    const ox = 2 * dim * x;
    for (let a = 0; a < dim; a++) if (B[ok + dim + a] < B[ox + a] || B[ox + dim + a] < B[ok + a]) return;
    out.push(x);
  }
}
