import { defaultTolerance } from '@firsttouch/ccd';
import { ball } from '@firsttouch/convex';
import { box } from '@firsttouch/mesh';
import { poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { World } from '../src/index.js';

// Far from the origin the default tolerance has a floor (2^-46 of the largest coordinate in play:
// ccd's defaultTolerance); the world's step takes the same default as its firstImpact.

const W = 1e8;
const at = (x: number, angle = 0) => poseFromAxisAngle([0, 0, 1], angle, [W + x, W, -W]);

describe('a world far from the origin', () => {
  it('steps with the default tolerance of its firstImpact, floored by its coordinates', () => {
    const world = new World();
    const a = world.add(box(0.01), { pose: at(0) });
    const b = world.add(box(0.01), { pose: at(0.05), shared: true });
    world.setTarget(a, at(0.02, 1));
    world.setTarget(b, at(-0.03));
    const first = world.firstImpact();
    expect(first.tolerance).toBe(2 ** -46 * (W + 0.05));
    expect(first.tolerance).toBeGreaterThan(defaultTolerance(box(0.01).bounds().diagonal));
    const step = world.step();
    expect(step.tolerance).toBe(first.tolerance);
    expect(step.events[0]?.toi).toBe(first.toi);
  });

  it('bodies at ±1.7e308: step and firstImpact agree (firstImpact threw a tolerance of +∞, none given)', () => {
    const x = (v: number) => poseFromAxisAngle([0, 0, 1], 0, [v, 0, 0]);
    for (const r of [1, 1e300]) {
      const world = new World();
      world.add(ball(r), { pose: x(1.7e308), kind: 'static' });
      const b = world.add(ball(r), { pose: x(-1.7e308) });
      world.setTarget(b, x(-1.6e308));
      const first = world.firstImpact();
      expect([first.status, first.toi]).toEqual(['separate', 1]);
      const step = world.step();
      expect([step.status, step.events.length, step.tolerance]).toEqual(['complete', 0, first.tolerance]);
    }
  });

  // Regression (fixed): a static body at 1e308 has a box grown past float64 (±∞ on its axis); with
  // more than 64 bodies the sweep sorts afresh, and broadphase's sweep then lost every pair (its
  // columns' sizes NaN): the world held no pair, and a cube stepped through its neighbour.
  it('a static body far out among many: no cube passes through another', () => {
    const at = (x: number, y = 0) => poseFromAxisAngle([0, 0, 1], 0, [x, y, 0]);
    for (const farY of [-1e308, -1e307]) {
      const world = new World();
      world.add(box(1), { pose: at(0, farY), kind: 'static' });
      const cube = box(0.1);
      for (let k = 1; k < 70; k++) world.add(cube, { pose: at(k * 0.5), shared: true });
      world.setTarget(1, at(1.5));
      const r = world.step(undefined, { tolerance: 1e-6 });
      expect(r.events.length).toBe(1);
      expect(r.events[0].ids).toEqual([1, 2]);
      expect(world.pose(1).t[0]).toBeLessThan(0.9);
      expect(world.sweep.pairCount).toBeGreaterThan(0);
    }
  });
});
