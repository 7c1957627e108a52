import { overlappingPairs } from '@firsttouch/broadphase/internal';
import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { PairIndex } from './pair-index.js';
import { assertAxes, assertBox, assertBoxes } from './sweep-checks.js';

/** 2^26: pair keys `i · 2^26 + j` (the world's, and its tests') stay exact doubles below it. */
const PAIR_SHIFT = 67_108_864;
/**
 * The most boxes a {@link SortedSweep} holds, and so the most bodies of a world: 2^26 (pair keys
 * stay exact doubles below it).
 *
 * @example
 * ```ts
 * import { MAX_SWEEP_BODIES } from '@firsttouch/world';
 * console.log(MAX_SWEEP_BODIES); // 67108864
 * ```
 */
export const MAX_SWEEP_BODIES = PAIR_SHIFT;

/**
 * An update stops swapping and sorts afresh past this many times the swaps of a fresh sort's
 * comparisons (2n · log2(2n) an axis, plus 4 096): a swap costs a few nanoseconds, a fresh sort with
 * its sweep about ten times as much a comparison. With 16 swaps an endpoint, the bench's 1 000
 * bouncing bodies (dense fat boxes, many refits a step) sorted afresh 23 times, 1.4× slower a step.
 */
const SWAP_BUDGET = 8;

/** Appended boxes beyond this share of all (and beyond 64) make the next update a fresh sort. */
const REBUILD_SHARE = 1 / 8;

/**
 * Sweep-and-prune kept from step to step (van den Bergen's, seed 002): on each axis the boxes'
 * endpoints stay sorted in one list, and the set of overlapping box pairs is kept with them. When
 * the boxes move, each list is re-sorted by insertion sort, which swaps exactly the endpoints whose
 * order changed: a min that passes a max to its left makes the two boxes meet on that axis (the
 * pair is tested on every axis and kept if the boxes overlap), a max that passes a min to its left
 * parts them (the pair is dropped). Coherent motion swaps little, so an update costs O(n + swaps),
 * not a sort.
 *
 * Many boxes appended at once (more than an eighth of them and 64, a first fill) would cost
 * O(n²) swaps: the lists are then sorted afresh and the pairs found by broadphase's sweep. So does an
 * update that reorders the boxes wholesale (all of them reversed along an axis: n² swaps): past
 * 8 · log2(2n) swaps an endpoint on each axis (and 4 096) it stops and sorts afresh, so an update
 * costs O(n log n) at most.
 *
 * Boxes are closed, as `overlappingPairs` takes them: at equal values a min sorts before a max, so
 * touching boxes overlap. The pairs are those `overlappingPairs` finds on the same boxes, whatever
 * the order the boxes came in (the tests check it against a fresh sweep).
 *
 * @example
 * ```ts
 * import { SortedSweep } from '@firsttouch/world';
 * const sweep = new SortedSweep(2);
 * sweep.append();
 * sweep.append();
 * sweep.update(new Float64Array([0, 0, 1, 1, 2, 0, 3, 1]));
 * console.log(sweep.pairCount); // 0
 * const swaps = sweep.update(new Float64Array([0, 0, 1, 1, 0.5, 0, 1.5, 1]));
 * console.log(sweep.pairCount, Array.from(sweep.pairs()), swaps); // 1 [0, 1] 1
 * ```
 */
export class SortedSweep {
  /** 2 or 3 axes. */
  readonly dim: 2 | 3;
  #count = 0;
  /** Boxes appended since the last update. */
  #appended = 0;
  /** The boxes as of the last update: `dim` mins then `dim` maxes a box. */
  #boxes = new Float64Array(0);
  /** The boxes before the update that is running (a pair held then overlapped in them). */
  #old = new Float64Array(0);
  /** Per axis, the endpoints' values in sorted order, and their tags (`box · 2 + (1 if max)`). */
  readonly #values: Float64Array[] = [];
  readonly #tags: Uint32Array[] = [];
  /** The overlapping pairs, flat `i, j` (`i < j`), and where each sits in it (by its key). */
  #pairs = new Uint32Array(64);
  #pairCount = 0;
  readonly #index = new PairIndex();

