// timeOfImpact with compound bodies (mesh's compound, ccd's ShapeMotion case 3): against the
// smallest time of impact over the part pairs run one by one (each part placed by the compound's
// motion composed with its own pose: for a compound that translates, a part moves as the compound does), and the answer's
// guarantee against the parts' own gaps (the part pair it names is within the tolerance).

import { ball, capsule, cuboid, pointSet, type Shape, shapeDistance } from '@firsttouch/convex';
import { box, compound, Surface } from '@firsttouch/mesh';
import {
  composePose,
  identityPose,
  interpolatePose,
  type Pose3,
  poseFromAxisAngle,
  transformPoint,
} from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Motion3, timeOfImpact } from '../src/index.js';
import { real, stepArb3, stepPoses3, vec3 } from './scenarios.js';

const at = (x: number, y = 0, z = 0) => poseFromAxisAngle([0, 0, 1], 0, [x, y, z]);
/** A part as the oracle's GJK measures it: a shape, or a convex surface (a box) as its vertices' hull. */
const convexOf = (b: Surface | Shape<3>): Shape<3> => (Surface.isSurface(b) ? pointSet(b.vertices()) : b);

describe('timeOfImpact with compounds', { timeout: 120_000 }, () => {
  it('a dumbbell (two balls and a bar) thrown at a cuboid: the part that meets it first, at its time', () => {
    const bell = compound([
      { body: ball(0.3), pose: at(-1) },
      { body: ball(0.3), pose: at(1) },
      { body: capsule(1, 0.05), pose: poseFromAxisAngle([0, 0, 1], Math.PI / 2) },
    ]);
    const wall = cuboid(0.2, 2, 2);
    // the dumbbell from x = 5 to x = -1 along its own axis: its ball at +1 hits last, the one at -1 first
    const motion: Motion3 = { a: [identityPose(), identityPose()], b: [at(5), at(-1)] };
    const r = timeOfImpact(wall, bell, motion);
    // ball at −1 reaches the face x = 0.2 when its centre is at 0.5: the origin at 1.5, s = 3.5 / 6
    expect(r.status).toBe('contact');
    expect(r.toi).toBeLessThanOrEqual(3.5 / 6);
    expect(r.toi).toBeGreaterThan(3.5 / 6 - 1e-5);
    expect(r.facetB).toBe(0);
  });

  it('a translating compound against a turning body agrees with the earliest of its parts run alone (each toi within the certificate of the other)', () => {
    const parts = [
      { body: ball(0.15), pose: at(0.4, 0.1) },
      { body: cuboid(0.1, 0.2, 0.05), pose: poseFromAxisAngle([1, 1, 0], 0.7, [-0.3, 0, 0.1]) },
      { body: box(0.2), pose: poseFromAxisAngle([0, 1, 0], 0.3, [0, -0.3, 0]) },
    ];
    const body = compound(parts);
    let contacts = 0;
    fc.assert(
      fc.property(
        stepArb3(0.3, 1),
        stepArb3(0.3, 6, false),
        real(0.1, 0.9),
        vec3(0.6),
        (sa, sb, meet, miss) => {
          // The compound translates (a turning compound's parts move on arcs about its origin, which
          // their own motions, interpolated from the composed poses, would not follow); B turns.
          const a = stepPoses3({ ...sa, at: meet, theta: 0 });
          const b = stepPoses3({ ...sb, at: meet, through: miss });
          const other = capsule(0.3, 0.1);
          const r = timeOfImpact(body, other, { a, b });
          // each part on its own, moved as the compound moves (its pose composed after the compound's)
          const runs = parts.map((p) =>
            timeOfImpact(p.body, other, {
              a: [composePose(a[0], p.pose) as Pose3, composePose(a[1], p.pose) as Pose3],
              b,
            }),
          );
          const first = Math.min(...runs.map((x) => (x.status === 'separate' ? 2 : x.toi)));
          if (first > 1) {
            expect(r.status).toBe('separate');
            return;
          }
          if (r.status === 'contact') contacts++;
          // Both certified, so each toi lies where the other's certificate allows: a run keeps the
          // gap at least its tol/2 before its toi (to rounding), so at the earlier toi the other's
          // gap is that large. Not a fixed window: a grazing approach (the gap falling 0.04 a step)
          // put two valid answers 1.5e-5 apart.
          const partGap = (k: number, s: number) =>
            shapeDistance(convexOf(parts[k].body), other, {
              poseA: composePose(interpolatePose(a[0], a[1], s) as Pose3, parts[k].pose),
              poseB: interpolatePose(b[0], b[1], s),
            }).distance;
          const ROUNDING = 1e-13;
          runs.forEach((x, k) => {
            if (x.status === 'separate' || x.toi > r.toi)
              expect(partGap(k, r.toi)).toBeGreaterThanOrEqual(0.5 * x.tolerance - ROUNDING);
          });
          // and between the two, where the later one certifies the gap too (sampled)
          for (let m = 0; first < r.toi && m < 8; m++) {
            const s = first + ((r.toi - first) * m) / 8;
            const gap = Math.min(...parts.map((_, k) => partGap(k, s)));
            expect(gap).toBeGreaterThanOrEqual(0.5 * r.tolerance - ROUNDING);
          }
          if (r.status === 'contact') {
            expect(r.facetA).toBeGreaterThanOrEqual(0);
            expect(r.facetA).toBeLessThan(parts.length);
            expect(r.distance).toBeLessThanOrEqual(r.tolerance);
          }
        },
      ),
      // 240 runs: the count of contacts checked below (that the property met enough of them) then
      // stands far above its floor whatever the draw (80 runs met it 10 to 24 times).
      { numRuns: 240, endOnFailure: true },
    );
    expect(contacts).toBeGreaterThan(10);
  });

  it('a turning compound of two off-centre balls: its parts on arcs, certified by dense sampling', () => {
    const h = [0.5, 0.3, 0.4];
    const wall = cuboid(h[0], h[1], h[2]);
    const pointBox = (p: ArrayLike<number>) =>
      Math.hypot(...[0, 1, 2].map((k) => Math.max(Math.abs(p[k]) - h[k], 0)));
    let contacts = 0;
    fc.assert(
      fc.property(
        stepArb3(0.3, 6, false),
        real(0.1, 0.9),
        vec3(0.6),
        vec3(0.5),
        vec3(0.5),
        (sb, meet, miss, c1, c2) => {
          const b = stepPoses3({ ...sb, at: meet, through: miss });
          const r1 = 0.1;
          const r2 = 0.15;
          const pair = compound([
            { body: ball(r1), pose: at(c1[0], c1[1], c1[2]) },
            { body: ball(r2), pose: at(c2[0], c2[1], c2[2]) },
          ]);
          const r = timeOfImpact(wall, pair, { a: [identityPose(), identityPose()], b });
          const gap = (s: number) => {
            const q = interpolatePose(b[0], b[1], s);
            return Math.min(pointBox(transformPoint(q, c1)) - r1, pointBox(transformPoint(q, c2)) - r2);
          };
          const slack = 1e-12 * 20;
          if (r.status === 'initial-contact') {
            expect(gap(0)).toBeLessThanOrEqual(r.tolerance + slack);
            return;
          }
          for (let k = 0; k <= 2000; k++) {
            const s = (k / 2000) * r.toi;
            expect(gap(s)).toBeGreaterThanOrEqual(r.tolerance / 2 - slack);
          }
          if (r.status === 'contact') {
            contacts++;
            expect(gap(r.toi)).toBeLessThanOrEqual(r.tolerance + slack);
          }
        },
      ),
      // 240 runs: the count of contacts checked below (that the property met enough of them) then
      // stands far above its floor whatever the draw (80 runs met it 10 to 24 times).
      { numRuns: 240, endOnFailure: true },
    );
    expect(contacts).toBeGreaterThan(10);
  });

  it('parts at ±1e308 (a box wider than float64 holds): the default tolerance stays finite and the step is answered', () => {
    // The box's diagonal overflows to +∞; the default tolerance (1e-6 of it) was +∞ too, and the
    // query threw INVALID_OPTION about a tolerance the caller never gave.
    const at = (x: number, y = 0) => poseFromAxisAngle([0, 0, 1], 0, [x, y, 0]);
    const wide = compound([
      { body: ball(1), pose: at(1e308) },
      { body: ball(1), pose: at(-1e308) },
    ]);
    expect(wide.bounds().diagonal).toBe(Number.POSITIVE_INFINITY);
    const r = timeOfImpact(wide, ball(1), { a: [at(0), at(0)], b: [at(0, 5), at(0, -5)] });
    expect(r.status).toBe('separate');
    expect(r.tolerance).toBe(1e-6 * Number.MAX_VALUE);
    // a ball 8 from one of the parts is within that tolerance (1.8e302) from the start
    const near = timeOfImpact(wide, ball(1), { a: [at(0), at(0)], b: [at(1e308, 10), at(1e308, -10)] });
    expect(near.status).toBe('initial-contact');
  });

  it('refuses a compound without parts, and a part that is not a body', () => {
    expect(() => compound([])).toThrow('compound: parts is empty');
    expect(() => compound([{ body: {} as never, pose: identityPose() }])).toThrow(
      'compound: parts[0].body must be a Surface or a 3-D shape',
    );
  });
});
