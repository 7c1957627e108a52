// Adversarial testing: bodies below about 1e-154 underflowed. Two cubes of side 1e-165, 1e-165 apart,
// were 0 apart with `intersecting: false` (squared distances underflow), and the large side broke
// long before the 1e150 the README promised (a 2-D gap at 1e80, a 3-D one at 1e100 came out wrong:
// fourth powers of lengths overflow). A query whose bodies and placement lie far from unit size is
// now taken there by a power of two (exact), answered, and taken back.
//
// What we check: a query and the same query scaled by 2^k give the same answer scaled by 2^k: bit for
// bit where k is a multiple of 256 (the scaled query is then the unit one exactly), to rounding for
// any other k; and the adversarial cases themselves.

import { identityPose, type Pose2, type Pose3, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import {
  box,
  Curve,
  curveDistance,
  icosphere,
  rectangle,
  type Surface,
  surfaceDistance,
} from '../src/index.js';
import { rng } from './helpers.js';

/** A pose whose translation is `pose`'s times 2^k. */
function scaled3(pose: Pose3, f: number): Pose3 {
  return { R: pose.R, t: pose.t.map((x) => x * f) };
}
function scaled2(pose: Pose2, f: number): Pose2 {
  return { angle: pose.angle, t: pose.t.map((x) => x * f) };
}

/** Exponents whose scaled query is the unit one exactly, and others (answers equal to rounding). */
const EXACT = [-768, -512, -256, 256, 512, 768];
const NEAR = [-1000, -600, -300, -140, -100, 100, 140, 300, 600, 900];

/** Scenes at unit size: A at rest at the identity (so that nothing but the scale changes), B placed. */
function scenes3(): { a: Surface; b: Surface; poseB: Pose3 }[] {
  const r = rng(31_03);
  const out: { a: Surface; b: Surface; poseB: Pose3 }[] = [];
  const shapes = [box(1), icosphere(0.6, 1), box([0.3, 1, 0.01])];
  for (let i = 0; i < 24; i++) {
    const a = shapes[i % 3];
    const b = shapes[(i + 1) % 3];
    // apart, touching-ish and crossing placements
    const reach = [2, 1.2, 0.5][i % 3];
    const axis = [r() - 0.5, r() - 0.5, r() - 0.5];
    const t = [reach * (r() - 0.5) * 2, reach * (r() - 0.5) * 2, reach * (r() - 0.5) * 2];
    out.push({ a, b, poseB: poseFromAxisAngle(axis, 6 * r(), t) });
  }
  return out;
}

describe('surfaceDistance at any scale', () => {
  it('scaled by 2^k (k a multiple of 256): the unit answer scaled, bit for bit', () => {
    for (const { a, b, poseB } of scenes3()) {
      const unit = surfaceDistance(a, b, { poseB });
      for (const k of EXACT) {
        const f = 2 ** k;
        const r = surfaceDistance(a.scale(f), b.scale(f), {
          poseA: identityPose(),
          poseB: scaled3(poseB, f),
        });
        expect(r.distance, `k = ${k}`).toBe(unit.distance * f);
        expect(r.intersecting, `k = ${k}`).toBe(unit.intersecting);
        expect([r.facetA, r.facetB], `k = ${k}`).toEqual([unit.facetA, unit.facetB]);
        expect(Array.from(r.pointA), `k = ${k}`).toEqual(Array.from(unit.pointA, (x) => x * f));
        expect(Array.from(r.pointB), `k = ${k}`).toEqual(Array.from(unit.pointB, (x) => x * f));
      }
    }
  });

  it('scaled by any 2^k: the unit answer scaled, to rounding', () => {
    for (const { a, b, poseB } of scenes3()) {
      const unit = surfaceDistance(a, b, { poseB });
      for (const k of NEAR) {
        const f = 2 ** k;
        const r = surfaceDistance(a.scale(f), b.scale(f), { poseB: scaled3(poseB, f) });
        expect(Math.abs(r.distance / f - unit.distance), `k = ${k}`).toBeLessThanOrEqual(1e-12);
        expect(r.intersecting, `k = ${k}`).toBe(unit.intersecting);
      }
    }
  });

  it('two cubes of side 1e-165, 1e-165 apart: 1e-165 apart, not intersecting', () => {
    const c = box(1e-165);
    const r = surfaceDistance(c, c, { poseB: poseFromAxisAngle([0, 0, 1], 0, [2e-165, 0, 0]) });
    expect(r.intersecting).toBe(false);
    expect(Math.abs(r.distance / 1e-165 - 1)).toBeLessThanOrEqual(1e-12);
  });

  it('tiny bodies far from the origin keep their relative placement', () => {
    const c = box(1e-165);
    const far = [0.75, -2, 3];
    const r = surfaceDistance(c, c, {
      poseA: poseFromAxisAngle([0, 0, 1], 0, far),
      poseB: poseFromAxisAngle(
        [0, 0, 1],
        0,
        far.map((x, i) => x + (i === 0 ? 2e-165 : 0)),
      ),
    });
    // 0.75 + 2e-165 is 0.75: the bodies coincide, as placed
    expect(r.intersecting).toBe(true);
    expect(r.distance).toBe(0);
  });
});

describe('curveDistance at any scale', () => {
  const shapes = [rectangle(1, 0.5), Curve.fromPolyline([0, 1, 1.5], [0, 0.2, -0.4]), rectangle(0.02, 1)];
  function scenes2(): { a: Curve; b: Curve; poseB: Pose2 }[] {
    const r = rng(31_04);
    const out: { a: Curve; b: Curve; poseB: Pose2 }[] = [];
    for (let i = 0; i < 24; i++) {
      const reach = [2, 1, 0.4][i % 3];
      out.push({
        a: shapes[i % 3],
        b: shapes[(i + 2) % 3],
        poseB: pose2(6 * r(), [reach * (2 * r() - 1), reach * (2 * r() - 1)]),
      });
    }
    return out;
  }

  it('scaled by 2^k (k a multiple of 256): the unit answer scaled, bit for bit', () => {
    for (const { a, b, poseB } of scenes2()) {
      const unit = curveDistance(a, b, { poseB });
      for (const k of EXACT) {
        const f = 2 ** k;
        const r = curveDistance(a.scale(f), b.scale(f), { poseB: scaled2(poseB, f) });
        expect(r.distance, `k = ${k}`).toBe(unit.distance * f);
        expect(r.intersecting, `k = ${k}`).toBe(unit.intersecting);
        expect([r.segmentA, r.segmentB], `k = ${k}`).toEqual([unit.segmentA, unit.segmentB]);
        expect(Array.from(r.pointA), `k = ${k}`).toEqual(Array.from(unit.pointA, (x) => x * f));
        expect(Array.from(r.pointB), `k = ${k}`).toEqual(Array.from(unit.pointB, (x) => x * f));
      }
    }
  });

  it('scaled by any 2^k: the unit answer scaled, to rounding', () => {
    for (const { a, b, poseB } of scenes2()) {
      const unit = curveDistance(a, b, { poseB });
      for (const k of NEAR) {
        const f = 2 ** k;
        const r = curveDistance(a.scale(f), b.scale(f), { poseB: scaled2(poseB, f) });
        expect(Math.abs(r.distance / f - unit.distance), `k = ${k}`).toBeLessThanOrEqual(1e-12);
        expect(r.intersecting, `k = ${k}`).toBe(unit.intersecting);
      }
    }
  });

  it('two squares of side 1e-165, 1e-165 apart: 1e-165 apart, not intersecting', () => {
    const q = rectangle(1e-165, 1e-165);
    const r = curveDistance(q, q, { poseB: pose2(0, [2e-165, 0]) });
    expect(r.intersecting).toBe(false);
    expect(Math.abs(r.distance / 1e-165 - 1)).toBeLessThanOrEqual(1e-12);
  });
});
