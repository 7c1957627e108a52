// Two large bodies without a hint (B's tree not refitted: the RSS search): the descent dives to the
// leaves and leaves the other child of each split in a heap by its bound, ending once the lowest
// bound left clears the best. Against the oracle (every facet pair) at poses apart and crossing; then
// evaluateMoved, which collects what the search leaves out, against evaluate, bit for bit.

import { type Pose3, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { icosphere, relativeTransform, Surface, SurfacePair, surfaceDistance } from '../src/index.js';
import { expectSurfaceDistance, randomUnit, rng } from './helpers.js';

/** An icosphere with its vertices moved in and out along the radius: a closed surface, not convex. */
function bumpy(radius: number, level: number, seed: number): Surface {
  const s = icosphere(radius, level);
  const r = rng(seed);
  const p = Float64Array.from(s.positions);
  for (let v = 0; v < p.length; v += 3) {
    const k = 1 + 0.25 * (r() - 0.5);
    p[v] *= k;
    p[v + 1] *= k;
    p[v + 2] *= k;
  }
  return Surface.fromIndexed(p, s.indices);
}

const I: Pose3 = poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0]);

describe('the search without a hint, two RSS trees', () => {
  const a = bumpy(0.5, 3, 41);
  const b = bumpy(0.35, 3, 42);

  it('takes the RSS search (B is not refitted)', () => {
    // B's tree is more than a quarter of A's plus 256 nodes: the search bounds node pairs by RSS.
    expect(b.tree().nodeCount).toBeGreaterThan(0.25 * a.tree().nodeCount + 256);
  });

  it('finds the oracle pair at poses apart and crossing', () => {
    const r = rng(43);
    let apart = 0;
    for (let k = 0; k < 20; k++) {
      const u = randomUnit(r);
      // Centres 0.7 to 1.5 apart: apart mostly, crossing at the nearest.
      const d = 0.7 + 0.8 * r();
      const pose = poseFromAxisAngle(randomUnit(r), Math.PI * (2 * r() - 1), [d * u[0], d * u[1], d * u[2]]);
      const { result } = expectSurfaceDistance(a, b, I, pose, { label: `pose ${k}` });
      if (!result.intersecting) apart++;
    }
    expect(apart).toBeGreaterThan(12);
    expect(apart).toBeLessThan(20);
  }, 120_000);

  it('evaluateMoved (collecting what the search leaves out) equals evaluate, bit for bit', () => {
    const motion = new RigidMotion(
      poseFromAxisAngle([0, 1, 0], 0, [1.4, 0.1, 0]),
      poseFromAxisAngle([0.3, 1, 0.2], 2, [0.55, -0.1, 0.05]),
    );
    const moved = new SurfacePair(a, b);
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    for (let k = 0; k <= 12; k++) {
      relativeTransform(I, motion.poseAt(k / 12), R, t);
      // A fresh pair each time: no hint, the search from the roots dives.
      const fresh = new SurfacePair(a, b);
      fresh.evaluate(R, t);
      moved.evaluateMoved(R, t, Number.POSITIVE_INFINITY);
      for (const f of ['distance', 'lowerBound', 'intersecting', 'facetA', 'facetB'] as const) {
        expect(Object.is(moved[f], fresh[f]), `step ${k}: ${f}`).toBe(true);
      }
      const once = surfaceDistance(a, b, { poseB: motion.poseAt(k / 12) });
      expect(once.distance).toBe(fresh.distance);
    }
  });
});
