import { sweepAndPrune } from '@firsttouch/broadphase';
import { FirstTouchError } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FatBoxes, SortedSweep } from '../src/index.js';
import { rng } from './helpers.js';

/** The pairs of a sweep as sorted keys `i,j`. */
const keysOf = (pairs: Uint32Array) => {
  const out: string[] = [];
  for (let x = 0; x < pairs.length; x += 2) out.push(`${pairs[x]},${pairs[x + 1]}`);
  return out.sort();
};

/** Random boxes: centres in a cube of `side`, half-extents up to `size`, on a coarse lattice sometimes (ties). */
function randomBoxes(r: () => number, n: number, dim: 2 | 3, side: number, size: number, lattice: boolean) {
  const b = new Float64Array(2 * dim * n);
  const q = (x: number) => (lattice ? Math.round(x * 8) / 8 : x);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < dim; a++) {
      const c = q(r() * side);
      const e = q(r() * size);
      b[2 * dim * i + a] = c - e;
      b[2 * dim * i + dim + a] = c + e;
    }
  }
  return b;
}

/** The endpoints of axis a in a fresh sort: (value, min before max) for each, in order. */
function freshOrder(boxes: Float64Array, dim: number, n: number, a: number): [number, number][] {
  const e: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    e.push([boxes[2 * dim * i + a], 0]);
    e.push([boxes[2 * dim * i + dim + a], 1]);
  }
  return e.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

/** The sweep's endpoints of axis a, read back from its tags and the boxes. */
function heldOrder(sweep: SortedSweep, boxes: Float64Array, a: number): [number, number][] {
  const dim = sweep.dim;
  return Array.from(sweep.order(a), (t) => [boxes[2 * dim * (t >>> 1) + (t & 1) * dim + a], t & 1]);
}

