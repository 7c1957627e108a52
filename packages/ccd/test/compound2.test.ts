// timeOfImpact2 with 2-D compounds (mesh's compound2, ccd's ShapeMotion2 case 3): the guarantee
// checked by dense sampling in time against gaps computed here without the compound pair (discs
// against a box in closed form; a curve part against a wall by mesh's curveDistance at the composed
// pose), and the part the answer names.

import { ball2, capsule2, cuboid2 } from '@firsttouch/convex';
import { Curve, compound2, curveDistance, rectangle } from '@firsttouch/mesh';
import { composePose2, interpolatePose2, type Pose2, pose2 } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Motion2, timeOfImpact2 } from '../src/index.js';
import { real, stepArb2, stepPoses2 } from './scenarios.js';

const place = (q: Pose2, x: number, y: number): [number, number] => [
  Math.cos(q.angle) * x - Math.sin(q.angle) * y + q.t[0],
  Math.sin(q.angle) * x + Math.cos(q.angle) * y + q.t[1],
];

describe('timeOfImpact2 with compounds', { timeout: 120_000 }, () => {
  it('a hammer (a bar and a head) thrown at a wall: the head meets it first, at its time', () => {
    const hammer = compound2([
      { body: cuboid2(1, 0.05), pose: pose2() },
      { body: ball2(0.3), pose: pose2(0, [1, 0]) },
    ]);
    const wall = cuboid2(0.2, 2);
    // the hammer from x = -5 to x = 1: its head (at +1, radius 0.3) reaches x = -0.2 with its origin at -1.5
    const motion: Motion2 = { a: [pose2(), pose2()], b: [pose2(0, [-5, 0]), pose2(0, [1, 0])] };
    const r = timeOfImpact2(wall, hammer, motion);
    expect(r.status).toBe('contact');
    expect(r.toi).toBeLessThanOrEqual(3.5 / 6);
    expect(r.toi).toBeGreaterThan(3.5 / 6 - 1e-5);
    expect(r.segmentB).toBe(1);
    expect(r.segmentA).toBe(0);
  });

  it('a turning compound of two off-centre discs against a box: certified by dense sampling', () => {
    const h = [0.5, 0.3];
    const wall = cuboid2(h[0], h[1]);
    const pointBox = (p: [number, number]) =>
      Math.hypot(Math.max(Math.abs(p[0]) - h[0], 0), Math.max(Math.abs(p[1]) - h[1], 0));
    let contacts = 0;
    let touched = 0;
    fc.assert(
      fc.property(
        stepArb2(0.3, 6, false),
        real(0.1, 0.9),
        fc.tuple(real(-0.6, 0.6), real(-0.6, 0.6)),
        fc.tuple(real(-0.5, 0.5), real(-0.5, 0.5)),
        fc.tuple(real(-0.5, 0.5), real(-0.5, 0.5)),
        (sb, meet, miss, c1, c2) => {
          const b = stepPoses2({ ...sb, at: meet, through: miss });
          const r1 = 0.1;
          const r2 = 0.15;
          const pair = compound2([
            { body: ball2(r1), pose: pose2(0, c1) },
            { body: ball2(r2), pose: pose2(0, c2) },
          ]);
          const r = timeOfImpact2(wall, pair, { a: [pose2(), pose2()], b });
          const gap = (s: number) => {
            const q = interpolatePose2(b[0], b[1], s);
            return Math.min(pointBox(place(q, c1[0], c1[1])) - r1, pointBox(place(q, c2[0], c2[1])) - r2);
          };
          const slack = 1e-12 * 20;
          if (r.status === 'initial-contact') {
            touched++;
            expect(gap(0)).toBeLessThanOrEqual(r.tolerance + slack);
            return;
          }
          for (let k = 0; k <= 2000; k++) {
            const s = (k / 2000) * r.toi;
            expect(gap(s)).toBeGreaterThanOrEqual(r.tolerance / 2 - slack);
          }
          if (r.status === 'contact') {
            contacts++;
            touched++;
            expect(gap(r.toi)).toBeLessThanOrEqual(r.tolerance + slack);
            // the part named is one within the tolerance at toi
            const q = interpolatePose2(b[0], b[1], r.toi);
            const c = r.segmentB === 0 ? c1 : c2;
            const rr = r.segmentB === 0 ? r1 : r2;
            expect(pointBox(place(q, c[0], c[1])) - rr).toBeLessThanOrEqual(r.tolerance + slack);
          }
        },
      ),
      // 240 runs: the count of contacts checked below (that the property met enough of them) then
      // stands far above its floor whatever the draw (80 runs met it 10 to 24 times).
      { numRuns: 240, endOnFailure: true },
    );
    // Not vacuous: many runs touch, and some only after the start.
    expect(touched).toBeGreaterThan(15);
    expect(contacts).toBeGreaterThan(3);
  });

  it('a turning compound with a curve part and a capsule against a curve wall: certified by dense sampling', () => {
    const wall = Curve.fromPolyline([-1, 1], [0, 0]);
    const frame = rectangle(0.3, 0.2);
    const framePose = pose2(0.4, [0.2, 0.1]);
    const stick = capsule2(0.15, 0.05);
    const stickPose = pose2(1.2, [-0.25, 0]);
    const body = compound2([
      { body: frame, pose: framePose },
      { body: stick, pose: stickPose },
    ]);
    let contacts = 0;
    let touched = 0;
    fc.assert(
      fc.property(stepArb2(0.3, 4, false), real(0.1, 0.9), real(-0.5, 0.5), (sb, meet, missX) => {
        const b = stepPoses2({ ...sb, at: meet, through: [missX, 0.05] });
        const r = timeOfImpact2(wall, body, { a: [pose2(), pose2()], b });
        const gap = (s: number) => {
          const q = interpolatePose2(b[0], b[1], s);
          const g1 = curveDistance(wall, frame, { poseB: composePose2(q, framePose) }).distance;
          // the capsule: its segment's ends, placed, against the wall's line y = 0 within |x| ≤ 1
          const sp = composePose2(q, stickPose);
          const e0 = place(sp, 0, -0.15);
          const e1 = place(sp, 0, 0.15);
          const seg = Curve.fromPolyline([e0[0], e1[0]], [e0[1], e1[1]]);
          const g2 = curveDistance(wall, seg).distance - 0.05;
          return Math.min(g1, g2);
        };
        const slack = 1e-12 * 20;
        if (r.status === 'initial-contact') {
          touched++;
          expect(gap(0)).toBeLessThanOrEqual(r.tolerance + slack);
          return;
        }
        for (let k = 0; k <= 400; k++) {
          const s = (k / 400) * r.toi;
          expect(gap(s)).toBeGreaterThanOrEqual(r.tolerance / 2 - slack);
        }
        if (r.status === 'contact') {
          contacts++;
          touched++;
          expect(gap(r.toi)).toBeLessThanOrEqual(r.tolerance + slack);
          expect([0, 1]).toContain(r.segmentB);
        }
      }),
      // 240 runs: the count of contacts checked below (that the property met enough of them) then
      // stands far above its floor whatever the draw (80 runs met it 10 to 24 times).
      { numRuns: 240, endOnFailure: true },
    );
    // Not vacuous: most runs touch, and some only after the start.
    expect(touched).toBeGreaterThan(30);
    expect(contacts).toBeGreaterThan(3);
  });

  it('refuses a compound without parts, and a part that is not a 2-D body', () => {
    expect(() => compound2([])).toThrow('compound2: parts is empty');
    expect(() => compound2([{ body: {} as never, pose: pose2() }])).toThrow(
      'compound2: parts[0].body must be a Curve or a 2-D shape',
    );
  });
});
