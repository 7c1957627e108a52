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
import { pointCore } from '../src/internal.js';
import { cloud, randomPose, seeded, unit3 } from './helpers.js';

/** One number a 64-byte line from the first, and the last, summed in the same order. */
function linesOf(P: number[] | Uint16Array | Uint8Array): number {
  const stride = 64 / (Array.isArray(P) ? 8 : P.BYTES_PER_ELEMENT);
  let sum = P.length > 0 ? P[P.length - 1] : 0;
  for (let k = 0; k < P.length; k += stride) sum += P[k];
  return sum;
}

/** The lines of a shape's points, then of its support table (none without one). */
function linesByHand(s: Shape): number {
  return linesOf(s.scan) + linesOf(s.cellStart) + linesOf(s.cellPoints);
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
        linesOf(a.scan) +
          linesOf(b.scan) +
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
        for (let i = 0; i < 9; i++) g.R[i] = pose.R[i];
        for (let i = 0; i < 3; i++) g.t[i] = pose.t[i];
        for (let k = 0; k < 20; k++) {
          const v = k === 0 ? [0, 0, 0] : k === 1 ? [1, -0, 0] : unit3(next);
          if (a.dim === 2) v[2] = 0;
          const S = g.simplex;
          S.n = 0;
          for (let i = 0; i < 3; i++) S.v[i] = v[i];
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
          expect(S.a.slice(0, 3)).toEqual(Array.from(outA));
          expect(S.bb.slice(0, 3)).toEqual(Array.from(outB));
        }
      }
    }
  });

  it('scans a rewritten point set at its new points (the scans read a plain copy kept up to date)', () => {
    // mesh's facet in hand: a triangle rewritten between queries, its shape bound once. The scans
    // read `scan`, a copy of `points` that GJK's warm start and `Shape.support` bring up to date.
    const next = seeded(41);
    const tri = pointCore(3);
    const pair = new GjkPair();
    pair.bindShapes(tri.shape, ball(0.25));
    const R = identityPose().R;
    const out = new Float64Array(3);
    for (let k = 0; k < 200; k++) {
      const p = Array.from({ length: 9 }, () => 4 * next() - 2);
      tri.points.set(p);
      tri.reach = 4;
      const d = unit3(next);
      // Shape.support: the first farthest of the new points.
      const h = [0, 1, 2].map((i) => d[0] * p[3 * i] + d[1] * p[3 * i + 1] + d[2] * p[3 * i + 2]);
      const want = h.indexOf(Math.max(...h));
      expect(tri.shape.support(Float64Array.from(d), out)).toBe(want);
      expect(Array.from(out)).toEqual(p.slice(3 * want, 3 * want + 3));
      // GJK's own scans: the ball's centre at t against the triangle, within rounding of the truth.
      tri.points.set(Array.from({ length: 9 }, () => 4 * next() - 2));
      const t = Float64Array.from(unit3(next), (x) => 3 * x);
      pair.evaluate(R, t);
      const q = tri.points;
      const truth = pointTriangle(t, q) - 0.25;
      expect(Math.abs(pair.distance - truth)).toBeLessThan(1e-12);
    }
  });
});

/** The distance from x to the triangle q (9 numbers), by its face and its three edges. */
function pointTriangle(x: ArrayLike<number>, q: ArrayLike<number>): number {
  const a = [q[0], q[1], q[2]],
    b = [q[3], q[4], q[5]],
    c = [q[6], q[7], q[8]];
  const sub = (u: number[], v: ArrayLike<number>) => [u[0] - v[0], u[1] - v[1], u[2] - v[2]];
  const dot = (u: number[], v: number[]) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
  const segment = (p: number[], r: number[]) => {
    const e = sub(r, p);
    const w = sub(Array.from(x), p);
    const s = Math.min(1, Math.max(0, dot(w, e) / dot(e, e)));
    return Math.hypot(w[0] - s * e[0], w[1] - s * e[1], w[2] - s * e[2]);
  };
  let best = Math.min(segment(a, b), segment(b, c), segment(c, a));
  const ab = sub(b, a),
    ac = sub(c, a);
  const n = [ab[1] * ac[2] - ab[2] * ac[1], ab[2] * ac[0] - ab[0] * ac[2], ab[0] * ac[1] - ab[1] * ac[0]];
  const nn = Math.sqrt(dot(n, n));
  if (nn > 0) {
    const w = sub(Array.from(x), a);
    const h = dot(w, n) / nn;
    const y = [x[0] - (h * n[0]) / nn, x[1] - (h * n[1]) / nn, x[2] - (h * n[2]) / nn];
    // y inside the triangle: the same side of each edge as the normal.
    const inside = [
      [a, b],
      [b, c],
      [c, a],
    ].every(([p, r]) => {
      const e = sub(r, p);
      const v = sub(y, p);
      return dot([e[1] * v[2] - e[2] * v[1], e[2] * v[0] - e[0] * v[2], e[0] * v[1] - e[1] * v[0]], n) >= 0;
    });
    if (inside) best = Math.min(best, Math.abs(h));
  }
  return best;
}
