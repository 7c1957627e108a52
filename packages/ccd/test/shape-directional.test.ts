// The directional step between two convex shapes (ShapeMotion / ShapeMotion2 `directionalStep`):
// every step it gives is certified against gaps computed here without GJK (a cuboid against a ball
// in closed form, hull pairs by the brute-force distance of their surfaces' facets), sampled densely
// over the step; the default mode takes it at every step, so it never takes more steps than the
// plain bound alone on the same pairs.

import { ball, ball2, convexHull, convexPolygon, cuboid, cuboid2, quickhull } from '@firsttouch/convex';
import { Curve, Surface } from '@firsttouch/mesh';
import { interpolatePose, pose2, RigidMotion, RigidMotion2 } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShapeMotion, ShapeMotion2, timeOfImpact, timeOfImpact2 } from '../src/index.js';
import { sweep2, sweep3 } from './oracle/sweep.js';
import { real, restStep, seedFor, stepArb3, stepPoses3, vec3 } from './scenarios.js';

/** Samples of each step checked. */
const SAMPLES = 64;
const TOLERANCE = 1e-6;

const pairStep = fc.record({
  a: stepArb3(0.3, 1),
  b: stepArb3(0.3, 6, false),
  at: real(0.1, 0.9),
  miss: vec3(1),
});

