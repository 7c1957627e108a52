// timeOfImpact with convex shapes (src/shape-motion.ts, src/shape-kind.ts) against analytic oracles
// written here (ball–ball closed form, ball–cuboid, capsule–capsule segment distance, a ball off the
// body origin whose centre runs on an arc), against the oracle's triangle soups for hulls and for a
// ball against a surface, against the triangle path on a fine tessellation, and the ray cast
// against the advancement loop on the same translating pairs.

import {
  ball,
  capsule,
  convexHull,
  cuboid,
  pointSet,
  quickhull,
  rounded,
  shapeDistance,
} from '@firsttouch/convex';
import { box, icosphere, Surface } from '@firsttouch/mesh';
import {
  identityPose,
  interpolatePose,
  type Pose3,
  poseFromAxisAngle,
  transformPoint,
} from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Motion3, type TimeOfImpactResult, timeOfImpact } from '../src/index.js';
import type { OracleDistance } from './oracle/bodies.js';
import { pointTriangle3, segmentSegmentSq3 } from './oracle/geometry.js';
import { checkGuarantee, type Sweep, scan, sweep3 } from './oracle/sweep.js';
import { real, type StepSpec3, seedFor, stepArb3, stepPoses3, vec3 } from './scenarios.js';

const NO_POINT = new Float64Array(3).fill(Number.NaN);

/** A sweep whose distance at s is `gap(s)` (exact): what checkGuarantee and scan read. */
function analyticSweep(gap: (s: number) => number, mu: number, scale: number, size: number): Sweep {
  const at = (s: number): OracleDistance => ({
    distance: Math.max(0, gap(s)),
    exact: true,
    facetA: -1,
    facetB: -1,
    pointA: NO_POINT,
    pointB: NO_POINT,
  });
  return {
    dim: 3,
    A: undefined as never,
    B: undefined as never,
    mu,
    scale,
    size,
    diagonal: size,
    at,
    element: () => NO_POINT,
  };
}

const poseAt = (m: readonly [Pose3, Pose3], s: number) => interpolatePose(m[0], m[1], s);
const world = (m: readonly [Pose3, Pose3], s: number, x: ArrayLike<number>) =>
  transformPoint(poseAt(m, s), x);
const norm = (v: ArrayLike<number>) => Math.hypot(v[0], v[1], v[2]);

/** |Δt| + |θ| reach: the test's own speed bound of a body of `reach` (for the grid's density). */
function speed(m: readonly [Pose3, Pose3], reach: number, theta: number): number {
  return (
    norm([m[1].t[0] - m[0].t[0], m[1].t[1] - m[0].t[1], m[1].t[2] - m[0].t[2]]) + Math.abs(theta) * reach
  );
}

/** Distance of point p to the box of half extents h centred at the origin (its frame). */
function pointBox(p: ArrayLike<number>, h: readonly number[]): number {
  let s = 0;
  for (let k = 0; k < 3; k++) {
    const e = Math.max(Math.abs(p[k]) - h[k], 0);
    s += e * e;
  }
  return Math.sqrt(s);
}

/** A world point into the frame of `pose`. */
function toFrame(pose: Pose3, x: ArrayLike<number>): number[] {
  const d = [x[0] - pose.t[0], x[1] - pose.t[1], x[2] - pose.t[2]];
  const R = pose.R;
  return [0, 1, 2].map((i) => R[i] * d[0] + R[3 + i] * d[1] + R[6 + i] * d[2]);
}

function check(sw: Sweep, r: TimeOfImpactResult, label: string): void {
  const sc = scan(sw, r.tolerance);
  checkGuarantee(sw, sc, r, label);
}

/** A step that brings B's origin through A's near s = `at`, both possibly turning. */
const pairStep = fc.record({
  a: stepArb3(0.3, 1),
  b: stepArb3(0.3, 6, false),
  at: real(0.1, 0.9),
  miss: vec3(1),
});

