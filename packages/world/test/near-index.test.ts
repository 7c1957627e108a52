import { sweepAndPrune } from '@firsttouch/broadphase';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxesMeeting } from '../src/boxes-meeting.js';
import { NearIndex } from '../src/near-index.js';
import { rng } from './helpers.js';

describe('NearIndex: the bodies whose boxes meet a changed body’s, from the held pairs', () => {
  it('equals the scan of every box, bodies moving inside and out of their fat boxes (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.constantFrom(2 as const, 3 as const), (seed, dim) => {
        const r = rng(seed);
        const n = 2 + Math.floor(r() * 60);
        const w = 2 * dim;
        // boxes in a cube of side 1, each fat box the box grown by up to 0.1 a side
        const boxes = new Float64Array(w * n);
        const fat = new Float64Array(w * n);
        for (let k = 0; k < n; k++) {
          for (let a = 0; a < dim; a++) {
            const lo = r();
            const hi = lo + 0.2 * r();
            boxes[w * k + a] = lo;
            boxes[w * k + dim + a] = hi;
            fat[w * k + a] = lo - 0.1 * r();
            fat[w * k + dim + a] = hi + 0.1 * r();
          }
        }
        const index = new NearIndex();
        index.build(sweepAndPrune(fat, dim), n);
        const skip = new Uint8Array(n);
        for (let round = 0; round < 12; round++) {
          // a body gets a new box: small moves stay in the fat box, large ones leave it
          const k = Math.floor(r() * n);
          const step = r() < 0.5 ? 0.02 : 0.4;
          for (let a = 0; a < dim; a++) {
            const d = step * (2 * r() - 1);
            boxes[w * k + a] += d;
            boxes[w * k + dim + a] += d;
          }
          index.moved(dim, boxes, fat, k);
          const x = Math.floor(r() * n);
          skip.fill(0);
          if (r() < 0.3) skip[Math.floor(r() * n)] = 1;
          const expected: number[] = [];
          boxesMeeting(dim, boxes, n, x, skip, expected);
          const found: number[] = [7];
          index.near(dim, boxes, n, x, skip, found);
          expect(found).toEqual([7, ...expected]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
