// The npm `bunny` (a real scanned mesh, 3674 facets) against a pebble, box(0.04, 2) (48 facets), at
// 1000 poses, compared with the oracle; then the same 1000 placements moved 1e4 and 1e6 away.
//
// What the oracle does here, precisely: for every pose it takes all 3674 × 48 facet pairs and skips
// only those whose facet boxes are farther apart than the best distance found so far plus
// 1e-9 · size (an exact-safe bound: such a pair can neither be the minimum nor tie with it); every
// other pair gets the oracle's exact contact test and float distance. No pose is dropped and no
// assertion is weakened. The library's all-pairs reference loop prunes the same way.

import { composePose, type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import { beforeAll, describe, expect, it } from 'vitest';
import { box, surfaceDistance } from '../src/index.js';
import { checkSurface, offsetPose, quantize, REL, randomUnit, rng, soupOf, ulp } from './helpers.js';
import { type BodyOracle, relativePose3, surfaceOracle } from './oracle/bodies.js';
import { unitBunny } from './unit-bunny.js';

const POSES = 1000;

const bunny = unitBunny();
const pebble = box(0.04, 2);
/** The bunny's own pose (not the identity, so that the relative transform matters). */
const P: Pose3 = (() => {
  const p = poseFromAxisAngle([1, 2, 3], 0.7, [0.3, -0.2, 0.1]);
  return { R: p.R, t: p.t.map(quantize) };
})();

interface Placement {
  pose: Pose3;
  oracle: BodyOracle;
}

/**
 * Pebble poses: a random vertex of the bunny, pushed out along its (area-weighted) normal by a gap
 * drawn in [−0.03, 0.5] (about one in eight overlapping, more near contact than far), the pebble
 * turned at random. World pose = P ∘ (that placement), translations on the 2^-30 grid so that the
 * offsets below add exactly.
 */
function placements(): Pose3[] {
  const pos = bunny.positions;
  const idx = bunny.indices;
  const normals = new Float64Array(pos.length);
  for (let f = 0; f < bunny.facetCount; f++) {
    const [a, b, c] = [idx[3 * f], idx[3 * f + 1], idx[3 * f + 2]];
    const u = [0, 1, 2].map((k) => pos[3 * b + k] - pos[3 * a + k]);
    const v = [0, 1, 2].map((k) => pos[3 * c + k] - pos[3 * a + k]);
    const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    for (const w of [a, b, c]) for (let k = 0; k < 3; k++) normals[3 * w + k] += n[k];
  }
  const r = rng(2024);
  const out: Pose3[] = [];
  while (out.length < POSES) {
    const v = Math.floor(r() * bunny.vertexCount);
    const n = [normals[3 * v], normals[3 * v + 1], normals[3 * v + 2]];
    const len = Math.hypot(n[0], n[1], n[2]);
    if (!(len > 0)) continue;
    const gap = r() < 0.12 ? -0.03 * r() : 0.5 * r() ** 2;
    const centre = [0, 1, 2].map((k) => pos[3 * v + k] + (n[k] / len) * (gap + 0.02));
    const local = poseFromAxisAngle(randomUnit(r), Math.PI * (2 * r() - 1), centre);
    const world = composePose(P, local);
    out.push({ R: world.R, t: world.t.map(quantize) });
  }
  return out;
}

describe('bunny against a pebble at 1000 poses', () => {
  let cases: Placement[] = [];

  beforeAll(() => {
    const soupA = soupOf(bunny);
    const soupB = soupOf(pebble);
    cases = placements().map((pose) => ({
      pose,
      oracle: surfaceOracle(soupA, soupB, P, pose, (s) => REL * s),
    }));
  }, 120_000);

  it('the placements cover contact, near misses and far gaps', () => {
    expect(cases.length).toBe(POSES);
    const intersecting = cases.filter((c) => c.oracle.intersecting).length;
    const near = cases.filter((c) => !c.oracle.intersecting && c.oracle.distance < 0.02).length;
    const far = cases.filter((c) => c.oracle.distance > 0.25).length;
    expect(intersecting).toBeGreaterThan(50);
    expect(near).toBeGreaterThan(50);
    expect(far).toBeGreaterThan(100);
  });

  it('distance within 1e-12 of the size, same flag and pair, witnesses on their facets', () => {
    for (let k = 0; k < POSES; k++) {
      const { pose, oracle } = cases[k];
      const r = surfaceDistance(bunny, pebble, { poseA: P, poseB: pose });
      checkSurface(r, bunny, pebble, P, pose, { oracle, prune: true, label: `pose ${k}` });
    }
  }, 120_000);

  for (const offset of [1e4, 1e6]) {
    it(`moved ${offset} away: the same, bit for bit, and world points within 8 ulps of ${offset}`, () => {
      const fa = offsetPose(P, offset);
      const worldTol = 8 * ulp(offset);
      for (let k = 0; k < POSES; k++) {
        const { pose, oracle } = cases[k];
        const fb = offsetPose(pose, offset);
        // the relative placement is exactly the one the oracle saw
        const near = relativePose3(P, pose);
        const far = relativePose3(fa, fb);
        expect(Array.from(far.R)).toEqual(Array.from(near.R));
        expect(Array.from(far.t)).toEqual(Array.from(near.t));
        const r0 = surfaceDistance(bunny, pebble, { poseA: P, poseB: pose });
        const r = surfaceDistance(bunny, pebble, { poseA: fa, poseB: fb });
        expect(Object.is(r.distance, r0.distance), `pose ${k}`).toBe(true);
        expect([r.facetA, r.facetB]).toEqual([r0.facetA, r0.facetB]);
        expect(r.intersecting).toBe(r0.intersecting);
        for (let i = 0; i < 3; i++) {
          expect(Math.abs(r.pointA[i] - (r0.pointA[i] + offset))).toBeLessThanOrEqual(worldTol);
          expect(Math.abs(r.pointB[i] - (r0.pointB[i] + offset))).toBeLessThanOrEqual(worldTol);
        }
        checkSurface(r, bunny, pebble, fa, fb, { oracle, allPairs: false, worldTol, label: `pose ${k}` });
      }
    }, 120_000);
  }
});