function poses(spec: { a: StepSpec3; b: StepSpec3; at: number; miss: number[] }, turning: boolean) {
  const a = stepPoses3({ ...spec.a, at: spec.at, theta: turning ? spec.a.theta : 0 });
  const b = stepPoses3({ ...spec.b, at: spec.at, through: spec.miss, theta: turning ? spec.b.theta : 0 });
  return { a, b, thetaA: turning ? spec.a.theta : 0, thetaB: turning ? spec.b.theta : 0 };
}

describe('timeOfImpact with shapes: analytic oracles', { timeout: 120_000 }, () => {
  for (const turning of [false, true]) {
    it(`ball–ball in closed form (${turning ? 'turning: the loop' : 'translating: the ray cast'})`, () => {
      fc.assert(
        fc.property(pairStep, real(0.05, 0.6), real(0.05, 0.6), (spec, ra, rb) => {
          const { a, b, thetaA, thetaB } = poses(spec, turning);
          const r = timeOfImpact(ball(ra), ball(rb), { a, b });
          const gap = (s: number) =>
            norm(world(b, s, [0, 0, 0]).map((x, k) => x - poseAt(a, s).t[k])) - ra - rb;
          const sw = analyticSweep(
            gap,
            speed(a, ra, thetaA) + speed(b, rb, thetaB),
            20,
            2 * Math.min(ra, rb),
          );
          check(sw, r, 'ball–ball');
          expect(r.facetA).toBe(0);
          expect(r.facetB).toBe(0);
        }),
        { numRuns: 150, seed: seedFor(2501), endOnFailure: true },
      );
    });
  }

  it('translating under a horizon: the cast, bit for bit where it ends before it, the horizon reached (certified) after', () => {
    let before = 0;
    let after = 0;
    fc.assert(
      fc.property(pairStep, real(0.05, 0.6), real(0.05, 0.6), real(0.05, 0.95), (spec, ra, hb, horizon) => {
        const { a, b } = poses(spec, false);
        const A = ball(ra);
        const B = cuboid(hb, 0.5 * hb, 0.3);
        const whole = timeOfImpact(A, B, { a, b });
        const cut = timeOfImpact(A, B, { a, b }, { horizon });
        if (whole.status !== 'separate' && whole.toi <= horizon) {
          before++;
          expect(cut).toEqual(whole);
          return;
        }
        after++;
        expect([cut.status, cut.toi, cut.horizonReached]).toEqual(['not-converged', horizon, true]);
        // no contact up to the horizon: the gap there at least tol/2 (to rounding), as the cast holds
        const gap = shapeDistance(A, B, { poseA: poseAt(a, horizon), poseB: poseAt(b, horizon) }).distance;
        expect(gap).toBeGreaterThanOrEqual(0.5 * cut.tolerance - 1e-12);
        expect(Math.abs(cut.distance - gap)).toBeLessThanOrEqual(1e-9);
      }),
      { numRuns: 200, seed: seedFor(2505), endOnFailure: true },
    );
    expect(before).toBeGreaterThan(20);
    expect(after).toBeGreaterThan(20);
  });

  it('a ball off its body origin, turning (its centre on an arc), against a cuboid', () => {
    const h = [0.5, 0.3, 0.4];
    fc.assert(
      fc.property(pairStep, vec3(0.8), real(0.05, 0.4), (spec, centre, r) => {
        const { a, b, thetaA, thetaB } = poses(spec, true);
        const off = rounded(pointSet(centre), r);
        const res = timeOfImpact(cuboid(h[0], h[1], h[2]), off, { a, b });
        const gap = (s: number) => pointBox(toFrame(poseAt(a, s), world(b, s, centre)), h) - r;
        const sw = analyticSweep(
          gap,
          speed(a, norm(h), thetaA) + speed(b, norm(centre) + r, thetaB),
          20,
          2 * r,
        );
        check(sw, res, 'off-centre ball–cuboid');
      }),
      { numRuns: 150, seed: seedFor(2502), endOnFailure: true },
    );
  });

  it('capsule–capsule by segment distance, turning', () => {
    fc.assert(
      fc.property(
        pairStep,
        real(0.1, 0.8),
        real(0.05, 0.3),
        real(0.1, 0.8),
        real(0.05, 0.3),
        (spec, ha, ra, hb, rb) => {
          const { a, b, thetaA, thetaB } = poses(spec, true);
          const res = timeOfImpact(capsule(ha, ra), capsule(hb, rb), { a, b });
          const out = new Float64Array(6);
          const gap = (s: number) => {
            const X = [...world(a, s, [0, -ha, 0]), ...world(a, s, [0, ha, 0])];
            const Y = [...world(b, s, [0, -hb, 0]), ...world(b, s, [0, hb, 0])];
            return Math.sqrt(segmentSegmentSq3(X, 0, 3, Y, 0, 3, out)) - ra - rb;
          };
          const sw = analyticSweep(
            gap,
            speed(a, ha + ra, thetaA) + speed(b, hb + rb, thetaB),
            20,
            2 * Math.min(ra, rb),
          );
          check(sw, res, 'capsule–capsule');
        },
      ),
      { numRuns: 150, seed: seedFor(2503), endOnFailure: true },
    );
  });
});

