// The oracle's own tests: its pair routines against closed forms and against mesh's pair routines
// (two independent codes that agree), its capped body distance, its speed bound against pose's, and
// proof that its checks fail on a loop that is wrong.

import { box, rectangle, segmentDistance2, triangleDistance } from '@firsttouch/mesh';
import { identityPose, pose2, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  conservativeAdvance,
  impactResult,
  type Motion3,
  SurfaceMotion,
  timeOfImpact,
} from '../../src/index.js';
import { cuboid, rng } from '../helpers.js';
import { distance2, distance3, oracleBody2, oracleBody3 } from './bodies.js';
import { pointTriangle3, segmentSegment2, triangleTriangle3 } from './geometry.js';
import { speedBound3, turnOf } from './motion.js';
import { checkGuarantee, scan, sweep3 } from './sweep.js';

const real = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
// Coordinates 0 or at least 1e-30 in magnitude: below that, products of coordinate differences
// underflow, and floating-point geometry (the oracle's) is no longer what it computes.
const coordinate = real(-1, 1).map((x) => (Math.abs(x) < 1e-30 ? 0 : x));
const tri = fc.array(coordinate, { minLength: 9, maxLength: 9 });

describe('the pair routines', () => {
  it('closed forms: point above a face, beside an edge, off a corner; parallel and crossing triangles', () => {
    const T = [0, 0, 0, 2, 0, 0, 0, 2, 0];
    expect(pointTriangle3(0.5, 0.5, 3, T, 0)).toBe(3);
    expect(pointTriangle3(1, -2, 0, T, 0)).toBe(2);
    expect(pointTriangle3(-3, -4, 0, T, 0)).toBe(5);
    expect(pointTriangle3(2, 2, 0, T, 0)).toBeCloseTo(Math.SQRT2, 15);
    const out = new Float64Array(6);
    // parallel, 0.7 apart
    expect(triangleTriangle3(T, 0, [0, 0, 0.7, 1, 0, 0.7, 0, 1, 0.7], 0, out)).toBeCloseTo(0.7, 15);
    // a triangle piercing the other through its interior: 0
    expect(triangleTriangle3(T, 0, [0.3, 0.3, -1, 0.4, 0.3, 1, 0.3, 0.5, 1], 0, out)).toBeLessThan(1e-15);
    // edge over edge, crossed, 0.25 apart
    expect(
      triangleTriangle3([0, 0, 0, 2, 0, 0, 1, -1, 0], 0, [1, -0.5, 0.25, 1, 0.5, 0.25, 3, 0, 1], 0, out),
    ).toBeCloseTo(0.25, 15);
    expect(segmentSegment2([0, 0, 2, 0], 0, [1, -1, 1, 1], 0, out)).toBe(0);
    expect(segmentSegment2([0, 0, 2, 0], 0, [3, 1, 6, 5], 0, out)).toBe(Math.SQRT2);
  });

  it("never above mesh's triangleDistance on random triangle pairs, with valid witness points", () => {
    // Each candidate of the oracle is a pair of points of the two triangles, so the oracle is never
    // below the true distance (up to rounding; the witness checks below): it may only err by missing
    // the closest pair, which would put it above mesh's answer.
    fc.assert(
      fc.property(
        tri,
        tri,
        coordinate.map((x) => 2 * Math.abs(x)),
        (a, b, lift) => {
          const B = b.map((x, i) => (i % 3 === 2 ? x + lift : x));
          const T = Float64Array.from([...a, ...B]);
          const mine = new Float64Array(6);
          const d = triangleTriangle3(a, 0, B, 0, mine);
          expect(d).toBeLessThanOrEqual(triangleDistance(T, 0, 9, new Float64Array(7)) + 1e-12);
          // the points are on the triangles, and as far apart as the distance
          expect(pointTriangle3(mine[0], mine[1], mine[2], a, 0)).toBeLessThanOrEqual(1e-12);
          expect(pointTriangle3(mine[3], mine[4], mine[5], B, 0)).toBeLessThanOrEqual(1e-12);
          expect(
            Math.abs(Math.hypot(mine[3] - mine[0], mine[4] - mine[1], mine[5] - mine[2]) - d),
          ).toBeLessThanOrEqual(1e-12);
        },
      ),
      { numRuns: 3000, seed: 1701 },
    );
  });

  it("agree with mesh's triangleDistance to 1e-12 on random pairs of ordinary triangles", () => {
    const random = rng(11);
    let worst = 0;
    for (let k = 0; k < 20000; k++) {
      const T = Float64Array.from(
        { length: 18 },
        (_, i) => random() - 0.5 + (i >= 9 && i % 3 === 2 ? random() : 0),
      );
      const d = triangleTriangle3(T, 0, T, 9, new Float64Array(6));
      worst = Math.max(worst, Math.abs(d - triangleDistance(T, 0, 9, new Float64Array(7))));
    }
    expect(worst).toBeLessThanOrEqual(1e-12);
  });

  it("agree with mesh's segmentDistance2 on random segment pairs (1e-12)", () => {
    const seg = fc.array(coordinate, { minLength: 4, maxLength: 4 });
    fc.assert(
      fc.property(seg, seg, (a, b) => {
        const out = new Float64Array(5);
        const mine = new Float64Array(4);
        const d = segmentSegment2(a, 0, b, 0, mine);
        expect(
          Math.abs(d - segmentDistance2(Float64Array.from([...a, ...b]), 0, 4, out)),
        ).toBeLessThanOrEqual(1e-12);
      }),
      { numRuns: 3000, seed: 1702 },
    );
  });
});

