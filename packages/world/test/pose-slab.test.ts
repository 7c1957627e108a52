import { describe, expect, it } from 'vitest';
import { DIM2, DIM3 } from '../src/dimension.js';
import { PoseSlab } from '../src/pose-slab.js';

describe('PoseSlab: the world’s poses side by side in shared buffers', () => {
  it('hands out poses whose numbers never share memory, across the chunks as they grow (3-D and 2-D)', () => {
    for (const d of [DIM3, DIM2] as const) {
      const slab = new PoseSlab<{ t: Float64Array }>(
        d.slot,
        d.view as (b: Float64Array, o: number) => { t: Float64Array },
        8,
      );
      const poses = Array.from({ length: 50 }, () => slab.next());
      // each pose's translation (and 3-D rotation) written with its own number, then read back
      poses.forEach((p, k) => {
        p.t.fill(k + 1);
        if ('R' in p) (p as { R: Float64Array }).R.fill(-(k + 1));
      });
      poses.forEach((p, k) => {
        expect([...p.t]).toEqual(new Array(d.dim).fill(k + 1));
        if ('R' in p) expect([...(p as { R: Float64Array }).R]).toEqual(new Array(9).fill(-(k + 1)));
      });
    }
  });

  it('keeps consecutive poses next to each other in one buffer', () => {
    const slab = new PoseSlab(DIM3.slot, DIM3.view);
    const a = slab.next();
    const b = slab.next();
    expect(a.t.buffer).toBe(b.t.buffer);
    expect(b.R.byteOffset - a.R.byteOffset).toBe(12 * 8);
    expect(a.t.byteOffset).toBe(a.R.byteOffset + 9 * 8);
  });
});