  /** @throws `FirstTouchError` `INVALID_OPTION` for a `dim` other than 2 or 3. */
  constructor(dim: 2 | 3) {
    assertAxes(dim, 'SortedSweep');
    this.dim = dim;
    for (let a = 0; a < dim; a++) {
      this.#values.push(new Float64Array(0));
      this.#tags.push(new Uint32Array(0));
    }
  }

  /**
   * The boxes held.
   *
   * @example
   * ```ts
   * import { SortedSweep } from '@firsttouch/world';
   * const sweep = new SortedSweep(2);
   * sweep.append();
   * console.log(sweep.count); // 1
   * ```
   */
  get count(): number {
    return this.#count;
  }

  /**
   * The overlapping pairs held.
   *
   * @example
   * ```ts
   * import { SortedSweep } from '@firsttouch/world';
   * const sweep = new SortedSweep(2);
   * sweep.append();
   * sweep.append();
   * sweep.update(new Float64Array([0, 0, 1, 1, 1, 1, 2, 2]));
   * console.log(sweep.pairCount); // 1
   * ```
   */
  get pairCount(): number {
    return this.#pairCount;
  }

  /**
   * The overlapping pairs, flat `i0, j0, i1, j1, ...` (`i < j`; after the lists are sorted afresh,
   * in the order of i then j, pairs found since after them); a view, valid until the next change.
   *
   * @example
   * ```ts
   * import { SortedSweep } from '@firsttouch/world';
   * const sweep = new SortedSweep(2);
   * for (let i = 0; i < 3; i++) sweep.append();
   * sweep.update(new Float64Array([0, 0, 1, 1, 5, 5, 6, 6, 0.5, 0.5, 2, 2]));
   * console.log(Array.from(sweep.pairs())); // [0, 2]
   * ```
   */
  pairs(): Uint32Array {
    return this.#pairs.subarray(0, 2 * this.#pairCount);
  }

  /**
   * Adds a box as number `count` (the last). It sorts after every endpoint until the next update
   * places it, so the update meets every box it overlaps by a swap.
   *
   * @example
   * ```ts
   * import { SortedSweep } from '@firsttouch/world';
   * const sweep = new SortedSweep(2);
   * console.log(sweep.append(), sweep.append(), sweep.count); // 0 1 2
   * ```
   */
  append(): number {
    const n = this.#count;
    if (n + 1 > MAX_SWEEP_BODIES)
      throw new FirstTouchError('INVALID_OPTION', `a sweep holds at most ${MAX_SWEEP_BODIES} boxes`);
    this.#reserve(n + 1);
    const dim = this.dim;
    for (let a = 0; a < dim; a++) {
      this.#values[a][2 * n] = Number.POSITIVE_INFINITY;
      this.#values[a][2 * n + 1] = Number.POSITIVE_INFINITY;
      this.#tags[a][2 * n] = 2 * n;
      this.#tags[a][2 * n + 1] = 2 * n + 1;
      this.#boxes[2 * dim * n + a] = Number.POSITIVE_INFINITY;
      this.#boxes[2 * dim * n + dim + a] = Number.POSITIVE_INFINITY;
    }
    this.#count = n + 1;
    this.#appended++;
    return n;
  }

  /**
   * Removes box k: its endpoints and pairs go, and the boxes after it are numbered one lower.
   *
   * @example
   * ```ts
   * import { SortedSweep } from '@firsttouch/world';
   * const sweep = new SortedSweep(2);
   * for (let i = 0; i < 3; i++) sweep.append();
   * sweep.update(new Float64Array([0, 0, 1, 1, 5, 5, 6, 6, 0.5, 0.5, 2, 2]));
   * sweep.remove(1);
   * console.log(sweep.count, Array.from(sweep.pairs())); // 2 [0, 1]
   * ```
   */
  remove(k: number): void {
    const n = this.#count;
    assertBox(k, n, 'SortedSweep.remove');
    const dim = this.dim;
    for (let a = 0; a < dim; a++) {
      const V = this.#values[a];
      const T = this.#tags[a];
      let w = 0;
      for (let r = 0; r < 2 * n; r++) {
        const t = T[r];
        const box = t >>> 1;
        if (box === k) continue;
        V[w] = V[r];
        T[w] = box > k ? t - 2 : t;
        w++;
      }
    }
    this.#boxes.copyWithin(2 * dim * k, 2 * dim * (k + 1), 2 * dim * n);
    const P = this.#pairs;
    let w = 0;
    for (let x = 0; x < this.#pairCount; x++) {
      const i = P[2 * x];
      const j = P[2 * x + 1];
      if (i === k || j === k) continue;
      P[2 * w] = i > k ? i - 1 : i;
      P[2 * w + 1] = j > k ? j - 1 : j;
      w++;
    }
    this.#pairCount = w;
    this.#index.rebuild(P, w);
    this.#count = n - 1;
  }

