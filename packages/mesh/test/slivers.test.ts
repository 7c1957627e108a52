// Scenes of slivers (facets whose longest edge is many times their shortest: walls and legs cut
// into long thin triangles, as CAD models and buildings are): a small room of thin boxes turned about
// the vertical against a body that is not convex, at poses apart and crossing, each answer held to
// the oracle and to the all-pairs loop bit for bit (the tie rule included), through the refitted
// search (a small B) and the RSS search (a large B), without a hint (the search dives) and with one.

import { type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { relativeTransform, Surface, SurfacePair, surfaceDistance } from '../src/index.js';
import { checkSurface, expectSurfaceDistance, randomUnit, rng, soupOf } from './helpers.js';
import { relativePose3, transformFlat3 } from './oracle/bodies.js';
import { trianglesIntersectExact } from './oracle/exact.js';

/**
 * A box of half-sizes h about c, turned by `angle` about z, each face cut into `strips` strips along
 * its longer side (two triangles a strip), facing out: its thin faces are slivers.
 */
function stripBox(
  xyz: number[],
  faces: number[],
  h: [number, number, number],
  c: [number, number, number],
  angle: number,
  strips: number,
): void {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  for (let axis = 0; axis < 3; axis++) {
    for (const side of [-1, 1]) {
      const ua = (axis + 1) % 3;
      const va = (axis + 2) % 3;
      const alongU = h[ua] >= h[va];
      const corner = (s: number, t: number): number => {
        const p = [0, 0, 0];
        p[axis] = side * h[axis];
        p[ua] = (2 * s - 1) * h[ua];
        p[va] = (2 * t - 1) * h[va];
        xyz.push(c[0] + cos * p[0] - sin * p[1], c[1] + sin * p[0] + cos * p[1], c[2] + p[2]);
        return xyz.length / 3 - 1;
      };
      for (let k = 0; k < strips; k++) {
        const a = k / strips;
        const b = (k + 1) / strips;
        const q = alongU
          ? [corner(0, a), corner(1, a), corner(1, b), corner(0, b)]
          : [corner(a, 0), corner(b, 0), corner(b, 1), corner(a, 1)];
        if (side > 0) faces.push(q[0], q[1], q[2], q[0], q[2], q[3]);
        else faces.push(q[0], q[2], q[1], q[0], q[3], q[2]);
      }
    }
  }
}

/** A floor, two walls and a table of thin parts turned about z, 6 across: 228 facets, half of them slivers. */
function smallRoom(): Surface {
  const xyz: number[] = [];
  const faces: number[] = [];
  stripBox(xyz, faces, [3, 3, 0.01], [0, 0, -0.01], 0, 1);
  stripBox(xyz, faces, [3, 0.01, 1.5], [0, -3, 1.5], 0, 4);
  stripBox(xyz, faces, [0.01, 2.5, 1.5], [2, 0, 1.5], 0.3, 4);
  stripBox(xyz, faces, [0.8, 0.5, 0.02], [-1, 0.5, 0.75], 0.7, 2);
  for (const [x, y] of [
    [-1.7, 0.1],
    [-0.3, 0.1],
    [-1.7, 0.9],
    [-0.3, 0.9],
  ])
    stripBox(xyz, faces, [0.01, 0.01, 0.37], [x, y, 0.37], 0.7, 2);
  return Surface.fromIndexed(xyz, faces);
}

/** An L of two thin bars, 1 across, not convex: 48 facets. */
function lBody(): Surface {
  const xyz: number[] = [];
  const faces: number[] = [];
  stripBox(xyz, faces, [0.5, 0.03, 0.03], [0, 0, 0], 0, 2);
  stripBox(xyz, faces, [0.03, 0.4, 0.03], [0.47, 0.37, 0], 0, 2);
  return Surface.fromIndexed(xyz, faces);
}

const I: Pose3 = poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0]);

/** Slivers among a surface's facets: a longest edge over 50 times the shortest. */
function slivers(s: Surface): number {
  let n = 0;
  for (let f = 0; f < s.facetCount; f++) {
    const p = s.facet(f);
    const e = [0, 1, 2].map((k) => {
      const j = (k + 1) % 3;
      return Math.hypot(p[3 * k] - p[3 * j], p[3 * k + 1] - p[3 * j + 1], p[3 * k + 2] - p[3 * j + 2]);
    });
    if (Math.max(...e) > 50 * Math.min(...e)) n++;
  }
  return n;
}

