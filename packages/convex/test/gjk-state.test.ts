// GjkState.touch reads a line of each shape's points (and support table) before the first scan, so that the lines come
// in together: it must read every line (the oracle here sums the same numbers by hand) and change no
// answer (castShape, which touches, against a GjkPair cast of the same placement, which does not).

import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { GjkState } from '../src/gjk/gjk-state.js';
import { ball, CastStatus, castShape, convexHull, GjkPair, pointSet, type Shape } from '../src/index.js';
import { cloud, seeded, unit3 } from './helpers.js';

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