describe('the body distance', () => {
  it('two boxes: the gap along x, along a diagonal edge to edge, and 0 when they overlap', () => {
    const A = oracleBody3(box(1));
    const at = (x: number, y: number, z: number) => poseFromAxisAngle([0, 0, 1], 0, [x, y, z]);
    expect(distance3(A, A, identityPose(), at(1.25, 0.2, 0)).distance).toBeCloseTo(0.25, 14);
    expect(distance3(A, A, identityPose(), at(1.3, 1.4, 0.1)).distance).toBeCloseTo(Math.hypot(0.3, 0.4), 14);
    expect(distance3(A, A, identityPose(), at(0.9, 0.1, 0)).distance).toBe(0);
    // a box inside a box: the surfaces are apart
    const inner = oracleBody3(box(0.2));
    expect(distance3(A, inner, identityPose(), at(0.1, 0, 0)).distance).toBeCloseTo(0.3, 14);
    const sq = oracleBody2(rectangle(1, 1));
    expect(distance2(sq, sq, pose2(), pose2(Math.PI / 4, [2, 0])).distance).toBeCloseTo(
      1.5 - Math.SQRT1_2,
      14,
    );
  });

  it('with a cap: exact below it, a lower bound above it', () => {
    const random = rng(7);
    const A = oracleBody3(cuboid(0.5, 1, 0.3));
    const B = oracleBody3(box(0.4, 2));
    for (let i = 0; i < 200; i++) {
      const pb = poseFromAxisAngle([random(), random(), random() + 0.1], 6 * random(), [
        3 * random() - 1.5,
        3 * random() - 1.5,
        1.5 * random(),
      ]);
      const exact = distance3(A, B, identityPose(), pb);
      for (const cap of [0, 0.1, 0.5, 1]) {
        const capped = distance3(A, B, identityPose(), pb, cap);
        if (exact.distance <= cap) {
          expect(capped.exact).toBe(true);
          expect(capped.distance).toBe(exact.distance);
        } else {
          expect(capped.exact).toBe(false);
          expect(capped.distance).toBeGreaterThan(cap);
          expect(capped.distance).toBeLessThanOrEqual(exact.distance + 1e-15);
        }
      }
    }
  });
});

describe("the oracle's speed bound", () => {
  it('equals RigidMotion.bound (written apart) for random steps, turns near and at π included', () => {
    const body = oracleBody3(cuboid(0.7, 0.2, 1.1, [0.4, -0.3, 0.2]));
    fc.assert(
      fc.property(
        fc.tuple(real(-1, 1), real(-1, 1), real(-1, 1)).filter((v) => Math.hypot(...v) > 0.1),
        fc.tuple(real(-1, 1), real(-1, 1), real(-1, 1)).filter((v) => Math.hypot(...v) > 0.1),
        real(0, 3),
        fc.oneof(real(0, Math.PI), fc.constantFrom(Math.PI, Math.PI - 1e-9, 1e-12)),
        (k0, k, a0, theta) => {
          const p0 = poseFromAxisAngle(k0, a0, [1, 2, 3]);
          const q = poseFromAxisAngle(k, theta);
          const R1 = new Float64Array(9);
          for (let i = 0; i < 3; i++)
            for (let j = 0; j < 3; j++)
              for (let m = 0; m < 3; m++) R1[3 * i + j] += q.R[3 * i + m] * p0.R[3 * m + j];
          const p1 = { R: R1, t: Float64Array.of(0, 0, 1) };
          const mine = speedBound3(body, p0, p1);
          const theirs = new RigidMotion(p0, p1).bound(body.positions);
          expect(Math.abs(mine - theirs)).toBeLessThanOrEqual(1e-7 * Math.max(1, theirs));
          expect(Math.abs(turnOf(Array.from(q.R)).theta - theta)).toBeLessThanOrEqual(1e-7);
        },
      ),
    );
  });
});