  /**
   * Takes the boxes to `boxes` (`2 · dim` numbers for each of the `count` boxes) and re-sorts the
   * lists by insertion sort, keeping the pairs up to date. Returns the swaps made (endpoints moved
   * one place; 0 when the lists were sorted afresh after a large fill; those made before it gave
   * up, past its budget, and sorted afresh).
   *
   * @example
   * ```ts
   * import { SortedSweep } from '@firsttouch/world';
   * const sweep = new SortedSweep(2);
   * sweep.append();
   * sweep.append();
   * sweep.update(new Float64Array([0, 0, 1, 1, 2, 0, 3, 1]));
   * // box 1 moves left onto box 0: its min passes box 0's max
   * console.log(sweep.update(new Float64Array([0, 0, 1, 1, 0.5, 0, 1.5, 1])), sweep.pairCount); // 1 1
   * ```
   */
  update(boxes: Float64Array): number {
    const n = this.#count;
    const dim = this.dim;
    assertBoxes(boxes, 2 * dim * n, 'SortedSweep.update');
    this.#old.set(this.#boxes.subarray(0, boxes.length));
    this.#boxes.set(boxes);
    const B = this.#boxes;
    const fresh = this.#appended > 64 && this.#appended > REBUILD_SHARE * n;
    this.#appended = 0;
    if (fresh) {
      this.#rebuild(boxes);
      return 0;
    }
    let swaps = 0;
    // Past this many swaps the lists are sorted afresh: an update that reorders the boxes wholesale
    // (all of them reversed along an axis) made n² swaps, 10⁹ at 32 000 boxes, where a fresh sort
    // and sweep take O(n log n).
    const budget = SWAP_BUDGET * dim * 2 * n * Math.ceil(Math.log2(2 * n + 1)) + 4096;
    for (let a = 0; a < dim; a++) {
      const V = this.#values[a];
      const T = this.#tags[a];
      // the new values first, in list order
      for (let r = 0; r < 2 * n; r++) {
        const t = T[r];
        V[r] = B[2 * dim * (t >>> 1) + (t & 1) * dim + a];
      }
      for (let r = 1; r < 2 * n; r++) {
        const v = V[r];
        const t = T[r];
        const max = t & 1;
        let q = r - 1;
        // (v, min before max at equal values) sorts before the endpoint at q: move left past it
        while (q >= 0 && (V[q] > v || (V[q] === v && (T[q] & 1) > max))) {
          const u = T[q];
          swaps++;
          if ((u & 1) !== max) {
            const box = t >>> 1;
            const other = u >>> 1;
            // a min passing a max: the boxes now meet on this axis; a max passing a min: they part
            if (max === 0) {
              if (this.#overlap(this.#boxes, box, other)) this.#add(box, other);
            } else if (this.#overlap(this.#old, box, other)) this.#drop(box, other);
            // (a pair is held only if its boxes overlapped before the update, or it was added in it:
            // then it overlaps now and no max passes a min; so a pair apart before is not held)
          }
          V[q + 1] = V[q];
          T[q + 1] = u;
          q--;
        }
        V[q + 1] = v;
        T[q + 1] = t;
        if (swaps > budget) {
          // (the lists and pairs half updated are all made anew from `boxes`)
          this.#rebuild(boxes);
          return swaps;
        }
      }
    }
    return swaps;
  }

  /** Sorts every list afresh and takes the pairs from a fresh sweep (after a large fill). */
  #rebuild(boxes: Float64Array): void {
    const n = this.#count;
    const dim = this.dim;
    const order = new Uint32Array(2 * n);
    for (let a = 0; a < dim; a++) {
      const V = this.#values[a];
      const T = this.#tags[a];
      for (let t = 0; t < 2 * n; t++) {
        order[t] = t;
        V[t] = boxes[2 * dim * (t >>> 1) + (t & 1) * dim + a];
      }
      // (value, min before max): the order the insertion sort keeps
      order.sort((p, q) => V[p] - V[q] || (p & 1) - (q & 1));
      const sorted = Float64Array.from(order, (t) => V[t]);
      V.set(sorted);
      T.set(order);
    }
    const pairs = overlappingPairs(boxes, dim);
    this.#pairCount = 0;
    this.#index.clear();
    // held in the order of their bodies (i, then j), not the sweep's: a pass over the pairs (the
    // step's test of 1.2·10⁵ held pairs on the bench's lattice) then reads the boxes nearly in
    // order, 3.5× faster there than in the sweep's order, which jumps across the whole array
    const keys = new Float64Array(pairs.length >>> 1);
    for (let x = 0; x < keys.length; x++) {
      const p = pairs[2 * x];
      const q = pairs[2 * x + 1];
      keys[x] = p < q ? p * n + q : q * n + p;
    }
    keys.sort();
    for (let x = 0; x < keys.length; x++) {
      const i = Math.floor(keys[x] / n);
      this.#add(i, keys[x] - i * n);
    }
  }

  /**
   * The sorted endpoints of axis a, as tags (`box · 2 + (1 if max)`); a view, valid until the next
   * change.
   *
   * @example
   * ```ts
   * import { SortedSweep } from '@firsttouch/world';
   * const sweep = new SortedSweep(2);
   * sweep.append();
   * sweep.append();
   * sweep.update(new Float64Array([2, 0, 3, 1, 0, 0, 1, 1]));
   * console.log(Array.from(sweep.order(0))); // [2, 3, 0, 1]
   * ```
   */
  order(a: number): Uint32Array {
    if (!(a === 0 || a === 1 || (a === 2 && this.dim === 3)))
      throw new FirstTouchError(
        'INVALID_OPTION',
        `SortedSweep.order: a must be an axis (0 to ${this.dim - 1}), got ${describeValue(a)}`,
      );
    return this.#tags[a].subarray(0, 2 * this.#count);
  }

  #overlap(B: Float64Array, i: number, j: number): boolean {
    const dim = this.dim;
    const oi = 2 * dim * i;
    const oj = 2 * dim * j;
    for (let a = 0; a < dim; a++) {
      if (B[oi + dim + a] < B[oj + a] || B[oj + dim + a] < B[oi + a]) return false;
    }
    return true;
  }