/** Poses in the room: a uniform-ish rotation, a place in [−2.8, 2.8]² × [0, 1.6]. */
function roomPoses(seed: number, count: number): Pose3[] {
  const r = rng(seed);
  const out: Pose3[] = [];
  for (let k = 0; k < count; k++) {
    out.push(
      poseFromAxisAngle(randomUnit(r), Math.PI * (2 * r() - 1), [
        5.6 * r() - 2.8,
        5.6 * r() - 2.8,
        1.6 * r(),
      ]),
    );
  }
  return out;
}

describe('a room of slivers', () => {
  const room = smallRoom();
  const body = lBody();

  it('is mostly slivers', () => {
    expect(slivers(room)).toBeGreaterThan(0.5 * room.facetCount);
  });

  it('against a small body (refitted): the oracle pair at poses apart and crossing, without and with a hint', () => {
    let crossing = 0;
    const pair = new SurfacePair(room, body);
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    roomPoses(71, 40).forEach((pose, k) => {
      const { result } = expectSurfaceDistance(room, body, I, pose, { label: `pose ${k}` });
      if (result.intersecting) crossing++;
      // The reused pair starts from the last pose's pair (a hint): the same answer.
      relativeTransform(I, pose, R, t);
      pair.evaluate(R, t);
      expect([pair.distance, pair.facetA, pair.facetB, pair.intersecting], `pose ${k}, hinted`).toEqual([
        result.distance,
        result.facetA,
        result.facetB,
        result.intersecting,
      ]);
    });
    expect(crossing).toBeGreaterThan(5);
    expect(crossing).toBeLessThan(35);
  }, 120_000);

  it('against itself turned and moved (the RSS search): the oracle pair', () => {
    const other = smallRoom().scale(0.5);
    let crossing = 0;
    roomPoses(72, 12).forEach((pose, k) => {
      const { result } = expectSurfaceDistance(room, other, I, pose, { label: `pose ${k}` });
      if (result.intersecting) crossing++;
    });
    expect(crossing).toBeGreaterThan(0);
  }, 120_000);

  it('surfaceDistance matches the oracle from a pose whose hint is far away', () => {
    const poses = roomPoses(73, 6);
    for (let k = 1; k < poses.length; k++) {
      const { result } = expectSurfaceDistance(room, body, I, poses[k], { label: `pose ${k}` });
      checkSurface(result, room, body, I, poses[k], { label: `pose ${k} again` });
    }
  }, 60_000);

  it('anyCrossing: where the bodies cross, some crossing pair (exact), fewer node pairs; apart, the same answer', () => {
    const soupA = soupOf(room);
    const soupB = soupOf(body);
    let crossing = 0;
    let saved = 0;
    roomPoses(74, 40).forEach((pose, k) => {
      const full = surfaceDistance(room, body, { poseB: pose });
      const any = surfaceDistance(room, body, { poseB: pose, anyCrossing: true });
      expect([any.distance, any.intersecting], `pose ${k}`).toEqual([full.distance, full.intersecting]);
      if (!full.intersecting) {
        expect([any.facetA, any.facetB, any.volumePairs], `pose ${k}`).toEqual([
          full.facetA,
          full.facetB,
          full.volumePairs,
        ]);
        return;
      }
      crossing++;
      saved += full.volumePairs - any.volumePairs;
      expect(any.volumePairs, `pose ${k}`).toBeLessThanOrEqual(full.volumePairs);
      // The pair reported crosses, decided exactly on B's facet placed as the oracle places it.
      const { R, t } = relativePose3(I, pose);
      const T = new Float64Array(18);
      T.set(soupA.subarray(9 * any.facetA, 9 * any.facetA + 9));
      T.set(transformFlat3(R, t, soupB.subarray(9 * any.facetB, 9 * any.facetB + 9)), 9);
      expect(trianglesIntersectExact(T), `pose ${k}: pair ${any.facetA}, ${any.facetB} crosses`).toBe(true);
    });
    expect(crossing).toBeGreaterThan(5);
    expect(saved).toBeGreaterThan(0);
    expect(() => surfaceDistance(room, body, { anyCrossing: 1 as unknown as boolean })).toThrow(
      /anyCrossing/,
    );
  }, 60_000);
});