describe('the checks have teeth: a loop with a wrong speed bound is caught', () => {
  const plate = box([0.001, 1, 1]);
  const pebble = box(0.04);
  const motion: Motion3 = {
    a: [identityPose(), identityPose()],
    b: [poseFromAxisAngle([0, 1, 0], 0, [-0.5, 0, 0]), poseFromAxisAngle([0, 1, 0], 0, [0.5, 0, 0])],
  };

  function runWith(muFactor: number) {
    const bodies = new SurfaceMotion(
      plate,
      pebble,
      new RigidMotion(motion.a[0], motion.a[1]),
      new RigidMotion(motion.b[0], motion.b[1]),
      { tolerance: 1e-6 },
    );
    const mu = bodies.speedBound() * muFactor;
    const tol = 1e-6;
    const r = conservativeAdvance(bodies, mu, { tolerance: tol, directional: false });
    return impactResult(bodies, { ...r, mu, tolerance: tol });
  }

  it('the true bound passes', () => {
    const sw = sweep3(plate, pebble, motion);
    const sc = scan(sw, 1e-6);
    const r = runWith(1);
    expect(r).toEqual(timeOfImpact(plate, pebble, motion, { tolerance: 1e-6, directional: false }));
    checkGuarantee(sw, sc, r, 'true bound');
  });

  it('a quarter of the bound tunnels through the plate: separate, and the oracle says no', () => {
    const sw = sweep3(plate, pebble, motion);
    const sc = scan(sw, 1e-6);
    const r = runWith(0.25);
    expect(r.status).toBe('separate');
    expect(() => checkGuarantee(sw, sc, r, 'a quarter of the bound')).toThrow(/below tol\/2/);
  });

  it('0.999 of the bound overshoots the contact by a hair: the bisection and the samples before toi see it', () => {
    const sw = sweep3(plate, pebble, motion);
    const sc = scan(sw, 1e-6);
    const r = runWith(0.999);
    expect(r.status).toBe('contact');
    expect(() => checkGuarantee(sw, sc, r, '0.999 of the bound')).toThrow();
  });
});

// Two disagreements of the cross-checks above, where the oracle is right and mesh was not
// (packages/mesh/src/geometry), with the smallest reproductions. The first is fixed in mesh since
// (an exact fallback where the predicates underflow) and stays as a regression test; the second is
// kept failing as found.
describe('mesh findings', () => {
  // Was a bug: triangleDistance called a point at the origin and a triangle 1e-12 above it
  // intersecting (distance 0) when the triangle's other coordinates are tiny (1e-94, 1e-231): the
  // products in orient3d underflowed. Found by fast-check (seed -517108832). The distance is 1e-12.
  it('a point and a triangle 1e-12 above it, with coordinates near underflow, are not touching', () => {
    const a = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    const b = [0, 0, 1e-12, -3.417723499359963e-94, 0, 1e-12, 0, -7.227993223175752e-231, 1e-12];
    expect(triangleTriangle3(a, 0, b, 0, new Float64Array(6))).toBe(1e-12);
    expect(triangleDistance(Float64Array.from([...a, ...b]), 0, 9, new Float64Array(7))).toBe(1e-12);
  });

  // Regression (fixed): a sliver triangle (two vertices 1e-12 apart on the z axis, the third at x = −0.08) and a
  // segment on the x axis: the closest pair is the segment's end (−0.00705, 0, 0) and the sliver's
  // long edge, 1.0422e-11 apart; triangleDistance returns 1.1422e-11 (the sliver's vertex and the
  // origin), 10 % too much, 1e-12 absolute at a scale of 0.08: the edge pair is nearly parallel and
  // ill-conditioned in segmentClosest3's clamped solution, and no other candidate catches it.
  it('Regression (mesh, fixed): a sliver and a segment nearly parallel to its long edge: the distance is not overestimated', () => {
    const a = [0, 0, 1.2427336937292921e-11, -0.08046797817212005, 0, 0, 0, 0, 1.1421524172046522e-11];
    const b = [0, 0, 0, 0, 0, 0, -0.007045292463600142, 0, 0];
    // closed form: the end (x, 0, 0) of b against the line from (x0, 0, 0) to (0, 0, z1)
    const x0 = a[3];
    const z1 = a[8];
    const x = b[6];
    const exact = Math.abs(z1 * (x - x0)) / Math.hypot(x0, z1);
    expect(Math.abs(triangleTriangle3(a, 0, b, 0, new Float64Array(6)) - exact)).toBeLessThan(1e-20);
    expect(
      Math.abs(triangleDistance(Float64Array.from([...a, ...b]), 0, 9, new Float64Array(7)) - exact),
    ).toBeLessThan(1e-14);
  });
});
