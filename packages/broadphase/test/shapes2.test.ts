// firstImpact2 and allImpacts2 over 2-D convex shapes, curves and 2-D compounds together
// (src/body-runner2.ts), and
// proximityPairs over shapes, compounds and surfaces: the answers against the loop over all pairs
// written out here (timeOfImpact2; GJK distances of the parts). As in shapes.test.ts, each toi
// within the other's certificate, and the same toi and pair bit for bit (a run under the search's
// horizon casts where timeOfImpact2 casts).

import { CcdStatus, timeOfImpact2 } from '@firsttouch/ccd';
import {
  ball,
  ball2,
  capsule,
  capsule2,
  convexPolygon,
  cuboid,
  cuboid2,
  shapeDistance,
} from '@firsttouch/convex';
import { box, compound, compound2, disc, rectangle } from '@firsttouch/mesh';
import { pose2, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allImpacts2, firstImpact2, proximityPairs } from '../src/index.js';
import { earliest, everyPair, expectTheLoop, rng } from './helpers.js';
import { gapAt2, partsAt } from './oracle-gap.js';

const KINDS2 = [
  () => ball2(0.05),
  () => cuboid2(0.04, 0.02),
  () => capsule2(0.04, 0.02),
  () => convexPolygon([-0.04, -0.03, 0.05, -0.02, 0.01, 0.05]),
  () => disc(0.05, 12),
  () => rectangle(0.08, 0.05),
  () =>
    compound2([
      { body: ball2(0.03), pose: pose2(0, [0.04, 0]) },
      { body: rectangle(0.04, 0.03), pose: pose2(0.5, [-0.03, 0]) },
    ]),
];

function mixedScene2(seed: number, n: number) {
  const r = rng(seed);
  const bodies = Array.from({ length: n }, () => KINDS2[Math.floor(r() * KINDS2.length)]());
  const pose = (spread: number) => pose2(Math.PI * r(), [spread * (r() - 0.5), spread * (r() - 0.5)]);
  const poses0 = bodies.map(() => pose(0.4));
  const poses1 = poses0.map((p, i) => (i % 3 === 0 ? p : pose(0.6)));
  return { bodies, poses0, poses1 };
}

