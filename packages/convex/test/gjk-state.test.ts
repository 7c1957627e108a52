// GjkState.touch reads a line of each shape's points (and support table) before the first scan, so that the lines come
// in together: it must read every line (the oracle here sums the same numbers by hand) and change no
// answer (castShape, which touches, against a GjkPair cast of the same placement, which does not).

import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { GjkState } from '../src/gjk/gjk-state.js';
import {
  ball,
  ball2,
  CastStatus,
  capsule,
  capsule2,
  castShape,
  cone,
  convexHull,
  cuboid,
  cuboid2,
  cylinder,
  GjkPair,
  pointSet,
  rounded,
  type Shape,
} from '../src/index.js';
import { cloud, randomPose, seeded, unit3 } from './helpers.js';

/** One number a 64-byte line from the first, and the last, summed in the same order. */
function linesOf(P: Float64Array | Uint16Array | Uint8Array): number {
  const stride = 64 / P.BYTES_PER_ELEMENT;
  let sum = P.length > 0 ? P[P.length - 1] : 0;
  for (let k = 0; k < P.length; k += stride) sum += P[k];
  return sum;
}

/** The lines of a shape's points, then of its support table (none without one). */
function linesByHand(s: Shape): number {
  return linesOf(s.points) + linesOf(s.cellStart) + linesOf(s.cellPoints);
}

describe('GjkState.touch', () => {
  it('reads one number of every line of both point sets and tables, none of a primitive', () => {
    const next = seeded(25);
    for (const [na, nb] of [
      [4, 4],
      [10, 256],
      [256, 37],
      [300, 400],
    ]) {
      const a = pointSet(cloud(next, na));
      const b = convexHull(cloud(next, nb));
      if (na === 300) expect(a.cellK * b.cellK).toBeGreaterThan(0);
      const g = new GjkState();
      g.bindShapes(a, b);
      g.touch();
      // (Summed in touch's order: both point sets, both tables' offsets, both tables' vertices.)
      expect(g.touched).toBe(
        linesOf(a.points) +
          linesOf(b.points) +
          linesOf(a.cellStart) +
          linesOf(b.cellStart) +
          linesOf(a.cellPoints) +
          linesOf(b.cellPoints),
      );
      g.bindShapes(ball(1), b);
      g.touch();
      expect(g.touched).toBe(linesByHand(b));
    }
  });

  it('changes no answer of a cast: castShape equals a GjkPair cast bit for bit', () => {
    const next = seeded(2501);
    const rest = identityPose();
    const pair = new GjkPair();
    for (let i = 0; i < 40; i++) {
      const a = convexHull(cloud(next, i % 2 === 0 ? 10 : 256));
      const b = convexHull(cloud(next, i % 2 === 0 ? 256 : 10));
      const u = unit3(next);
      const axis = unit3(next);
      const angle = 2 * Math.PI * next();
      const from = poseFromAxisAngle(axis, angle, [3 * u[0], 3 * u[1], 3 * u[2]]);
      const to = poseFromAxisAngle(axis, angle, [-3 * u[0], -3 * u[1], -3 * u[2]]);
      const tolerance = 1e-6;
      const r = castShape(a, b, { a: [rest, rest], b: [from, to] }, { tolerance });
      pair.bind(a, b);
      const status = pair.cast(
        from.R,
        from.t,
        new Float64Array([-6 * u[0], -6 * u[1], -6 * u[2]]),
        tolerance,
      );
      expect(r.status).toBe(status);
      expect(r.status).toBe(CastStatus.Contact);
      expect(r.toi).toBe(pair.toi);
      expect(r.iterations).toBe(pair.iterations);
    }
  });
});

describe('GjkState.support', () => {
  it("writes each shape's own support mapping (the primitives' and tables' in place), for both sides", () => {
    const next = seeded(2502);
    const shapes = [
      ball(0.4),
      capsule(0.5, 0.2),
      cuboid(0.3, 0.6, 0.2),
      cylinder(0.5, 0.3),
      cone(0.5, 0.3),
      rounded(cuboid(0.2, 0.2, 0.4), 0.1),
      convexHull(cloud(next, 10)),
      convexHull(cloud(next, 256)),
      convexHull(cloud(next, 2000)),
      cuboid2(0.3, 0.2),
      capsule2(0.4, 0.1),
      ball2(0.3),
    ];
    const outA = new Float64Array(3);
    const outB = new Float64Array(3);
    for (const a of shapes) {
      for (const b of shapes) {
        if (a.dim !== b.dim) continue;
        const g = new GjkState();
        g.bindShapes(a, b);
        const pose =
          a.dim === 3 ? randomPose(next, 2) : poseFromAxisAngle([0, 0, 1], 6 * next(), [next(), next(), 0]);
        g.R.set(pose.R);
        g.t.set(pose.t);
        for (let k = 0; k < 20; k++) {
          const v = k === 0 ? [0, 0, 0] : k === 1 ? [1, -0, 0] : unit3(next);
          if (a.dim === 2) v[2] = 0;
          const S = g.simplex;
          S.n = 0;
          S.v.set(v);
          g.hintA = g.hintB = -1;
          g.support();
          const R = g.R;
          const d = Float64Array.from(v);
          // B's direction in its own frame: −Rᵀ v.
          const e = new Float64Array([
            -(R[0] * v[0] + R[3] * v[1] + R[6] * v[2]),
            -(R[1] * v[0] + R[4] * v[1] + R[7] * v[2]),
            -(R[2] * v[0] + R[5] * v[1] + R[8] * v[2]),
          ]);
          expect(S.ia[0]).toBe(a.support(d, outA));
          expect(S.ib[0]).toBe(b.support(e, outB));
          expect(Array.from(S.a.subarray(0, 3))).toEqual(Array.from(outA));
          expect(Array.from(S.bb.subarray(0, 3))).toEqual(Array.from(outB));
        }
      }
    }
  });
});
