// Two large curves without a hint: the tree search dives, the farther child of each split waiting in a
// heap by its bound. Along a motion, `CurvePair.evaluateMoved` (whose first search from the roots
// dives and collects what it leaves out, heap included, as the candidates of the next) gives, at every
// step, what a fresh search gives: the candidates it kept cover every pair it did not search again.

import { pose2 } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { Curve, CurvePair, curveDistance, relativeTransform2 } from '../src/index.js';

/** A closed wavy loop of `n` vertices about the origin (not convex). */
function wavy(n: number, radius: number, phase: number): Curve {
  const u = new Float64Array(n);
  const v = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = radius * (1 + 0.15 * Math.sin(7 * a + phase) + 0.05 * Math.sin(31 * a));
    u[i] = r * Math.cos(a);
    v[i] = r * Math.sin(a);
  }
  return Curve.fromLoops(u, v, [n]);
}

describe('the curve search without a hint', () => {
  const a = wavy(2048, 1, 0);
  const b = wavy(1024, 0.6, 1);

  it('evaluateMoved along a motion equals a fresh search at every step', () => {
    const rest = pose2();
    const rel = new Float64Array(4);
    const moved = new CurvePair(a, b);
    // B slides past A and turns: its closest segments jump from one lobe of the loops to another.
    const steps = 80;
    let last: Float64Array | undefined;
    let reused = 0;
    for (let k = 0; k <= steps; k++) {
      const s = k / steps;
      const pose = pose2(3 * s, [1.75 * Math.cos(2 * s), 1.75 * Math.sin(2 * s)]);
      relativeTransform2(rest, pose, rel);
      // How far B's vertices moved in A's frame since the last step (times 1 + 1e-9).
      const p = b.positions;
      const now = new Float64Array(p.length);
      for (let i = 0; i < p.length; i += 2) {
        now[i] = rel[0] * p[i] - rel[1] * p[i + 1] + rel[2];
        now[i + 1] = rel[1] * p[i] + rel[0] * p[i + 1] + rel[3];
      }
      let far = Number.POSITIVE_INFINITY;
      if (last) {
        far = 0;
        for (let i = 0; i < p.length; i += 2)
          far = Math.max(far, Math.hypot(now[i] - last[i], now[i + 1] - last[i + 1]));
        far *= 1 + 1e-9;
      }
      last = now;
      const d = moved.evaluateMoved(rel[0], rel[1], rel[2], rel[3], far);
      const fresh = curveDistance(a, b, { poseB: pose });
      expect([d, moved.segmentA, moved.segmentB, moved.intersecting], `step ${k}`).toEqual([
        fresh.distance,
        fresh.segmentA,
        fresh.segmentB,
        fresh.intersecting,
      ]);
      if (moved.volumePairs < fresh.volumePairs) reused++;
    }
    // The candidates did serve: most steps searched less than from the roots.
    expect(reused).toBeGreaterThan(steps / 2);
  });
});
