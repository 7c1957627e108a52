import { CcdStatus, type CcdStatusValue, timeOfImpact2 } from '@firsttouch/ccd';
import { convexPolygon, cuboid2 } from '@firsttouch/convex';
import { Curve, disc, rectangle } from '@firsttouch/mesh';
import { type Pose2, pose2 } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allImpacts2, firstImpact2 } from '../src/index.js';
import { rng } from './helpers.js';

function scene2(seed: number, n: number) {
  const r = rng(seed);
  const kinds = [disc(0.05, 12), rectangle(0.2, 0.02), disc(0.1, 5)];
  const bodies: Curve[] = [];
  const poses0: Pose2[] = [];
  const poses1: Pose2[] = [];
  for (let i = 0; i < n; i++) {
    bodies.push(kinds[Math.floor(r() * kinds.length)]);
    const c = [r() * 0.6, r() * 0.6];
    const a = 6 * r();
    poses0.push(pose2(a, c));
    poses1.push(
      r() < 0.15
        ? pose2(a, c)
        : pose2(a + (2 * r() - 1) * Math.PI, [c[0] + 0.6 * (r() - 0.5), c[1] + 0.6 * (r() - 0.5)]),
    );
  }
  return { bodies, poses0, poses1 };
}

describe('firstImpact2 equals the loop over all pairs, bit for bit', () => {
  it('on random scenes of discs and bars', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 2, max: 16 }), (seed, n) => {
        const { bodies, poses0, poses1 } = scene2(seed, n);
        const r = firstImpact2(bodies, poses0, poses1, { tolerance: 1e-6 });
        let best: { toi: number; pair: [number, number]; status: CcdStatusValue } | null = null;
        const found: [number, number][] = [];
        for (let i = 0; i < n; i++) {
          for (let j = i + 1; j < n; j++) {
            const q = timeOfImpact2(
              bodies[i],
              bodies[j],
              { a: [poses0[i], poses1[i]], b: [poses0[j], poses1[j]] },
              { tolerance: 1e-6 },
            );
            if (q.status === CcdStatus.Separate) continue;
            found.push([i, j]);
            if (best === null || q.toi < best.toi) best = { toi: q.toi, pair: [i, j], status: q.status };
          }
        }
        expect(r.status).toBe(best?.status ?? CcdStatus.Separate);
        expect(r.toi).toBe(best?.toi ?? 1);
        expect(r.pair).toEqual(best?.pair ?? null);
        expect(r.tested).toBeLessThanOrEqual(r.candidates);
        const all = allImpacts2(bodies, poses0, poses1, { tolerance: 1e-6 });
        expect(all.impacts.map((x) => x.pair).sort()).toEqual(found.sort());
      }),
      { numRuns: 40 },
    );
  });
});

// Adversarial testing: a body turned to 1e17 rad (an ulp of 16) had its neighbours measured with
// the turn between them taken from the raw angles, which lost the other angle: firstImpact2 answered
// Contact at s = 0.2106 when the first contact is at s = 0.05.
describe('firstImpact2 with a body turned to an enormous angle', () => {
  it.each([1e12, 1e17, -1e17])('finds the first contact of a segment turned to %s', (big) => {
    const c = Math.cos(big);
    const s = Math.sin(big);
    const along = Math.atan2(s, c);
    const wall = rectangle(10, 1e-9);
    const bar = rectangle(1, 1e-9);
    const poses0 = [pose2(big, [0, 0]), pose2(along + 0.3, [-0.2 * s, 0.2 * c])];
    const poses1 = [pose2(big, [0, 0]), pose2(along + 0.3, [0.8 * s, -0.8 * c])];
    const r = firstImpact2([wall, bar], poses0, poses1);
    const first = 0.2 - 0.5 * Math.sin(0.3) - 0.5e-9 * (1 + Math.cos(0.3));
    expect(r.status).toBe(CcdStatus.Contact);
    expect(r.toi).toBeLessThanOrEqual(first);
    expect(first - r.toi).toBeLessThanOrEqual(r.tolerance);
  });
});

describe("the polygons' own path takes the caller's options, as timeOfImpact2 does", () => {
  // Adversarial testing: two small convex polygons (or rings) run ccd's polygon path, which the
  // broad phase gave the tolerance and horizon alone: `directional: false`, `maxIterations` and
  // `convex: false` were dropped there (a Contact where timeOfImpact2 says NotConverged at 3).
  const tri = convexPolygon([1, 0, -0.5, 0.8, -0.5, -0.8]);
  const box = cuboid2(0.3, 0.6);
  const triC = Curve.fromLoops([1, -0.5, -0.5], [0, 0.8, -0.8], [3]);
  const boxC = Curve.fromLoops([-0.3, 0.3, 0.3, -0.3], [-0.6, -0.6, 0.6, 0.6], [4]);
  const q0 = [pose2(0, [0, 0]), pose2(1, [3, 0])];
  const q1 = [pose2(1.5, [0.3, 0]), pose2(-0.5, [-1, 0])];
  const cases: [string, object][] = [
    ['directional: false', { directional: false }],
    ['maxIterations: 3', { maxIterations: 3 }],
    ['convex: false', { convex: false }],
    ['an abort signal never raised', { signal: new AbortController().signal }],
    ['the defaults', {}],
  ];
  for (const [name, extra] of cases)
    it(name, () => {
      for (const [a, b] of [
        [tri, box],
        [triC, boxC],
      ] as const) {
        const options = { tolerance: 1e-6, ...extra };
        const pair = timeOfImpact2(a, b, { a: [q0[0], q1[0]], b: [q0[1], q1[1]] }, options);
        const first = firstImpact2([a, b], q0, q1, options);
        expect([first.status, first.toi, first.impact?.iterations]).toEqual([
          pair.status,
          pair.toi,
          pair.iterations,
        ]);
        const all = allImpacts2([a, b], q0, q1, options).impacts[0];
        expect([all.status, all.toi, all.impact.iterations]).toEqual([
          pair.status,
          pair.toi,
          pair.iterations,
        ]);
      }
    });
});