/** The hull of `points` as a closed Surface (the oracle's triangle soup of the same solid). */
function hullSurface(points: Float64Array): Surface {
  const h = quickhull(points);
  return Surface.fromIndexed(points, h.facets);
}

const hullPoints = fc
  .array(vec3(0.6), { minLength: 6, maxLength: 14 })
  .map((ps) => Float64Array.from(ps.flat()))
  .filter((p) => {
    try {
      convexHull(p);
      return true;
    } catch {
      return false;
    }
  });

describe('timeOfImpact with shapes: any size, bad input', () => {
  it('the same step at 1e-9 and at 1e12 (run at unit size, shapes scaled exactly) as at unit size', () => {
    const step = (k: number, theta: number): Motion3 => ({
      a: [identityPose(), identityPose()],
      b: [
        { R: new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]), t: new Float64Array([3 * k, 0.2 * k, 0]) },
        { R: poseFromAxisAngle([0, 0, 1], theta).R, t: new Float64Array([-3 * k, 0.2 * k, 0]) },
      ],
    });
    for (const theta of [0, 1]) {
      const unit = timeOfImpact(cuboid(0.5, 0.5, 0.5), capsule(0.3, 0.1), step(1, theta));
      for (const k of [2 ** -30, 2 ** 40]) {
        const r = timeOfImpact(cuboid(0.5 * k, 0.5 * k, 0.5 * k), capsule(0.3 * k, 0.1 * k), step(k, theta));
        expect(r.status).toBe('contact');
        expect(Math.abs(r.toi - unit.toi)).toBeLessThan(1e-6);
        expect(r.distance / k).toBeLessThanOrEqual(unit.tolerance);
      }
    }
  });

  it('a body that is neither a surface nor a 3-D shape is named', () => {
    const rest = [identityPose(), identityPose()] as const;
    expect(() => timeOfImpact(ball(1), {} as never, { a: rest, b: rest })).toThrow(
      'timeOfImpact: b must be a Surface, a 3-D shape or a compound, got object',
    );
  });
});

