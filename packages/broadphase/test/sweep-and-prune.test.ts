import { FirstTouchError } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sweepAndPrune } from '../src/index.js';
import { sortedByKey } from '../src/sweep-and-prune.js';
import { rng } from './helpers.js';

/** All pairs of closed boxes that overlap, by the double loop. */
function allPairs(boxes: Float64Array, dim: number): number[] {
  const n = boxes.length / (2 * dim);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      let overlap = true;
      for (let a = 0; a < dim; a++) {
        if (
          boxes[2 * dim * i + dim + a] < boxes[2 * dim * j + a] ||
          boxes[2 * dim * j + dim + a] < boxes[2 * dim * i + a]
        )
          overlap = false;
      }
      if (overlap) out.push(i, j);
    }
  }
  return out;
}

const boxArb = (dim: 2 | 3) =>
  fc
    .array(
      fc.tuple(
        fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: dim, maxLength: dim }),
        fc.array(fc.double({ min: 0, max: 3, noNaN: true }), { minLength: dim, maxLength: dim }),
      ),
      { maxLength: 60 },
    )
    .map((list) => Float64Array.from(list.flatMap(([c, e]) => [...c, ...c.map((x, a) => x + e[a])])));

describe('sweepAndPrune', () => {
  for (const dim of [2, 3] as const) {
    it(`equals the all-pairs box overlap in ${dim}-D, in lexicographic order`, () => {
      fc.assert(
        fc.property(boxArb(dim), (boxes) => {
          expect(Array.from(sweepAndPrune(boxes, dim))).toEqual(allPairs(boxes, dim));
        }),
        { numRuns: 300 },
      );
    });
  }

  // Regression (fixed): one box reaching ±∞ on an axis the sweep does not sort along (an unplaced
  // box's ends, or a far static body's box grown past float64 in the world) made the columns' sizes
  // NaN, and every pair was lost: the world's fresh sort held none, and a cube passed through another.
  it('boxes reaching ±∞ or past float64 on any axis: the all-pairs overlap', () => {
    const far = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, -Number.MAX_VALUE, Number.MAX_VALUE];
    for (const dim of [2, 3] as const) {
      const chain: number[] = [];
      for (let k = 0; k < 70; k++)
        chain.push(k, 0, ...(dim === 3 ? [0] : []), k + 1.5, 1, ...(dim === 3 ? [1] : []));
      chain[1] = Number.NEGATIVE_INFINITY;
      const boxes = Float64Array.from(chain);
      expect(sweepAndPrune(boxes, dim).length / 2).toBe(69);
      fc.assert(
        fc.property(
          boxArb(dim).filter((b) => b.length > 0),
          fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 })), { minLength: 1, maxLength: 6 }),
          (boxes, changes) => {
            const b = boxes.slice();
            const n = b.length / (2 * dim);
            for (const [at, which] of changes) {
              const i = at % n;
              const a = at % dim;
              // a min pushed down or a max pushed up, so the box stays a box
              if (which % 2 === 0) b[2 * dim * i + a] = far[which];
              else b[2 * dim * i + dim + a] = far[which];
            }
            expect(Array.from(sweepAndPrune(b, dim))).toEqual(allPairs(b, dim));
          },
        ),
        { numRuns: 300 },
      );
    }
  });

  it('finds touching boxes, boxes on a grid, many equal boxes, one huge box', () => {
    const grid: number[] = [];
    for (let i = 0; i < 10; i++) for (let j = 0; j < 10; j++) grid.push(i, j, 0, i + 1, j + 1, 1);
    grid.push(-5, -5, -5, 50, 50, 50);
    for (let k = 0; k < 20; k++) grid.push(3, 3, 3, 4, 4, 4);
    const boxes = Float64Array.from(grid);
    expect(Array.from(sweepAndPrune(boxes))).toEqual(allPairs(boxes, 3));
  });

  it('equals the all-pairs box overlap for thousands of boxes (the radix sort of the sweep)', () => {
    for (const seed of [1, 2]) {
      const r = rng(seed);
      const boxes = new Float64Array(6 * 3000);
      for (let i = 0; i < 3000; i++) {
        for (let a = 0; a < 3; a++) {
          // some boxes share their min along an axis (ties), some sit at negative coordinates
          const lo = r() < 0.1 ? 0 : (r() - 0.3) * 40;
          boxes[6 * i + a] = lo;
          boxes[6 * i + 3 + a] = lo + r() * 1.5;
        }
      }
      expect(Array.from(sweepAndPrune(boxes))).toEqual(allPairs(boxes, 3));
    }
  });

  it('sortedByKey orders by (key, index), radix or not', () => {
    for (const n of [10, 5000]) {
      const r = rng(n);
      const special = [0, -0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e-310, -1e-310, 1, -1];
      const keys = Float64Array.from({ length: n }, () =>
        r() < 0.2 ? special[Math.floor(r() * special.length)] : (r() - 0.5) * 10 ** Math.floor(r() * 8 - 4),
      );
      const want = Array.from(keys.keys()).sort((p, q) => keys[p] - keys[q] || p - q);
      expect(Array.from(sortedByKey(keys))).toEqual(want);
    }
  });

  it('sortedByKey orders by (key, index) through its buckets: even keys, ties, ±0, a cluster', () => {
    const r = rng(77);
    const cases: [string, Float64Array][] = [
      ['even', Float64Array.from({ length: 6000 }, () => r() * 4.7 - 0.1)],
      // keys on 300 values: buckets of about 20 ties each, kept in index order
      ['ties', Float64Array.from({ length: 6000 }, () => Math.floor(r() * 300) / 7)],
      [
        'zeros',
        Float64Array.from({ length: 4000 }, (_, i) => (i % 3 === 0 ? -0 : i % 3 === 1 ? 0 : r() - 0.5)),
      ],
      // a third of the keys in a sliver: buckets beyond the limit, so the radix sort runs
      ['cluster', Float64Array.from({ length: 6000 }, (_, i) => (i % 3 === 0 ? 1 + r() * 1e-9 : r() * 100))],
      ['two values', Float64Array.from({ length: 3000 }, (_, i) => (i % 2 ? 5 : -5))],
    ];
    for (const [, keys] of cases) {
      const want = Array.from(keys.keys()).sort((p, q) => keys[p] - keys[q] || p - q);
      expect(Array.from(sortedByKey(keys))).toEqual(want);
    }
  });

  it('rejects bad boxes with a FirstTouchError', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(FirstTouchError);
        return (e as FirstTouchError).code;
      }
      return 'none';
    };
    expect(code(() => sweepAndPrune(new Float64Array(5)))).toBe('BAD_LENGTH');
    expect(code(() => sweepAndPrune(Float64Array.from([0, 0, 0, Number.NaN, 1, 1])))).toBe('NON_FINITE');
    expect(code(() => sweepAndPrune(Float64Array.from([0, 0, 0, -1, 1, 1])))).toBe('INVALID_OPTION');
    expect(code(() => sweepAndPrune(new Float64Array(6), 4 as 3))).toBe('INVALID_OPTION');
    expect(sweepAndPrune(new Float64Array(0)).length).toBe(0);
  });

  it('names the first bad box and axis, in the order of the boxes then the axes', () => {
    const message = (boxes: number[], dim: 2 | 3 = 3) => {
      try {
        sweepAndPrune(Float64Array.from(boxes), dim);
      } catch (e) {
        return `${(e as FirstTouchError).code}: ${(e as Error).message}`;
      }
      return 'none';
    };
    // box 1 inverted on axis 0 and NaN on axis 1: axis 0 is judged first
    expect(message([0, 0, 0, 1, 1, 1, 2, Number.NaN, 0, 1, 1, 1])).toBe(
      'INVALID_OPTION: box 1: min 2 > max 1 on axis 0',
    );
    // a NaN at the max of axis 2 of box 2, box 1 fine
    expect(message([0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, Number.NaN])).toBe(
      'NON_FINITE: box 2 has a NaN coordinate',
    );
    // 2-D: box 0 inverted on axis 1
    expect(message([0, 3, 1, 2], 2)).toBe('INVALID_OPTION: box 0: min 3 > max 2 on axis 1');
  });
});
