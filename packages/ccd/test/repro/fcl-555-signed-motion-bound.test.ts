// FCL #555 (PR #550) and FCL #120: conservative advancement with a motion bound that was signed.
//
// What went wrong there: FCL's TranslationMotion bound was `v.dot(n)` (signed), and the generic
// bounding-volume motion bound returned 0 (only RSS was specialised), so for two bodies moving
// towards each other with opposite velocities along the normal the bounds of the two bodies
// cancelled, `cur_delta_t` came out too large and the advancement stepped past the contact
// ("was CCDC_CONSERVATIVE_ADVANCEMENT ever functional?"; the fix sums absolute values).
//
// What we check: two boxes moving towards each other with opposite velocities along the normal,
// one of them also turning (about the normal, and about axes across it), in the three directional
// modes. The reference is analytic: the moving body is a cube and the other a wide slab, so while
// they are apart the gap is exactly the smallest x of the cube's 8 world vertices minus the slab's
// face, a scalar function whose first root is found here by a Lipschitz-certified scalar advance
// (it cannot step past a root: each step is the gap over the true speed bound). Then:
//   - toi is no later than the true contact (toi ≤ the certified lower bound of the first root);
//   - the gap at toi is between tol/2 and tol (contact declared within the tolerance, not early);
//   - μ is at least the sum of the absolute speeds: nothing cancels.

import { box } from '@firsttouch/mesh';
import { poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CcdStatus, type DirectionalMode, timeOfImpact } from '../../src/index.js';

const MODES: DirectionalMode[] = [false, 'auto', true];
/** Rounding slack on gaps: the bodies are of unit size, distances carry a few ulps. */
const EPS = 1e-12;

/** Row-major rotation about the unit axis k by a (Rodrigues), written here. */
function rotation(k: readonly number[], a: number): number[] {
  const n = Math.hypot(k[0], k[1], k[2]);
  const [x, y, z] = [k[0] / n, k[1] / n, k[2] / n];
  const c = Math.cos(a);
  const s = Math.sin(a);
  const C = 1 - c;
  return [
    c + x * x * C,
    x * y * C - z * s,
    x * z * C + y * s,
    y * x * C + z * s,
    c + y * y * C,
    y * z * C - x * s,
    z * x * C - y * s,
    z * y * C + x * s,
    c + z * z * C,
  ];
}

/** The first root of a gap g with Lipschitz constant L on [0, 1]: a certified lower bound (∞: none). */
function firstRoot(g: (s: number) => number, L: number): number {
  let s = 0;
  for (let k = 0; k < 1_000_000; k++) {
    const v = g(s);
    if (v <= 1e-14) return s;
    if (s >= 1) return Number.POSITIVE_INFINITY;
    s = Math.min(1, s + v / L);
  }
  throw new Error('the reference advance did not converge (a grazing case)');
}

interface Case {
  /** Slab A: thickness along x, centred at xA0, moving by dA along +x. */
  slab: number;
  xA0: number;
  dA: number;
  /** Cube B: side h2, centred at xB0 (on the x axis), moving by dB along x (negative: towards A). */
  side: number;
  xB0: number;
  dB: number;
  /** B turns about `axis` by `theta` over the step (from the identity). */
  axis: number[];
  theta: number;
}

/** The analytic gap between the slab's +x face and the cube at s (while they are apart). */
function gapOf(c: Case): (s: number) => number {
  const h = c.side / 2;
  const corners: number[][] = [];
  for (let i = 0; i < 8; i++) corners.push([i & 1 ? h : -h, i & 2 ? h : -h, i & 4 ? h : -h]);
  return (s: number) => {
    const R = rotation(c.axis, s * c.theta);
    let minX = Number.POSITIVE_INFINITY;
    for (const p of corners) minX = Math.min(minX, R[0] * p[0] + R[1] * p[1] + R[2] * p[2]);
    const xB = c.xB0 + s * c.dB;
    const face = c.xA0 + s * c.dA + c.slab / 2;
    return xB + minX - face;
  };
}

function query(c: Case, directional: DirectionalMode) {
  const A = box([c.slab, 20, 20]);
  const B = box(c.side);
  const motion = {
    a: [
      poseFromAxisAngle([1, 0, 0], 0, [c.xA0, 0, 0]),
      poseFromAxisAngle([1, 0, 0], 0, [c.xA0 + c.dA, 0, 0]),
    ],
    b: [
      poseFromAxisAngle(c.axis, 0, [c.xB0, 0, 0]),
      poseFromAxisAngle(c.axis, c.theta, [c.xB0 + c.dB, 0, 0]),
    ],
  } as const;
  return timeOfImpact(A, B, motion, { tolerance: 1e-6, directional });
}

