// Faults an adversarial probe found (each test fails on the code before its fix): a body resting a
// hair above another (1e-13 to 1e-8 at unit size), sliding along it, was stopped at every step as
// an initial contact; and every refused `add` kept its pose's slot in the world's slab.

import { ball, cuboid, cuboid2, cylinder } from '@firsttouch/convex';
import { box, disc, icosphere, rectangle } from '@firsttouch/mesh';
import { pose2 } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { World, World2 } from '../src/world.js';

const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const at = (x: number, y: number) => ({ R: I, t: [x, y, 0] });
const GAPS = [1e-13, 1e-12, 1e-11, 1e-10, 1e-9, 1e-8, 1e-7];

describe('faults found by an adversarial probe', () => {
  it('lets a body a hair above a floor slide along it (3-D): no impact, the target reached', () => {
    const floors = [cuboid(2, 0.5, 2), box([4, 1, 4])];
    const crates = [
      { body: box(1), half: 0.5 },
      { body: cuboid(0.5, 0.5, 0.5), half: 0.5 },
      { body: ball(0.5), half: 0.5 },
      { body: cylinder(0.5, 0.5), half: 0.5 },
      { body: icosphere(0.5, 2), half: -icosphere(0.5, 2).bounds().min[1] },
    ];
    for (const floor of floors) {
      for (const { body, half } of crates) {
        for (const gap of GAPS) {
          const w = new World();
          w.add(floor, { pose: at(0, -0.5), kind: 'static' });
          const id = w.add(body, { pose: at(0, half + gap) });
          w.setTarget(id, at(0.5, half + gap));
          const r = w.step();
          expect(
            r.events.map((e) => e.status),
            `gap ${gap}`,
          ).toEqual([]);
          expect(w.pose(id).t[0]).toBe(0.5);
        }
      }
    }
  });

  it('lets a body a hair above a floor slide along it (2-D)', () => {
    const floors = [cuboid2(2, 0.5), rectangle(4, 1)];
    const d = disc(0.5, 16);
    let low = 0;
    const v = d.vertices();
    for (let k = 1; k < v.length; k += 2) low = Math.min(low, v[k]);
    const crates = [
      { body: rectangle(1, 1), half: 0.5 },
      { body: cuboid2(0.5, 0.5), half: 0.5 },
      { body: d, half: -low },
    ];
    for (const floor of floors) {
      for (const { body, half } of crates) {
        for (const gap of GAPS) {
          const w = new World2();
          w.add(floor, { pose: pose2(0, [0, -0.5]), kind: 'static' });
          const id = w.add(body, { pose: pose2(0, [0, half + gap]) });
          w.setTarget(id, pose2(0, [0.5, half + gap]));
          expect(w.step().events.length, `gap ${gap}`).toBe(0);
          expect(w.pose(id).t[0]).toBe(0.5);
        }
      }
    }
  });

  it('still stops a body a hair above a floor that moves into it', () => {
    for (const gap of GAPS) {
      const w = new World();
      w.add(cuboid(2, 0.5, 2), { pose: at(0, -0.5), kind: 'static' });
      const id = w.add(box(1), { pose: at(0, 0.5 + gap) });
      w.setTarget(id, at(0.5, 0.5 - 1e-6));
      const r = w.step();
      expect(r.events.length, `gap ${gap}`).toBe(1);
      // stopped where it was met: not through the floor (a rounding's overlap at most)
      expect(w.pose(id).t[1]).toBeGreaterThan(0.5 - 1e-12);
    }
  });

  it('gives a refused add’s pose slot back (a slab chunk kept alive for each thousand refusals)', () => {
    const w = new World();
    const slabOf = (x: World) => (x as unknown as { slab: { chunks: number } }).slab;
    for (let i = 0; i < 20_000; i++) {
      expect(() => w.add({} as never, { pose: at(i, 0) })).toThrow();
      if (i % 1000 === 0) w.add(box(0.1), { pose: at(i, 0) });
    }
    const control = new World();
    for (let i = 0; i < 20; i++) control.add(box(0.1), { pose: at(i, 0) });
    expect(w.size).toBe(20);
    expect(slabOf(w).chunks).toBe(slabOf(control).chunks);
  });
});
