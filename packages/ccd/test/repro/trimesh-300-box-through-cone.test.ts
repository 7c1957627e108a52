// trimesh #300: a box moving through a cone, collision_manager.in_collision_single with a
// continuous check (FCL's default continuous request: CCDC_NAIVE, 10 sampled poses).
//
// What went wrong there: the "continuous" query sampled the motion, so its answer depended on
// where the samples fell and on the FCL build: one build reported TOI 1.0 (no collision), another
// 0.43 with a collision, for the same box and cone.
//
// What we check: a box crossing a faceted cone (a fan of triangles plus a base, built here) so fast
// that 11 evenly spaced samples all miss the cone. The contact instant is analytic: the cone's
// polygon has a vertex at angle π at every height, so the box's leading face first meets the cone's
// ridge at the box's lowest height, at x* = −R (1 − z_low / H). Then:
//   - the contact is found, no later than the analytic instant, and within tol of it;
//   - the same certified contact every run: bit-identical toi, gap, facets and witness points over
//     repeated queries, over freshly built bodies, interleaved with other queries, and (toi and gap)
//     with the cone's facets given in another order (another tree);
//   - every directional mode gives a certified contact.

import { box, Surface, surfaceDistance } from '@firsttouch/mesh';
import { poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { CcdStatus, type DirectionalMode, timeOfImpact } from '../../src/index.js';

/** A cone: apex (0, 0, H), base radius R at z = 0, N sides; the fan of the sides plus the base fan. */
function cone(R: number, H: number, N: number, order?: (facets: number[][]) => number[][]): Surface {
  const positions: number[] = [0, 0, H, 0, 0, 0]; // apex 0, base centre 1
  for (let k = 0; k < N; k++) {
    const a = (2 * Math.PI * k) / N;
    positions.push(R * Math.cos(a), R * Math.sin(a), 0);
  }
  // the vertex at angle π must be exactly (−R, 0, 0): N is even and k = N/2
  positions[3 * (2 + N / 2)] = -R;
  positions[3 * (2 + N / 2) + 1] = 0;
  let facets: number[][] = [];
  for (let k = 0; k < N; k++) {
    const b0 = 2 + k;
    const b1 = 2 + ((k + 1) % N);
    facets.push([0, b0, b1]); // side
    facets.push([1, b1, b0]); // base
  }
  if (order) facets = order(facets);
  return Surface.fromIndexed(positions, facets.flat());
}

interface Crossing {
  /** the box: side 2h, at height zc, from x0 to x1 along x (y = 0) */
  h: number;
  zc: number;
  x0: number;
  x1: number;
  /** the cone */
  R: number;
  H: number;
  N: number;
}

const FAST: Crossing = { h: 0.05, zc: 0.55, x0: -4.5, x1: 5.5, R: 0.5, H: 1, N: 32 };

/** The analytic contact instant and the factor from the gap at toi to the time before the contact. */
function analytic(c: Crossing): { sStar: number; gapToTime: number } {
  const zLow = c.zc - c.h;
  const xStar = -c.R * (1 - zLow / c.H);
  const sStar = (xStar - c.h - c.x0) / (c.x1 - c.x0);
  // the gap between the box's leading bottom edge and the ridge is (horizontal offset) · H / √(R² + H²)
  const gapToTime = Math.hypot(c.R, c.H) / c.H / (c.x1 - c.x0);
  return { sStar, gapToTime };
}

function motionOf(c: Crossing) {
  return {
    a: [poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 0)],
    b: [poseFromAxisAngle([0, 0, 1], 0, [c.x0, 0, c.zc]), poseFromAxisAngle([0, 0, 1], 0, [c.x1, 0, c.zc])],
  } as const;
}

const TOL = 1e-6;

function run(c: Crossing, a: Surface = cone(c.R, c.H, c.N), directional: DirectionalMode = 'auto') {
  return timeOfImpact(a, box(2 * c.h), motionOf(c), { tolerance: TOL, directional });
}