/** A Lipschitz constant of the gap: the speeds, and the turn times h√3 (no corner is farther from an axis). */
function lipschitz(c: Case): number {
  return Math.abs(c.dA) + Math.abs(c.dB) + Math.abs(c.theta) * (c.side / 2) * Math.sqrt(3);
}

/** The checks of this file for one case and mode. */
function check(c: Case, directional: DirectionalMode): void {
  const g = gapOf(c);
  const root = firstRoot(g, lipschitz(c));
  expect(root).toBeLessThan(1); // every case here makes contact
  const r = query(c, directional);
  expect(r.status).toBe(CcdStatus.Contact);
  // no later than the true contact: the certified lower bound of the first root
  expect(r.toi).toBeLessThanOrEqual(root);
  // the gap at toi: within the tolerance, and not below tol/2 (no early stop either)
  const gToi = g(r.toi);
  expect(gToi).toBeLessThanOrEqual(r.tolerance + EPS);
  expect(gToi).toBeGreaterThanOrEqual(r.tolerance / 2 - EPS);
  expect(Math.abs(gToi - r.distance)).toBeLessThan(1e-9);
  // the bounds add up in absolute value: the two translations do not cancel
  // (the translations are t1 − t0 of the given poses: a rounding of t0 + d, hence the 1e-12)
  expect(r.mu).toBeGreaterThanOrEqual((Math.abs(c.dA) + Math.abs(c.dB)) * (1 - 1e-12));
  if (c.theta > 1e-9) expect(r.mu).toBeGreaterThan(Math.abs(c.dA) + Math.abs(c.dB));
}

describe('FCL #555 / #120: opposite velocities along the normal, one body turning', () => {
  it('head-on, equal and opposite speeds, B spinning about the normal: analytic toi', () => {
    // Rotation about x keeps the cube's face perpendicular to x: the gap is 2 − 4s, contact at 1/2.
    for (const theta of [0, Math.PI / 4, Math.PI / 2, 3, Math.PI]) {
      for (const directional of MODES) {
        const c: Case = { slab: 1, xA0: -1.5, dA: 2, side: 1, xB0: 1.5, dB: -2, axis: [1, 0, 0], theta };
        check(c, directional);
        const r = query(c, directional);
        expect(r.toi).toBeLessThanOrEqual(0.5);
        expect(0.5 - r.toi).toBeLessThanOrEqual(r.tolerance / 4 + EPS); // gap 2 − 4s ≤ tol
      }
    }
  });

  it('B turning across the normal while both close: toi before the analytic first root', () => {
    const axes = [
      [0, 0, 1],
      [0, 1, 0],
      [0, 1, 1],
      [1, 1, 1],
    ];
    for (const axis of axes) {
      for (const theta of [0.3, 1, 2, 3]) {
        for (const directional of MODES) {
          check({ slab: 0.5, xA0: -2, dA: 1.5, side: 1, xB0: 1, dB: -1.5, axis, theta }, directional);
        }
      }
    }
  });

  it('random speeds (B may even recede), axes and turns: never past the contact', { timeout: 60_000 }, () => {
    const axis = fc
      .tuple(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
      )
      .filter((k) => Math.hypot(...k) > 0.1);
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 4, noNaN: true }),
        fc.double({ min: -0.5, max: 4, noNaN: true }),
        axis,
        fc.double({ min: 0, max: 3.1, noNaN: true }),
        fc.double({ min: 0.2, max: 1.5, noNaN: true }),
        fc.constantFrom(...MODES),
        (dA, towards, k, theta, side, directional) => {
          // B starts 1 to the right of A's face (plus its own reach) and moves by −towards
          const reach = (side / 2) * Math.sqrt(3);
          const c: Case = {
            slab: 0.3,
            xA0: -1,
            dA,
            side,
            xB0: -1 + 0.15 + 1 + reach,
            dB: -towards,
            axis: k,
            theta,
          };
          fc.pre(firstRoot(gapOf(c), lipschitz(c)) < 1);
          check(c, directional);
        },
      ),
      { numRuns: 300 },
    );
  });
});