describe('timeOfImpact with shapes: triangle oracles', { timeout: 240_000 }, () => {
  for (const turning of [true, false]) {
    it(`hull pairs, certified against the hull surfaces (${turning ? 'turning' : 'translating'})`, () => {
      const seen = { checked: 0, contacts: 0 };
      fc.assert(
        fc.property(hullPoints, hullPoints, pairStep, (pa, pb, spec) => {
          const { a, b } = poses(spec, turning);
          const A = convexHull(pa);
          const B = convexHull(pb);
          const motion: Motion3 = { a, b };
          const sw = sweep3(hullSurface(pa), hullSurface(pb), motion);
          // One hull inside the other: the solids meet where the surfaces do not (not this oracle's case).
          if (shapeDistance(A, B, { poseA: a[0], poseB: b[0] }).distance < sw.at(0).distance - 1e-9) return;
          const r = timeOfImpact(A, B, motion);
          check(sw, r, 'hulls');
          seen.checked++;
          if (r.status === 'contact') seen.contacts++;
          if (!turning) {
            // the same step by the advancement loop (progress asked: no cast), certified as well
            const loop = timeOfImpact(A, B, motion, { onProgress: () => {} });
            check(sw, loop, 'hulls by the loop');
            // a loop that spent its steps stopped at a lower bound of the cast's contact
            if (loop.status === 'not-converged') expect(loop.toi).toBeLessThanOrEqual(r.toi);
            else expect(loop.status).toBe(r.status);
          }
        }),
        { numRuns: 60, seed: seedFor(2504 + (turning ? 1 : 0)), endOnFailure: true },
      );
      // the property is not vacuous: most pairs start apart, many of them meet
      expect(seen.checked).toBeGreaterThan(30);
      expect(seen.contacts).toBeGreaterThan(10);
    });
  }

  it('a ball against a surface (mixed), both ways round, certified against its facets', () => {
    const plate = box([1, 0.05, 1]);
    const soup = new Float64Array(9 * plate.facetCount);
    for (let f = 0; f < plate.facetCount; f++) soup.set(plate.facet(f), 9 * f);
    fc.assert(
      fc.property(pairStep, real(0.05, 0.4), fc.boolean(), (spec, radius, swap) => {
        const { a, b, thetaA, thetaB } = poses(spec, true);
        const gap = (s: number) => {
          const c = toFrame(poseAt(a, s), world(b, s, [0, 0, 0]));
          let d = Number.POSITIVE_INFINITY;
          for (let f = 0; f < plate.facetCount; f++)
            d = Math.min(d, pointTriangle3(c[0], c[1], c[2], soup, 9 * f));
          return d - radius;
        };
        const sw = analyticSweep(gap, speed(a, 1.5, thetaA) + speed(b, radius, thetaB), 20, 0.1);
        if (!swap) {
          const r = timeOfImpact(plate, ball(radius), { a, b });
          check(sw, r, 'plate–ball');
          if (r.status === 'contact') expect(r.facetA).toBeGreaterThanOrEqual(0);
        } else {
          const r = timeOfImpact(ball(radius), plate, { a: b, b: a });
          check(sw, r, 'ball–plate');
          if (r.status === 'contact') expect(r.facetB).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 100, seed: seedFor(2506), endOnFailure: true },
    );
  });

  it('a ball against the triangle path on a fine tessellation: within the tessellation error', () => {
    const radius = 0.3;
    const sphere = icosphere(radius, 4);
    // the icosphere is inscribed: its facets' planes lie at least this close to the centre
    let inner = radius;
    for (let f = 0; f < sphere.facetCount; f++)
      inner = Math.min(inner, pointTriangle3(0, 0, 0, sphere.facet(f), 0));
    const err = radius - inner;
    const target = cuboid(0.5, 0.5, 0.5);
    const rest = [identityPose(), identityPose()] as const;
    for (const y of [0, 0.2, 0.45]) {
      const thrown = [
        { R: new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]), t: new Float64Array([3, y, 0]) },
        { R: new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]), t: new Float64Array([-3, y, 0]) },
      ] as const;
      const exact = timeOfImpact(target, ball(radius), { a: rest, b: thrown });
      const tess = timeOfImpact(target, sphere, { a: rest, b: thrown });
      const plate = timeOfImpact(box(1), ball(radius), { a: rest, b: thrown });
      // closing at 6 along x: the tessellated ball touches at most err later, never earlier than tol allows
      expect(tess.toi - exact.toi).toBeLessThanOrEqual((err + exact.tolerance) / 6);
      expect(exact.toi - tess.toi).toBeLessThanOrEqual(exact.tolerance / 6);
      // the cube as a surface (the mixed path) against the cube as a shape: the same solid
      expect(Math.abs(plate.toi - exact.toi)).toBeLessThanOrEqual((exact.tolerance + plate.tolerance) / 6);
      expect(exact.status).toBe('contact');
    }
  });
});