describe('trimesh #300: a box through a cone', () => {
  it('sampling the step at 11 poses misses the cone entirely (what FCL did)', () => {
    const a = cone(FAST.R, FAST.H, FAST.N);
    const b = box(2 * FAST.h);
    for (let k = 0; k <= 10; k++) {
      const x = FAST.x0 + (k / 10) * (FAST.x1 - FAST.x0);
      const d = surfaceDistance(a, b, { poseB: poseFromAxisAngle([0, 0, 1], 0, [x, 0, FAST.zc]) });
      expect(d.intersecting).toBe(false);
      expect(d.distance).toBeGreaterThan(0.1);
    }
  });

  it('the certified contact: found, no later than the analytic instant, within tol of it', () => {
    const { sStar, gapToTime } = analytic(FAST);
    expect(sStar).toBeCloseTo(0.42, 12); // (−0.25 − 0.05 + 4.5) / 10
    for (const directional of [false, 'auto', true] as DirectionalMode[]) {
      const r = run(FAST, undefined, directional);
      expect(r.status).toBe(CcdStatus.Contact);
      expect(r.toi).toBeLessThanOrEqual(sStar);
      expect(r.distance).toBeLessThanOrEqual(TOL);
      expect(sStar - r.toi).toBeLessThanOrEqual(TOL * gapToTime + 1e-12);
      // the witness: on the cone's ridge side, at the box's lowest height
      expect(r.pointA[0]).toBeLessThan(0);
      expect(Math.abs(r.pointA[2] - (FAST.zc - FAST.h))).toBeLessThan(1e-5);
    }
  });

  it('slower crossings at other heights, cone resolutions and tolerances: the same analytic bound', () => {
    for (const zc of [0.08, 0.3, 0.7, 0.9]) {
      for (const N of [8, 16, 64]) {
        for (const dx of [0.9, 3, 40]) {
          const c: Crossing = { h: 0.07, zc, x0: -0.7, x1: -0.7 + dx, R: 0.5, H: 1, N };
          const { sStar, gapToTime } = analytic(c);
          if (!(sStar > 0 && sStar < 1)) continue;
          const r = run(c);
          expect(r.status).toBe(CcdStatus.Contact);
          expect(r.toi).toBeLessThanOrEqual(sStar);
          expect(sStar - r.toi).toBeLessThanOrEqual(TOL * gapToTime + 1e-12);
        }
      }
    }
  });

  it('the same certified contact every run: bit-identical results', () => {
    const first = run(FAST);
    const key = (r: ReturnType<typeof run>) =>
      JSON.stringify([
        r.status,
        r.toi,
        r.distance,
        r.facetA,
        r.facetB,
        Array.from(r.pointA),
        Array.from(r.pointB),
        r.iterations,
      ]);
    const expected = key(first);
    const shared = cone(FAST.R, FAST.H, FAST.N);
    for (let i = 0; i < 5; i++) {
      expect(key(run(FAST))).toBe(expected); // fresh bodies
      expect(key(run(FAST, shared))).toBe(expected); // one body, its tree reused
      // another query in between, on the same cone
      run({ ...FAST, zc: 0.2, x0: 3, x1: -3 }, shared);
    }
  });

  it('the facets in another order (another tree): the same toi and gap, bit for bit', () => {
    const first = run(FAST);
    const orders: ((f: number[][]) => number[][])[] = [
      (f) => f.slice().reverse(),
      (f) => [...f.filter((_, i) => i % 2 === 1), ...f.filter((_, i) => i % 2 === 0)],
      (f) => f.map((_, i) => f[(i * 7) % f.length]), // 7 is prime to 64 facets: a permutation
    ];
    for (const order of orders) {
      const r = run(FAST, cone(FAST.R, FAST.H, FAST.N, order));
      expect(r.status).toBe(first.status);
      expect(Object.is(r.toi, first.toi)).toBe(true);
      expect(Object.is(r.distance, first.distance)).toBe(true);
    }
  });
});