function hullSurface(points: Float64Array): Surface {
  return Surface.fromIndexed(points, quickhull(points).facets);
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

/** The distance from point c to the box of half extents h (closed form). */
function pointBox(c: ArrayLike<number>, h: readonly number[]): number {
  let d2 = 0;
  for (let k = 0; k < 3; k++) {
    const e = Math.abs(c[k]) - h[k];
    if (e > 0) d2 += e * e;
  }
  return Math.sqrt(d2);
}

/**
 * Runs the steps a loop would take from s = 0 (each the directional one, where it is positive) and
 * checks each against `gap` (the oracle) at SAMPLES instants within it: the gap stays ≥ tol/2 less
 * `slack`. Returns the steps checked.
 */
function checkSteps(
  e: {
    distance(s: number): number;
    directionalStep(s: number, g: number, t: number, f: number, l: number): number;
  },
  gap: (s: number) => number,
  slack: number,
): number {
  let s = 0;
  let checked = 0;
  for (let k = 0; k < 40 && s < 1; k++) {
    const d = e.distance(s);
    if (d <= TOLERANCE) break;
    const step = e.directionalStep(s, d, TOLERANCE, 0, 1 - s);
    if (!(step > 0)) break;
    const end = Math.min(1, s + step);
    for (let i = 1; i <= SAMPLES; i++) {
      const at = s + ((end - s) * i) / SAMPLES;
      expect(gap(at), `gap at ${at} within the step from ${s}`).toBeGreaterThanOrEqual(
        0.5 * TOLERANCE - slack,
      );
    }
    checked++;
    s = end;
  }
  return checked;
}

describe('the directional step of two shapes', { timeout: 120_000 }, () => {
  it('a turning cuboid against a ball: every step certified by the closed-form gap', () => {
    let steps = 0;
    fc.assert(
      fc.property(pairStep, vec3(0.6), real(0.05, 0.5), (spec, h, r) => {
        const half = h.map((x) => Math.abs(x) + 0.05);
        const a = stepPoses3({ ...spec.a, at: spec.at });
        const b = stepPoses3({ ...spec.b, at: spec.at, through: spec.miss });
        const e = new ShapeMotion(
          cuboid(half[0], half[1], half[2]),
          ball(r),
          new RigidMotion(a[0], a[1]),
          new RigidMotion(b[0], b[1]),
          { tolerance: TOLERANCE },
        );
        const gap = (s: number) => {
          const pa = interpolatePose(a[0], a[1], s);
          const pb = interpolatePose(b[0], b[1], s);
          // B's centre in A's frame: Rᵀ (c − t).
          const d = [pb.t[0] - pa.t[0], pb.t[1] - pa.t[1], pb.t[2] - pa.t[2]];
          const R = pa.R;
          const c = [0, 1, 2].map((k) => R[k] * d[0] + R[3 + k] * d[1] + R[6 + k] * d[2]);
          return pointBox(c, half) - r;
        };
        steps += checkSteps(e, gap, 1e-12);
      }),
      { numRuns: 80, seed: seedFor(2701), endOnFailure: true },
    );
    expect(steps).toBeGreaterThan(100);
  });

  it('turning hull pairs: every step certified by the brute-force distance of the hull surfaces', () => {
    let steps = 0;
    fc.assert(
      fc.property(hullPoints, hullPoints, pairStep, (pa, pb, spec) => {
        const a = stepPoses3({ ...spec.a, at: spec.at });
        const b = stepPoses3({ ...spec.b, at: spec.at, through: spec.miss });
        const sw = sweep3(hullSurface(pa), hullSurface(pb), { a, b });
        const e = new ShapeMotion(
          convexHull(pa),
          convexHull(pb),
          new RigidMotion(a[0], a[1]),
          new RigidMotion(b[0], b[1]),
          {
            tolerance: TOLERANCE,
          },
        );
        // One hull inside the other: the solids meet where the surfaces do not (not this oracle's case).
        if (e.distance(0) < sw.at(0).distance - 1e-9) return;
        steps += checkSteps(e, (s) => sw.at(s).distance, 1e-12 * sw.scale);
      }),
      { numRuns: 40, seed: seedFor(2702), endOnFailure: true },
    );
    expect(steps).toBeGreaterThan(40);
  });

  it('turning polygon pairs (2-D): every step certified by the brute-force distance of their outlines', () => {
    let steps = 0;
    const polygon = fc
      .array(fc.tuple(real(-0.6, 0.6), real(-0.6, 0.6)), { minLength: 4, maxLength: 9 })
      .map((ps) => Float64Array.from(ps.flat()))
      .filter((p) => {
        try {
          convexPolygon(p);
          return true;
        } catch {
          return false;
        }
      });
    const outline = (p: Float64Array) => {
      const v = convexPolygon(p).vertices();
      const n = v.length / 2;
      const u = Float64Array.from({ length: n }, (_, i) => v[2 * i]);
      const w = Float64Array.from({ length: n }, (_, i) => v[2 * i + 1]);
      return Curve.fromLoops(u, w, [n]);
    };
    fc.assert(
      fc.property(
        polygon,
        polygon,
        real(-Math.PI, Math.PI),
        real(-Math.PI, Math.PI),
        real(0, 2 * Math.PI),
        real(-0.8, 0.8),
        (pa, pb, angleA, turn, dir, miss) => {
          const a = [pose2(angleA), pose2(angleA + 0.3 * turn, [0.2, -0.1])] as const;
          const u = [Math.cos(dir), Math.sin(dir)];
          const b = [
            pose2(0.5, [3 * u[0] - miss * u[1], 3 * u[1] + miss * u[0]]),
            pose2(0.5 + turn, [-3 * u[0] - miss * u[1], -3 * u[1] + miss * u[0]]),
          ] as const;
          const sw = sweep2(outline(pa), outline(pb), { a, b });
          const e = new ShapeMotion2(
            convexPolygon(pa),
            convexPolygon(pb),
            new RigidMotion2(a[0], a[1]),
            new RigidMotion2(b[0], b[1]),
            { tolerance: TOLERANCE },
          );
          if (e.distance(0) < sw.at(0).distance - 1e-9) return;
          steps += checkSteps(e, (s) => sw.at(s).distance, 1e-12 * sw.scale);
        },
      ),
      { numRuns: 60, seed: seedFor(2703), endOnFailure: true },
    );
    expect(steps).toBeGreaterThan(60);
  });

  it('the default mode takes it at every step between two shapes, not with a surface', () => {
    const a = stepPoses3({ ...restStep, theta: 2.5, axis: [0.3, 0.4, 1] });
    const rest = new RigidMotion(a[0], a[0]);
    const e = new ShapeMotion(cuboid(1, 1, 1), ball(0.5), rest, rest);
    expect(e.directionalEveryStep).toBe(true);
    e.reset(hullSurface(new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1])), ball(0.5), rest, rest);
    expect(e.directionalEveryStep).toBe(false);
    const e2 = new ShapeMotion2(
      cuboid2(1, 1),
      ball2(0.5),
      new RigidMotion2(pose2(), pose2()),
      new RigidMotion2(pose2(), pose2()),
    );
    expect(e2.directionalEveryStep).toBe(true);
    // On turning pairs the default never takes more steps than the plain bound alone, and answers alike.
    let fewer = 0;
    for (let i = 0; i < 20; i++) {
      const ta = 0.3 * i;
      const motion = {
        a: [pose2(0), pose2(0)] as const,
        b: [pose2(ta, [3, 0.2 * (i % 5)]), pose2(ta + 2.5, [-3, 0.1])] as const,
      };
      const d = timeOfImpact2(cuboid2(0.5, 0.2), cuboid2(0.3, 0.1), motion);
      const p = timeOfImpact2(cuboid2(0.5, 0.2), cuboid2(0.3, 0.1), motion, { directional: false });
      expect(d.status).toBe(p.status);
      expect(Math.abs(d.toi - p.toi)).toBeLessThanOrEqual(1e-5);
      expect(d.iterations).toBeLessThanOrEqual(p.iterations);
      if (d.iterations < p.iterations) fewer++;
      const m3 = {
        a: [a[0], a[0]] as const,
        // B turns by 2.5 about (0.3, 0.4, 1) while it crosses A
        b: [
          { R: a[0].R, t: new Float64Array([3, 0.1 * (i % 5), 0.05 * i]) },
          { R: a[1].R, t: new Float64Array([-3, 0.1, 0]) },
        ] as const,
      };
      const d3 = timeOfImpact(cuboid(0.5, 0.2, 0.3), ball(0.3), m3);
      const p3 = timeOfImpact(cuboid(0.5, 0.2, 0.3), ball(0.3), m3, { directional: false });
      expect(d3.status).toBe(p3.status);
      expect(d3.iterations).toBeLessThanOrEqual(p3.iterations);
    }
    expect(fewer).toBeGreaterThan(5);
  });
});
