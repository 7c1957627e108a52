import { poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { DIM2, DIM3 } from '../src/dimension.js';
import { World } from '../src/index.js';
import { PoseSlab } from '../src/pose-slab.js';
import { pebble } from './helpers.js';

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

describe('PoseSlab: poses given back', () => {
  it('hands a given-back pose out again, once, and ignores poses it did not hand out', () => {
    const slab = new PoseSlab(DIM3.slot, DIM3.view, 4);
    const a = slab.next();
    const b = slab.next();
    slab.release(a);
    slab.release(a); // twice: still one free pose
    slab.release(DIM3.view(new Float64Array(12), 0)); // not the slab's
    slab.release(null);
    expect(slab.next()).toBe(a);
    const c = slab.next();
    expect(c).not.toBe(a);
    expect(c).not.toBe(b);
    expect(c.R.buffer).toBe(a.R.buffer);
  });

  it('keeps its memory to what the live poses need while bodies come and go', () => {
    const slab = new PoseSlab(DIM3.slot, DIM3.view, 64);
    const kept = Array.from({ length: 10 }, () => slab.next());
    for (let round = 0; round < 500; round++) {
      const passing = Array.from({ length: 30 }, () => slab.next());
      for (const p of passing) slab.release(p);
    }
    // 40 poses live at most: chunks of 16 and 32 hold them; without reuse it would take 15 000 / 64
    expect(slab.chunks).toBeLessThanOrEqual(2);
    expect(kept.every((p) => p.R.buffer === kept[0].R.buffer)).toBe(true);
  });
});

describe('World: bodies added and removed over many steps', () => {
  /** A world whose slab can be read. */
  class Probe extends World {
    get chunks(): number {
      return this.slab.chunks;
    }
  }

  it('reuses a removed body’s poses, and no two live bodies ever share one', () => {
    const world = new Probe();
    const at = (x: number, y: number) => poseFromAxisAngle([0, 0, 1], 0.1 * x, [x, y, 0]);
    const kept = Array.from({ length: 20 }, (_, k) => world.add(pebble, { pose: at(k, 0), shared: true }));
    for (let round = 1; round <= 150; round++) {
      // the kept bodies move a little each step; 40 passing bodies (far from them and each other)
      // are added, get targets, take a step and go
      const passing = Array.from({ length: 40 }, (_, k) =>
        world.add(pebble, { pose: at(k, 10 + round), shared: true }),
      );
      kept.forEach((id, k) => {
        world.setTarget(id, at(k, round / 1000));
      });
      passing.forEach((id, k) => {
        world.setTarget(id, at(k, 10.5 + round));
      });
      world.step();
      kept.forEach((id, k) => {
        expect(world.pose(id).t[1]).toBe(at(k, round / 1000).t[1]);
      });
      passing.forEach((id, k) => {
        expect(world.pose(id).t[1]).toBe(10.5 + round);
        expect(world.pose(id).t[0]).toBe(k);
      });
      for (const id of passing) world.remove(id);
    }
    // at most 60 bodies of two poses each live at once: chunks of 16, 32, 64 and 128 hold them
    expect(world.chunks).toBeLessThanOrEqual(4);
  });
});
