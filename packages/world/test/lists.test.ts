import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyList, sortTail } from '../src/lists.js';

describe('sortTail: a list’s tail sorted in place', () => {
  it('equals the tail sorted by Array.prototype.sort, the head untouched, short and long tails (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 2 ** 32 - 1 }), { maxLength: 20 }),
        fc.array(fc.nat({ max: 2 ** 32 - 1 }), { maxLength: 120 }),
        fc.nat({ max: 80 }),
        (head, tail, spareLength) => {
          const list = [...head, ...tail];
          const spare = new Uint32Array(spareLength);
          const kept = sortTail(list, head.length, spare);
          expect(list).toEqual([...head, ...[...tail].sort((a, b) => a - b)]);
          // the spare comes back when long enough, or one that holds the tail
          if (tail.length <= 32 || spareLength >= tail.length) expect(kept).toBe(spare);
          else expect(kept.length).toBeGreaterThanOrEqual(tail.length);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('sorts through the spare past 32 numbers, with repeats and the extremes', () => {
    const tail = Array.from({ length: 40 }, (_, k) => (k * 7919) % 13);
    tail.push(0, 2 ** 32 - 1, 2 ** 32 - 1);
    const list = [5, ...tail];
    sortTail(list, 1, new Uint32Array(0));
    expect(list).toEqual([5, ...[...tail].sort((a, b) => a - b)]);
  });
});

describe('emptyList', () => {
  it('empties a list, which then fills as a new one would', () => {
    const list = [1.5, 2, 3];
    emptyList(list);
    expect(list).toEqual([]);
    list.push(4, 5);
    expect(list).toEqual([4, 5]);
  });
});