describe('the 2-D many-body calls over shapes and curves', () => {
  it('firstImpact2 and allImpacts2 find the pairs of timeOfImpact2 over all pairs (each toi within the certificate of the other)', () => {
    let met = 0;
    let withShape = 0;
    let withCompound = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 2, max: 10 }), (seed, n) => {
        const { bodies, poses0, poses1 } = mixedScene2(seed, n);
        const tolerance = 1e-6;
        const r = firstImpact2(bodies, poses0, poses1, { tolerance });
        const all = allImpacts2(bodies, poses0, poses1, { tolerance });
        const tois = everyPair(n, (i, j) =>
          timeOfImpact2(
            bodies[i],
            bodies[j],
            { a: [poses0[i], poses1[i]], b: [poses0[j], poses1[j]] },
            { tolerance },
          ),
        ).sort((x, y) => x.toi - y.toi);
        if (tois.length > 0) met++;
        expect(all.impacts.map((x) => x.pair).sort()).toEqual(tois.map((x) => x.pair).sort());
        if (tois.length === 0) {
          expect(r.status).toBe(CcdStatus.Separate);
          return;
        }
        const [i, j] = tois[0].pair;
        if (!('segmentCount' in bodies[i] && 'segmentCount' in bodies[j])) withShape++;
        if ('partCount' in bodies[i] || 'partCount' in bodies[j]) withCompound++;
        // Both certified, so each toi lies where the other's certificate allows (not a fixed window:
        // a grazing approach puts valid answers far apart): every run keeps its pair's gap at least
        // tol/2 before its toi, so at the earlier of the two answers the other's pair is that far.
        const gap = ([i, j]: [number, number], s: number) =>
          gapAt2(bodies[i], bodies[j], [poses0[i], poses1[i]], [poses0[j], poses1[j]], s);
        const ROUNDING = 1e-13;
        const pair = r.pair as [number, number];
        expect(tois.some((x) => x.pair[0] === pair[0] && x.pair[1] === pair[1])).toBe(true);
        if (r.toi < tois[0].toi) expect(gap(pair, r.toi)).toBeGreaterThanOrEqual(0.5 * tolerance - ROUNDING);
        if (tois[0].toi < r.toi)
          expect(gap(tois[0].pair, tois[0].toi)).toBeGreaterThanOrEqual(0.5 * tolerance - ROUNDING);
        expect(r.impact?.distance).toBeLessThanOrEqual(tolerance);
        expect([r.toi, ...pair]).toEqual([tois[0].toi, ...tois[0].pair]);
      }),
      { numRuns: 40, seed: 2502 },
    );
    // not vacuous: many scenes have a contact, some of them first made by a shape
    expect(met).toBeGreaterThan(10);
    expect(withShape).toBeGreaterThan(3);
    expect(withCompound).toBeGreaterThan(1);
  });

  it('on shapes that translate without turning (the cast), firstImpact2 is the loop of timeOfImpact2 over all pairs, bit for bit', () => {
    // As in 3-D (shapes.test.ts): the cast's answer past a run's horizon is the horizon reached, so
    // the search's runs and the loop's agree wherever a run ends by a contact.
    const kinds = [
      () => ball2(0.05),
      () => cuboid2(0.04, 0.02),
      () => capsule2(0.04, 0.02),
      () => convexPolygon([-0.04, -0.03, 0.05, -0.02, 0.01, 0.05]),
    ];
    let met = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 2, max: 10 }), (seed, n) => {
        const r = rng(seed);
        const bodies = Array.from({ length: n }, () => kinds[Math.floor(r() * kinds.length)]());
        // on a grid 0.15 apart (apart at s = 0), each moving up to 0.3 along each axis
        const poses0 = bodies.map((_, k) =>
          pose2(Math.PI * r(), [0.15 * (k % 4) + 0.01 * r(), 0.15 * Math.floor(k / 4) + 0.01 * r()]),
        );
        const poses1 = poses0.map((p) =>
          pose2(p.angle, [p.t[0] + 0.6 * (r() - 0.5), p.t[1] + 0.6 * (r() - 0.5)]),
        );
        const tolerance = 1e-6;
        const first = firstImpact2(bodies, poses0, poses1, { tolerance });
        const best = earliest(
          everyPair(n, (i, j) =>
            timeOfImpact2(
              bodies[i],
              bodies[j],
              { a: [poses0[i], poses1[i]], b: [poses0[j], poses1[j]] },
              { tolerance },
            ),
          ),
        );
        if (expectTheLoop(first, best)) met++;
      }),
      { numRuns: 60, seed: 2504 },
    );
    expect(met).toBeGreaterThan(10);
  });

  it('curves alone answer bit for bit as before shapes came (the loop over all pairs)', () => {
    const d = disc(0.05, 16);
    const bodies = [rectangle(1, 0.2), d, d];
    const poses0 = [pose2(), pose2(0, [0, 1]), pose2(0, [3, 1])];
    const poses1 = [pose2(), pose2(0.5, [0, -1]), pose2(0, [3, 0])];
    const r = firstImpact2(bodies, poses0, poses1, { tolerance: 1e-6 });
    const t = timeOfImpact2(
      bodies[0],
      bodies[1],
      { a: [poses0[0], poses1[0]], b: [poses0[1], poses1[1]] },
      { tolerance: 1e-6 },
    );
    expect(r.pair).toEqual([0, 1]);
    expect(r.toi).toBe(t.toi);
    expect(Array.from(r.impact!.pointA)).toEqual(Array.from(t.pointA));
  });

  it('a body that is neither a curve nor a 2-D shape is named', () => {
    const p = pose2();
    expect(() => firstImpact2([ball2(1), ball(1) as never], [p, p], [p, p])).toThrow(
      'bodies[1] must be a Curve, a 2-D shape or a compound2, got',
    );
  });
});

describe('proximityPairs over shapes, compounds and surfaces', () => {
  const KINDS3 = [
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

  it('the pairs below the cutoff and their gaps, against every pair measured part by part', () => {
    let found = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 2, max: 12 }), (seed, n) => {
        const r = rng(seed);
        const bodies = Array.from({ length: n }, () => KINDS3[Math.floor(r() * KINDS3.length)]());
        const poses = bodies.map(() =>
          poseFromAxisAngle([r() - 0.5, r() - 0.5, r() + 0.1], Math.PI * r(), [
            0.4 * r(),
            0.4 * r(),
            0.4 * r(),
          ]),
        );
        const cutoff = 0.05;
        const got = proximityPairs(bodies, poses, cutoff);
        const at = new Map(got.pairs.map((p, k) => [`${p[0]},${p[1]}`, got.distances[k]]));
        for (let i = 0; i < n; i++)
          for (let j = i + 1; j < n; j++) {
            let truth = Number.POSITIVE_INFINITY;
            for (const a of partsAt(bodies[i], poses[i]))
              for (const b of partsAt(bodies[j], poses[j]))
                truth = Math.min(
                  truth,
                  shapeDistance(a.body, b.body, { poseA: a.pose, poseB: b.pose }).distance,
                );
            const d = at.get(`${i},${j}`);
            // GJK's distances agree to 1e-12 here; a pair within that of the cutoff may go either way
            if (truth < cutoff - 1e-12) {
              expect(d).toBeDefined();
              expect(Math.abs((d as number) - truth)).toBeLessThan(1e-12);
              found++;
            } else if (truth > cutoff + 1e-12) expect(d).toBeUndefined();
          }
      }),
      { numRuns: 60, seed: 2503 },
    );
    expect(found).toBeGreaterThan(30);
  });

  it('a body of another kind is named', () => {
    const p = poseFromAxisAngle([0, 0, 1], 0);
    expect(() => proximityPairs([ball(1), ball2(1) as never], [p, p], 0.1)).toThrow(
      'bodies[1] must be a Surface, a 3-D shape or a compound, got',
    );
  });
});