describe('SortedSweep: lists kept sorted by swaps equal a fresh sort, pairs equal a fresh sweep', () => {
  it('after random moves, adds and removes (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.constantFrom(2 as const, 3 as const),
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        (seed, dim, n, lattice) => {
          const r = rng(seed);
          const sweep = new SortedSweep(dim);
          for (let i = 0; i < n; i++) sweep.append();
          let boxes = randomBoxes(r, n, dim, 1, 0.15, lattice);
          let count = n;
          for (let round = 0; round < 8; round++) {
            sweep.update(boxes);
            expect(keysOf(sweep.pairs())).toEqual(keysOf(sweepAndPrune(boxes, dim)));
            for (let a = 0; a < dim; a++)
              expect(heldOrder(sweep, boxes, a)).toEqual(freshOrder(boxes, dim, count, a));
            // move a little (coherent), or jump; sometimes add or remove a box
            const moved = new Float64Array(boxes);
            const jump = r() < 0.2;
            for (let i = 0; i < count; i++) {
              for (let a = 0; a < dim; a++) {
                const d = jump ? r() - 0.5 : 0.05 * (r() - 0.5);
                moved[2 * dim * i + a] += d;
                moved[2 * dim * i + dim + a] += d;
              }
            }
            boxes = moved;
            if (r() < 0.3 && count > 0) {
              const k = Math.floor(r() * count);
              sweep.remove(k);
              const kept = new Float64Array(2 * dim * (count - 1));
              kept.set(boxes.subarray(0, 2 * dim * k));
              kept.set(boxes.subarray(2 * dim * (k + 1)), 2 * dim * k);
              boxes = kept;
              count--;
            }
            if (r() < 0.3) {
              sweep.append();
              const grown = new Float64Array(2 * dim * (count + 1));
              grown.set(boxes);
              grown.set(randomBoxes(r, 1, dim, 1, 0.15, lattice), 2 * dim * count);
              boxes = grown;
              count++;
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('coherent motion swaps few endpoints: each update costs far fewer swaps than a sort', () => {
    const r = rng(7);
    const n = 2000;
    const sweep = new SortedSweep(3);
    for (let i = 0; i < n; i++) sweep.append();
    let boxes = randomBoxes(r, n, 3, 10, 0.05, false);
    sweep.update(boxes);
    let swaps = 0;
    for (let round = 0; round < 5; round++) {
      // each box moves as a whole, a little
      boxes = boxes.map((x, k) => x + 0.001 * Math.sin(3 * Math.floor(k / 6) + (k % 3) + round));
      swaps += sweep.update(boxes);
      expect(keysOf(sweep.pairs())).toEqual(keysOf(sweepAndPrune(boxes, 3)));
    }
    // a sort of 2n endpoints on 3 axes makes about 3 · 2n · log2(2n) ≈ 138 000 comparisons a round
    expect(swaps / 5).toBeLessThan(2000);
  });

  it('a large fill is sorted afresh, then kept by swaps (both paths equal a fresh sweep)', () => {
    for (const dim of [2, 3] as const) {
      const r = rng(dim);
      const n = 600;
      const sweep = new SortedSweep(dim);
      for (let i = 0; i < n; i++) sweep.append();
      let boxes = randomBoxes(r, n, dim, 2, 0.1, dim === 2);
      expect(sweep.update(boxes)).toBe(0);
      for (let round = 0; round < 4; round++) {
        expect(keysOf(sweep.pairs())).toEqual(keysOf(sweepAndPrune(boxes, dim)));
        for (let a = 0; a < dim; a++)
          expect(heldOrder(sweep, boxes, a)).toEqual(freshOrder(boxes, dim, n, a));
        boxes = boxes.map((x, k) => x + 0.02 * Math.sin(Math.floor(k / (2 * dim)) + round));
        expect(sweep.update(boxes)).toBeGreaterThan(0);
      }
    }
  });

  it('a wholesale reordering stops swapping and sorts afresh (a reversal made n² swaps: 10⁹ at 32 000 boxes)', () => {
    for (const dim of [2, 3] as const) {
      const r = rng(10 + dim);
      const n = 3000;
      const sweep = new SortedSweep(dim);
      for (let i = 0; i < n; i++) sweep.append();
      const boxes = randomBoxes(r, n, dim, 20, 0.3, dim === 2);
      sweep.update(boxes);
      // every box mirrored through the origin along x: each pair of endpoints changes order
      const mirrored = boxes.slice();
      for (let i = 0; i < n; i++) {
        const o = 2 * dim * i;
        mirrored[o] = -boxes[o + dim];
        mirrored[o + dim] = -boxes[o];
      }
      const swaps = sweep.update(mirrored);
      expect(swaps).toBeLessThanOrEqual(8 * dim * 2 * n * Math.ceil(Math.log2(2 * n + 1)) + 4096 + 2 * n);
      expect(swaps).toBeLessThan((dim * (2 * n) ** 2) / 8);
      expect(keysOf(sweep.pairs())).toEqual(keysOf(sweepAndPrune(mirrored, dim)));
      for (let a = 0; a < dim; a++)
        expect(heldOrder(sweep, mirrored, a)).toEqual(freshOrder(mirrored, dim, n, a));
      // and kept by swaps again after it
      const moved = mirrored.map((x, k) => x + 0.01 * Math.sin(Math.floor(k / (2 * dim))));
      expect(sweep.update(moved)).toBeGreaterThan(0);
      expect(keysOf(sweep.pairs())).toEqual(keysOf(sweepAndPrune(moved, dim)));
    }
  });

  it('refuses boxes of the wrong length', () => {
    const sweep = new SortedSweep(2);
    sweep.append();
    expect(() => sweep.update(new Float64Array(3))).toThrow(/4 numbers/);
  });
});

describe('SortedSweep and FatBoxes refuse what they cannot hold, with a stable code', () => {
  it('a number of axes, a box number, boxes of the wrong length or with a NaN, an axis', () => {
    const code = (f: () => unknown): string => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(FirstTouchError);
        return (e as FirstTouchError).code;
      }
      return 'no error';
    };
    // (1e7 axes made a sweep allocate lists until the process died)
    for (const dim of [0, 1, 2.5, 4, 1e7, Number.POSITIVE_INFINITY, 'x', null]) {
      expect(code(() => new SortedSweep(dim as never))).toBe('INVALID_OPTION');
      expect(code(() => new FatBoxes(dim as never))).toBe('INVALID_OPTION');
    }
    const sweep = new SortedSweep(2);
    const fat = new FatBoxes(2);
    sweep.append();
    fat.append();
    for (const k of [-1, 1, 0.5, Number.NaN, 'a', undefined]) {
      expect(code(() => sweep.remove(k as never))).toBe('INVALID_OPTION');
      expect(code(() => fat.remove(k as never))).toBe('INVALID_OPTION');
    }
    for (const boxes of [null, [0, 0, 1, 1], new Float64Array(3), new Float64Array(5)]) {
      expect(code(() => sweep.update(boxes as never))).toBe('BAD_LENGTH');
      expect(code(() => fat.refit(boxes as never))).toBe('BAD_LENGTH');
    }
    expect(code(() => sweep.update(Float64Array.of(0, Number.NaN, 1, 1)))).toBe('NON_FINITE');
    expect(code(() => fat.refit(Float64Array.of(0, 0, Number.NaN, 1)))).toBe('NON_FINITE');
    for (const a of [-1, 2, 0.5, '0']) expect(code(() => sweep.order(a as never))).toBe('INVALID_OPTION');
    // and what they hold is as it was
    expect(sweep.count).toBe(1);
    expect(fat.boxes().length).toBe(4);
    expect(sweep.update(Float64Array.of(0, 0, 1, 1))).toBe(0);
    expect(Array.from(sweep.order(1))).toEqual([0, 1]);
  });
});
