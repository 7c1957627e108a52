// distinctPoints and distinctPointIndex against a plain quadratic loop: the same points, in order of
// first appearance, equal bit for bit (0 and −0 apart), and each point's index naming its own bits.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distinctPointIndex, distinctPoints } from '../src/index.js';

/** The reference: every point compared with the distinct ones kept so far, by Object.is. */
function slowWeld(xyz: number[], dim: number): { points: number[]; index: number[] } {
  const points: number[] = [];
  const index: number[] = [];
  for (let i = 0; i < xyz.length / dim; i++) {
    const p = xyz.slice(i * dim, i * dim + dim);
    let k = 0;
    for (; k < points.length / dim; k++) if (p.every((x, a) => Object.is(x, points[k * dim + a]))) break;
    if (k === points.length / dim) points.push(...p);
    index.push(k);
  }
  return { points, index };
}

describe('distinctPoints and distinctPointIndex', () => {
  it('agree with the quadratic loop on points drawn from a small set (many repeats, ±0 included)', () => {
    const coord = fc.constantFrom(0, -0, 1, -1, 0.5, 1e300, 5e-324, Number.MIN_VALUE * 3);
    for (const dim of [2, 3] as const) {
      fc.assert(
        fc.property(fc.array(coord, { maxLength: 90 }), (raw) => {
          const xyz = raw.slice(0, raw.length - (raw.length % dim));
          const ref = slowWeld(xyz, dim);
          const f = new Float64Array(xyz);
          expect(Array.from(distinctPoints(f, dim))).toEqual(ref.points);
          expect(Array.from(distinctPointIndex(f, dim))).toEqual(ref.index);
        }),
        { numRuns: 300, seed: 611 },
      );
    }
  });

  it('reads a view at any offset', () => {
    const buffer = new Float64Array([9, 1, 2, 1, 2, 3, 4]);
    expect(Array.from(distinctPointIndex(buffer.subarray(1, 7), 2))).toEqual([0, 0, 1]);
  });
});
