// firstImpact and allImpacts over convex shapes and surfaces together (src/body-runner.ts): the
// answer against timeOfImpact over all pairs, written out here: each toi within the other's
// certificate (gap ≤ tol at toi, ≥ tol/2 before it), and since a run under the search's horizon
// casts where timeOfImpact casts (ccd's castWithin), the same toi and pair bit for bit.

import { CcdStatus, timeOfImpact } from '@firsttouch/ccd';
import { ball, capsule, cuboid } from '@firsttouch/convex';
import { box, compound } from '@firsttouch/mesh';
import { poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allImpacts, firstImpact } from '../src/index.js';
import { earliest, everyPair, expectTheLoop, rng } from './helpers.js';
import { gapAt3 } from './oracle-gap.js';

const KINDS = [
  () => ball(0.05),
  () => cuboid(0.04, 0.02, 0.05),
  () => capsule(0.04, 0.02),
  () => box(0.08),
  () =>
    compound([
      { body: ball(0.03), pose: poseFromAxisAngle([0, 0, 1], 0, [0.04, 0, 0]) },
      { body: box(0.04), pose: poseFromAxisAngle([0, 1, 0], 0.5, [-0.03, 0, 0]) },
    ]),
];

function mixedScene(seed: number, n: number) {
  const r = rng(seed);
  const bodies = Array.from({ length: n }, () => KINDS[Math.floor(r() * KINDS.length)]());
  const pose = (spread: number) =>
    poseFromAxisAngle([r() - 0.5, r() - 0.5, r() + 0.1], Math.PI * r(), [
      spread * (r() - 0.5),
      spread * (r() - 0.5),
      spread * (r() - 0.5),
    ]);
  const poses0 = bodies.map(() => pose(0.4));
  const poses1 = poses0.map((p, i) => (i % 3 === 0 ? p : pose(0.6)));
  return { bodies, poses0, poses1 };
}

describe('the many-body calls over shapes, compounds and surfaces', () => {
  it('firstImpact finds the earliest pair of timeOfImpact over all pairs (each toi within the certificate of the other)', () => {
    let met = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 2, max: 10 }), (seed, n) => {
        const { bodies, poses0, poses1 } = mixedScene(seed, n);
        const tolerance = 1e-6;
        const r = firstImpact(bodies, poses0, poses1, { tolerance });
        const all = allImpacts(bodies, poses0, poses1, { tolerance });
        const tois = everyPair(n, (i, j) =>
          timeOfImpact(
            bodies[i],
            bodies[j],
            { a: [poses0[i], poses1[i]], b: [poses0[j], poses1[j]] },
            { tolerance },
          ),
        ).sort((x, y) => x.toi - y.toi);
        if (tois.length > 0) met++;
        expect(all.impacts.length).toBe(tois.length);
        if (tois.length === 0) {
          expect(r.status).toBe(CcdStatus.Separate);
          return;
        }
        // Both certified, so each toi lies where the other's certificate allows (not a fixed window:
        // a grazing approach puts valid answers far apart): every run keeps its pair's gap at least
        // tol/2 before its toi, so at the earlier of the two answers the other's pair is that far.
        const gap = ([i, j]: [number, number], s: number) =>
          gapAt3(bodies[i], bodies[j], [poses0[i], poses1[i]], [poses0[j], poses1[j]], s);
        const ROUNDING = 1e-13;
        const pair = r.pair as [number, number];
        expect(tois.some((x) => x.pair[0] === pair[0] && x.pair[1] === pair[1])).toBe(true);
        if (r.toi < tois[0].toi) expect(gap(pair, r.toi)).toBeGreaterThanOrEqual(0.5 * tolerance - ROUNDING);
        if (tois[0].toi < r.toi)
          expect(gap(tois[0].pair, tois[0].toi)).toBeGreaterThanOrEqual(0.5 * tolerance - ROUNDING);
        expect(r.impact?.distance).toBeLessThanOrEqual(tolerance);
        expect([r.toi, ...pair]).toEqual([tois[0].toi, ...tois[0].pair]);
      }),
      { numRuns: 40 },
    );
    // not vacuous: many scenes have a contact
    expect(met).toBeGreaterThan(10);
  });

  it('on shapes that translate without turning (the cast), firstImpact is the loop of timeOfImpact over all pairs, bit for bit', () => {
    // A pair of shapes that do not turn is answered by the GJK ray cast; the search gives each run a
    // horizon, and the cast's answer past it is the horizon reached, so the run with a horizon and
    // the loop's run without agree wherever the first ends by a contact (the loop ran instead of the
    // cast under a horizon before: the same contact, other last digits).
    const kinds = [() => ball(0.05), () => cuboid(0.04, 0.02, 0.03), () => capsule(0.03, 0.02)];
    let met = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 2, max: 10 }), (seed, n) => {
        const r = rng(seed);
        const bodies = Array.from({ length: n }, () => kinds[Math.floor(r() * kinds.length)]());
        // on a grid 0.15 apart (apart at s = 0), each moving up to 0.3 along each axis
        const poses0 = bodies.map((_, k) =>
          poseFromAxisAngle([r() - 0.5, r() - 0.5, r() + 0.1], Math.PI * r(), [
            0.15 * (k % 4) + 0.01 * r(),
            0.15 * Math.floor(k / 4) + 0.01 * r(),
            0.01 * r(),
          ]),
        );
        // the same rotation, bit for bit, a new translation: no body turns
        const poses1 = poses0.map((p) => ({
          R: p.R,
          t: Float64Array.of(
            p.t[0] + 0.6 * (r() - 0.5),
            p.t[1] + 0.6 * (r() - 0.5),
            p.t[2] + 0.6 * (r() - 0.5),
          ),
        }));
        const tolerance = 1e-6;
        const first = firstImpact(bodies, poses0, poses1, { tolerance });
        const best = earliest(
          everyPair(n, (i, j) =>
            timeOfImpact(
              bodies[i],
              bodies[j],
              { a: [poses0[i], poses1[i]], b: [poses0[j], poses1[j]] },
              { tolerance },
            ),
          ),
        );
        if (expectTheLoop(first, best)) met++;
      }),
      { numRuns: 60, seed: 2503 },
    );
    // not vacuous: contacts after s = 0, where the cast runs
    expect(met).toBeGreaterThan(10);
  });

  it('a body that is neither a surface nor a 3-D shape is named', () => {
    const p = poseFromAxisAngle([0, 0, 1], 0);
    expect(() => firstImpact([ball(1), {} as never], [p, p], [p, p])).toThrow(
      'bodies[1] must be a Surface, a 3-D shape or a compound, got object',
    );
  });
});