  #add(p: number, q: number): void {
    const i = p < q ? p : q;
    const j = p < q ? q : p;
    if (this.#index.find(this.#pairs, i, j) >= 0) return;
    const x = this.#pairCount;
    if (2 * x + 2 > this.#pairs.length) {
      const grown = new Uint32Array(2 * this.#pairs.length);
      grown.set(this.#pairs);
      this.#pairs = grown;
    }
    this.#pairs[2 * x] = i;
    this.#pairs[2 * x + 1] = j;
    this.#index.insert(this.#pairs, x, i, j, x);
    this.#pairCount = x + 1;
  }

  #drop(p: number, q: number): void {
    const i = p < q ? p : q;
    const j = p < q ? q : p;
    const x = this.#index.find(this.#pairs, i, j);
    if (x < 0) return;
    this.#index.remove(this.#pairs, i, j);
    // the last pair takes the freed place (moved in the index while the list still holds it there)
    const last = this.#pairCount - 1;
    if (x !== last) {
      const li = this.#pairs[2 * last];
      const lj = this.#pairs[2 * last + 1];
      this.#index.move(this.#pairs, li, lj, x);
      this.#pairs[2 * x] = li;
      this.#pairs[2 * x + 1] = lj;
    }
    this.#pairCount = last;
  }

  /** Room for n boxes. */
  #reserve(n: number): void {
    const dim = this.dim;
    if (this.#boxes.length >= 2 * dim * n) return;
    const cap = Math.max(16, 2 * n);
    const boxes = new Float64Array(2 * dim * cap);
    boxes.set(this.#boxes);
    this.#boxes = boxes;
    this.#old = new Float64Array(2 * dim * cap);
    for (let a = 0; a < dim; a++) {
      const V = new Float64Array(2 * cap);
      V.set(this.#values[a]);
      this.#values[a] = V;
      const T = new Uint32Array(2 * cap);
      T.set(this.#tags[a]);
      this.#tags[a] = T;
    }
  }
}
