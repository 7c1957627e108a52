// Adversarial testing: two bodies 1e-2 across placed 1e8 from the origin got Contact answers with
// the exact gap a quarter of tol/2 before the toi (20 of 40 queries), and a few at 1e6: the default
// tolerance (1e-6 of the diagonal, 1.7e-8) was below the ulp of the coordinates the loop places the
// bodies at (1.5e-8 at 1e8). The default is now at least 2^-46 of the largest coordinate in play.
//
// What we check: the README's promises (the gap at least tol/2 on [0, toi], at most tol at a
// contact), up to the rounding of a few ulps of the coordinates, against the exact motion: the
// oracle works in the frame of A's first position, where every difference of translations is exact
// (they are within a factor of 2 of each other), so its gaps carry the rounding of the bodies' size.

import { box, icosphere, type Surface } from '@firsttouch/mesh';
import { interpolatePose, type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { CcdStatus, defaultTolerance, timeOfImpact } from '../../src/index.js';
import { rng } from '../helpers.js';
import { distance3, oracleBody3 } from '../oracle/bodies.js';

/** A pose with its translation moved by −w (exact: the coordinates lie within a factor 2 of w). */
const shifted = (p: Pose3, w: number): Pose3 => ({ R: p.R, t: p.t.map((x) => x - w) });

function check(A: Surface, B: Surface, w: number, seed: number, turn: boolean): void {
  const r = rng(seed);
  const a = poseFromAxisAngle([r() - 0.5, r() - 0.5, r() - 0.5], 6 * r(), [w, w, w]);
  const v = [r() - 0.5, r() - 0.5, r() - 0.5].map((x) => x * 0.08);
  const axis = [r() - 0.5, r() - 0.5, r() - 0.5];
  const angle = 6 * r();
  const b0 = poseFromAxisAngle(
    axis,
    angle,
    v.map((x) => w + x),
  );
  const b1 = poseFromAxisAngle(
    axis,
    angle + (turn ? 2 * r() : 0),
    v.map((x) => w - x),
  );
  const res = timeOfImpact(A, B, { a: [a, a], b: [b0, b1] });
  const tol = res.tolerance;
  expect(tol).toBeGreaterThanOrEqual(2 ** -46 * w);
  // the oracle's step, in A's first frame (A at rest there; B from b0 to b1 as the motion moves it)
  const oa = oracleBody3(A);
  const ob = oracleBody3(B);
  const pa = shifted(a, w);
  const q0 = shifted(b0, w);
  const q1 = shifted(b1, w);
  const gap = (s: number) => distance3(oa, ob, pa, interpolatePose(q0, q1, s)).distance;
  const end = res.status === CcdStatus.Separate ? 1 : res.toi;
  const label = `w ${w}, seed ${seed}, ${res.status} at ${res.toi}, tol ${tol}`;
  if (res.status !== CcdStatus.InitialContact) {
    let least = Number.POSITIVE_INFINITY;
    for (let k = 0; k <= 160; k++) least = Math.min(least, gap((end * k) / 160));
    // a few ulps of the coordinates: at most a few per cent of tol/2 with the floor (a quarter of it
    // was missing before)
    expect(least, label).toBeGreaterThanOrEqual(0.5 * tol * 0.97);
  }
  if (res.status === CcdStatus.Contact) expect(gap(res.toi), label).toBeLessThanOrEqual(tol * 1.03);
}

describe('bodies far from the origin (1e6 to 1e10 times their size)', () => {
  const small = box(0.005);
  const ball = icosphere(0.004, 1);
  for (const w of [1e6, 1e8, 1e10]) {
    it(`keeps the gap and the contact promises at ${w}, translating`, () => {
      for (let seed = 1; seed <= 24; seed++) check(small, seed % 2 ? ball : small, w, seed, false);
    });
    it(`keeps the gap and the contact promises at ${w}, turning`, () => {
      for (let seed = 101; seed <= 124; seed++) check(small, seed % 2 ? ball : small, w, seed, true);
    });
  }

  it('floors the default tolerance at 2^-46 of the largest coordinate in play, and only there', () => {
    expect(defaultTolerance(0.01, 0.01, 1e8)).toBe(2 ** -46 * 1e8);
    expect(defaultTolerance(0.01, 0.01, 1e3)).toBe(1e-6 * 0.01);
    // near the origin the default is the diagonal's, whatever the poses
    const near = timeOfImpact(small, small, {
      a: [poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0])],
      b: [poseFromAxisAngle([0, 0, 1], 0, [1, 0, 0]), poseFromAxisAngle([0, 0, 1], 1, [-1, 0, 0])],
    });
    expect(near.tolerance).toBe(defaultTolerance(small.bounds().diagonal));
  });
});
