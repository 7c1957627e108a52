// The directional step of two shapes that turn (ShapeStep: the separation along GJK's axis bounded
// below by L(δ), concave, measured by supports along the axis tilted by each turn, with the term
// θ² |n × k| ρ δ² / 2 of the points' curved paths). Long sticks turning by up to π while they barely
// translate make the steps long and the curvature term large; every step is checked against the
// brute-force distance of the hull surfaces, sampled densely (no GJK in the oracle). Dropping the
// curvature term, trusting the first probe without measuring L there, or tilting the supports the
// wrong way makes a step cross tol/2 here.

import { convexHull, quickhull } from '@firsttouch/convex';
import { Surface } from '@firsttouch/mesh';
import { identityPose, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShapeMotion, timeOfImpact } from '../src/index.js';
import { checkGuarantee, scan, sweep3 } from './oracle/sweep.js';
import { real, seedFor, stepArb3, stepPoses3, vec3 } from './scenarios.js';

const SAMPLES = 64;
const TOLERANCE = 1e-6;

function hullSurface(points: Float64Array): Surface {
  return Surface.fromIndexed(points, quickhull(points).facets);
}

/** Points of a stick from `from` to `to` along x (its origin maybe near one end), 0.15 across. */
function stick(from: number, to: number) {
  return fc
    .array(fc.tuple(real(from, to), real(-0.15, 0.15), real(-0.15, 0.15)), { minLength: 6, maxLength: 12 })
    .map((ps) => Float64Array.from(ps.flat()))
    .filter((p) => {
      try {
        convexHull(p);
        return true;
      } catch {
        return false;
      }
    });
}

