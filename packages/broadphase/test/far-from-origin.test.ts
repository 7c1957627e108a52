import { defaultTolerance, timeOfImpact, timeOfImpact2 } from '@firsttouch/ccd';
import { ball2, cuboid } from '@firsttouch/convex';
import { box, disc } from '@firsttouch/mesh';
import { pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { allImpacts, firstImpact, firstImpact2 } from '../src/index.js';

// Bodies 1e-2 across at 1e8 from the origin: the default tolerance (1e-6 of the largest diagonal)
// would be below the ulp of the coordinates the pairs are placed at, so it has a floor, 2^-46 of
// the largest |coordinate| of the translations and of the bodies' balls about their origins
// (ccd's defaultTolerance). The search and the loop over the pairs, given that tolerance, agree.

const W = 1e8;
const at = (x: number, y: number, angle = 0) => poseFromAxisAngle([0, 0, 1], angle, [W + x, W + y, W]);

describe('a scene far from the origin', () => {
  it('floors the default tolerance by its largest coordinate, and each pair answers as timeOfImpact', () => {
    const bodies = [box(0.01), cuboid(0.005, 0.005, 0.005), box(0.01)];
    const poses0 = [at(0, 0), at(0.05, 0), at(0.2, 0.2)];
    const poses1 = [at(0.02, 0, 1), at(-0.03, 0, 0.5), at(0.2, 0.2)];
    const r = firstImpact(bodies, poses0, poses1);
    const far = Math.max(...[...poses0, ...poses1].flatMap((p) => Array.from(p.t, Math.abs)));
    expect(far).toBeGreaterThan(W);
    expect(r.tolerance).toBe(defaultTolerance(box(0.01).bounds().diagonal, 1, far));
    expect(r.tolerance).toBe(2 ** -46 * far);
    expect(r.status).toBe('contact');
    expect(r.pair).toEqual([0, 1]);
    const [i, j] = r.pair as [number, number];
    const pair = timeOfImpact(
      bodies[i],
      bodies[j],
      { a: [poses0[i], poses1[i]], b: [poses0[j], poses1[j]] },
      { tolerance: r.tolerance },
    );
    expect([r.toi, r.impact?.distance]).toEqual([pair.toi, pair.distance]);
    expect(allImpacts(bodies, poses0, poses1).tolerance).toBe(r.tolerance);
  });

  it('does so in 2-D', () => {
    const q = (x: number, angle = 0) => pose2(angle, [W + x, -W]);
    const bodies = [disc(0.01, 12), ball2(0.005)];
    const poses0 = [q(0), q(0.05)];
    const poses1 = [q(0.02, 1), q(-0.03)];
    const r = firstImpact2(bodies, poses0, poses1);
    expect(r.tolerance).toBe(2 ** -46 * (W + 0.05));
    const pair = timeOfImpact2(
      bodies[0],
      bodies[1],
      { a: [poses0[0], poses1[0]], b: [poses0[1], poses1[1]] },
      { tolerance: r.tolerance },
    );
    expect([r.status, r.toi]).toEqual([pair.status, pair.toi]);
  });

  it('keeps the diagonal default near the origin', () => {
    const r = firstImpact(
      [box(0.01), box(0.01)],
      [poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [5, 0, 0])],
      [poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0]), poseFromAxisAngle([0, 0, 1], 1, [-5, 0, 0])],
    );
    expect(r.tolerance).toBe(defaultTolerance(box(0.01).bounds().diagonal));
  });

  it('bodies at ±1.7e308: the floor is that of the largest double, not +∞ (it threw "tolerance … got Infinity", none given)', () => {
    const x = (v: number) => poseFromAxisAngle([0, 0, 1], 0, [v, 0, 0]);
    const r = firstImpact(
      [cuboid(1, 1, 1), cuboid(1, 1, 1)],
      [x(1.7e308), x(-1.7e308)],
      [x(1.7e308), x(-1.6e308)],
    );
    expect([r.status, r.toi, r.tolerance]).toEqual(['separate', 1, 2 ** -46 * Number.MAX_VALUE]);
    const q = (v: number) => pose2(0, [v, 0]);
    const r2 = firstImpact2([ball2(1), ball2(1)], [q(1.7e308), q(-1.7e308)], [q(1.7e308), q(-1.6e308)]);
    expect([r2.status, r2.tolerance]).toEqual(['separate', 2 ** -46 * Number.MAX_VALUE]);
  });
});
