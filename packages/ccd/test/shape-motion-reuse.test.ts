// A shape query keeps the motion of a body whose poses have not changed since the last query (the
// usual A, at rest), as a surface query does: its answers must not depend on what ran before, bit for
// bit, whether A's poses are the same objects, copies, plain arrays or the same objects edited in
// place; and a pose edited in place into a bad one must be refused as a new bad pose is.

import { ball, convexHull, cuboid, type Shape } from '@firsttouch/convex';
import { FirstTouchError, identityPose, type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { type Motion3, type TimeOfImpactResult, timeOfImpact } from '../src/index.js';
import { rng } from './helpers.js';

const r0 = rng(2511);
const cloud = new Float64Array(30).map(() => r0() - 0.5);
const SHAPES: Shape<3>[] = [cuboid(0.4, 0.3, 0.5), ball(0.35), convexHull(cloud)];

/** The same query after a query that left the pooled motions elsewhere (A turning far away). */
function afterOther(a: Shape<3>, b: Shape<3>, motion: Motion3): TimeOfImpactResult {
  const elsewhere = poseFromAxisAngle([0, 1, 0], 1, [40, 0, 0]);
  timeOfImpact(a, b, { a: [identityPose(), elsewhere], b: [elsewhere, identityPose()] });
  return timeOfImpact(a, b, motion);
}

describe('timeOfImpact on shapes between queries: a kept motion answers as a new one', () => {
  it('A at rest (same objects, copies, arrays, edited in place), B turning through it', () => {
    const r = rng(2512);
    const rest = identityPose();
    let contacts = 0;
    for (let k = 0; k < 120; k++) {
      const a = SHAPES[k % SHAPES.length];
      const b = SHAPES[(k * 5 + 1) % SHAPES.length];
      if (k % 4 === 1) rest.t[k % 3] = 0.2 * (r() - 0.5);
      const pa: Pose3 | { R: number[]; t: number[] } =
        k % 4 === 2
          ? { R: Array.from(rest.R), t: Array.from(rest.t) }
          : k % 4 === 3
            ? { R: rest.R.slice(), t: rest.t.slice() }
            : rest;
      const u = [r() - 0.5, r() - 0.5, r() - 0.5];
      const axis = [r() - 0.5, r() - 0.5, r() - 0.5];
      const motion: Motion3 = {
        a: [pa, pa],
        b: [
          poseFromAxisAngle(axis, 6 * r(), [3 * u[0], 3 * u[1], 3 * u[2]]),
          poseFromAxisAngle(axis, 6 * r(), [-3 * u[0], -3 * u[1], -3 * u[2]]),
        ],
      };
      // twice in a row (the second keeps A's motion), and after a query that moved it elsewhere
      const first = timeOfImpact(a, b, motion);
      const kept = timeOfImpact(a, b, motion);
      expect(kept).toEqual(first);
      expect(afterOther(a, b, motion)).toEqual(first);
      if (first.status === 'contact') contacts++;
    }
    expect(contacts).toBeGreaterThan(30);
  });

  it('a kept pose edited in place into a bad one is refused as a new bad pose', () => {
    const a = SHAPES[0];
    const b = SHAPES[1];
    const rest = identityPose();
    const motion: Motion3 = {
      a: [rest, rest],
      b: [poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]), identityPose()],
    };
    timeOfImpact(a, b, motion);
    const bad = (edit: (p: Pose3) => void): string => {
      const fresh = identityPose();
      edit(fresh);
      try {
        timeOfImpact(a, b, { a: [fresh, fresh], b: motion.b });
      } catch (e) {
        expect(e).toBeInstanceOf(FirstTouchError);
        return `${(e as FirstTouchError).code}: ${(e as Error).message}`;
      }
      return 'accepted';
    };
    for (const edit of [
      (p: Pose3) => {
        p.t[1] = Number.NaN;
      },
      (p: Pose3) => {
        p.R[0] = 2;
      },
      (p: Pose3) => {
        p.R[0] = -1;
      },
    ]) {
      const expected = bad(edit);
      expect(expected).not.toBe('accepted');
      // the same edit on the pose the pooled motion holds
      timeOfImpact(a, b, motion);
      edit(rest);
      expect(() => timeOfImpact(a, b, motion)).toThrow(expected.slice(expected.indexOf(': ') + 2));
      try {
        timeOfImpact(a, b, motion);
      } catch (e) {
        expect((e as FirstTouchError).code).toBe(expected.slice(0, expected.indexOf(':')));
      }
      rest.R.set(identityPose().R);
      rest.t.set(identityPose().t);
    }
  });
});