describe('the directional step of turning shapes (ShapeStep)', { timeout: 180_000 }, () => {
  it('turning sticks that barely translate: every step certified, and the probes lengthen steps', () => {
    let steps = 0;
    let longer = 0;
    fc.assert(
      fc.property(
        stick(-0.6, 0.6),
        stick(-0.3, 2.5),
        stepArb3(0.3, 0.5),
        real(Math.PI / 3, Math.PI),
        vec3(1),
        real(0.6, 1.2),
        (pa, pb, specA, theta, dir, away) => {
          const norm = Math.hypot(dir[0], dir[1], dir[2]);
          if (norm < 0.1) return;
          const u = dir.map((x) => x / norm);
          // B starts `away` beyond its own reach plus A's from A, closes slowly and turns fast.
          const from = u.map((x) => (2.6 + away) * x);
          const to = u.map((x) => 0.8 * x);
          const a = stepPoses3({ ...specA, velocity: [0, 0, 0], theta: 0.3 * specA.theta });
          const b = stepPoses3({
            axis0: [0.2, 1, 0.3],
            angle0: 0.4,
            axis: [u[1] - u[2], u[2] - u[0], u[0] - u[1]].map((x, i) => x + 0.3 * i),
            theta,
            through: to,
            at: 1,
            velocity: from.map((x, i) => to[i] - x),
          });
          const sw = sweep3(hullSurface(pa), hullSurface(pb), { a, b });
          const e = new ShapeMotion(
            convexHull(pa),
            convexHull(pb),
            new RigidMotion(a[0], a[1]),
            new RigidMotion(b[0], b[1]),
          );
          if (e.distance(0) < sw.at(0).distance - 1e-9) return;
          const before = e.lengthenedSteps;
          let s = 0;
          for (let k = 0; k < 40 && s < 1; k++) {
            const d = e.distance(s);
            if (d <= TOLERANCE) break;
            const step = e.directionalStep(s, d, TOLERANCE, 0, 1 - s);
            if (!(step > 0)) break;
            const end = Math.min(1, s + step);
            for (let i = 1; i <= SAMPLES; i++) {
              const at = s + ((end - s) * i) / SAMPLES;
              expect(sw.at(at).distance, `gap at ${at} within the step from ${s}`).toBeGreaterThanOrEqual(
                0.5 * TOLERANCE - 1e-12 * sw.scale,
              );
            }
            steps++;

            s = end;
          }
          longer += e.lengthenedSteps - before;
        },
      ),
      { numRuns: 100, seed: seedFor(2711), endOnFailure: true },
    );
    expect(steps).toBeGreaterThan(120);
    // Most steps come from the probes, not from the largest closing rate alone.
    expect(longer).toBeGreaterThan(steps / 3);
  });

  it('a stick swinging down onto a box about its end: the curvature term holds the steps', () => {
    // Its origin at one end: along the axis tilted by the turn, first order sees the stick's end at
    // the origin as its lowest point all the way, while the far end swings down onto the box.
    const box = Float64Array.from(
      [0, 1].flatMap((x) => [0, 1].flatMap((y) => [0, 1].flatMap((z) => [x - 0.5, y - 0.5, z - 0.5]))),
    );
    const rod = Float64Array.from(
      [0, 1].flatMap((x) =>
        [0, 1].flatMap((y) => [0, 1].flatMap((z) => [0.1 * x - 0.05, 0.1 * y - 0.05, 2.5 * z])),
      ),
    );
    let checked = 0;
    for (const theta of [Math.PI, 0.8 * Math.PI]) {
      for (const height of [1.2]) {
        const a = [identityPose(), identityPose()] as const;
        const b = [
          poseFromAxisAngle([1, 0, 0], 0, [0.05, 0, height]),
          poseFromAxisAngle([1, 0, 0], theta, [0.05, 0, height]),
        ] as const;
        const sw = sweep3(hullSurface(box), hullSurface(rod), { a, b });
        const e = new ShapeMotion(
          convexHull(box),
          convexHull(rod),
          new RigidMotion(a[0], a[1]),
          new RigidMotion(b[0], b[1]),
        );
        let s = 0;
        for (let k = 0; k < 60 && s < 1; k++) {
          const d = e.distance(s);
          if (d <= TOLERANCE) break;
          const step = e.directionalStep(s, d, TOLERANCE, 0, 1 - s);
          if (!(step > 0)) break;
          const end = Math.min(1, s + step);
          for (let i = 1; i <= 2 * SAMPLES; i++) {
            const at = s + ((end - s) * i) / (2 * SAMPLES);
            expect(
              sw.at(at).distance,
              `θ ${theta}, gap at ${at} within the step from ${s}`,
            ).toBeGreaterThanOrEqual(0.5 * TOLERANCE - 1e-12 * sw.scale);
          }
          checked++;
          s = end;
        }
        // The answer against the oracle (the guarantee's checks of every ccd test).
        const r = timeOfImpact(convexHull(box), convexHull(rod), { a, b });
        checkGuarantee(sw, scan(sw, r.tolerance), r, `rod θ ${theta} h ${height}`);
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('the answers against the plain bound: the same contacts, never later than the oracle', () => {
    fc.assert(
      fc.property(
        stick(-0.6, 0.6),
        stick(-1.5, 1.5),
        real(0, Math.PI),
        real(0, 2 * Math.PI),
        (pa, pb, theta, phi) => {
          const motion = {
            a: stepPoses3({
              axis0: [0, 0, 1],
              angle0: 0,
              axis: [0, 0, 1],
              theta: 0,
              through: [0, 0, 0],
              at: 0,
              velocity: [0, 0, 0],
            }),
            b: stepPoses3({
              axis0: [1, 0.3, 0.2],
              angle0: phi,
              axis: [0.3, 0.2, 1],
              theta,
              through: [-3, 0.2 * Math.cos(phi), 0.2],
              at: 1,
              velocity: [-6, 0, 0],
            }),
          };
          const A = convexHull(pa);
          const B = convexHull(pb);
          const d = timeOfImpact(A, B, motion);
          const p = timeOfImpact(A, B, motion, { directional: false });
          expect(d.status).toBe(p.status);
          const sw = sweep3(hullSurface(pa), hullSurface(pb), motion);
          checkGuarantee(sw, scan(sw, d.tolerance), d, 'sticks');
          expect(d.iterations).toBeLessThanOrEqual(p.iterations);
        },
      ),
      { numRuns: 40, seed: seedFor(2712), endOnFailure: true },
    );
  });
});
