// compound2 and CompoundPair2 (src/compound2.ts, src/distance/compound-pair2.ts): the gap of a 2-D
// compound is the smallest gap over its part pairs. The oracle here measures every part pair on its
// own, in world coordinates, without the pair's queries: two shapes by convex's shapeDistance2, a
// pair with a curve by brute force over segment pairs (a ball2 is a point grown by its radius, a
// capsule2 a segment grown by its radius, a cuboid2 its four edges and its inside).

import { ball, ball2, capsule2, cuboid2, type Shape, shapeDistance2 } from '@firsttouch/convex';
import { composePose2, type Pose2, pose2 } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Compound2,
  CompoundPair2,
  Curve,
  compound2,
  curveDistance,
  disc,
  rectangle,
  relativeTransform2,
} from '../src/index.js';

const real = (min: number, max: number) => fc.double({ min, max, noNaN: true });

/** The placed geometry of a part: segments (u0 v0 u1 v1 …), a radius, and a box's corners when it is a cuboid2. */
interface Placed {
  segments: number[];
  radius: number;
  box: number[] | null;
}

function placePoint(p: Pose2, u: number, v: number): [number, number] {
  const c = Math.cos(p.angle);
  const s = Math.sin(p.angle);
  return [c * u - s * v + p.t[0], s * u + c * v + p.t[1]];
}

function placed(body: Curve | Shape<2>, p: Pose2): Placed {
  if (Curve.isCurve(body)) {
    const segments: number[] = [];
    for (let k = 0; k < body.segmentCount; k++) {
      const [u0, v0, u1, v1] = body.segment(k);
      segments.push(...placePoint(p, u0, v0), ...placePoint(p, u1, v1));
    }
    return { segments, radius: 0, box: null };
  }
  const b = body.bounds();
  if (body.kind === 'ball2')
    return { segments: [...placePoint(p, 0, 0), ...placePoint(p, 0, 0)], radius: b.max[0], box: null };
  if (body.kind === 'capsule2') {
    const r = b.max[0];
    const h = b.max[1] - r;
    return { segments: [...placePoint(p, 0, -h), ...placePoint(p, 0, h)], radius: r, box: null };
  }
  // a cuboid2: its corners counter-clockwise and its edges
  const c = [
    placePoint(p, b.min[0], b.min[1]),
    placePoint(p, b.max[0], b.min[1]),
    placePoint(p, b.max[0], b.max[1]),
    placePoint(p, b.min[0], b.max[1]),
  ];
  const segments: number[] = [];
  for (let k = 0; k < 4; k++) segments.push(...c[k], ...c[(k + 1) % 4]);
  return { segments, radius: 0, box: c.flat() };
}

function pointSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0;
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

function cross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

function segmentSegment(s: number[], i: number, t: number[], j: number): number {
  const [a, b, c, d] = [s[i], s[i + 1], s[i + 2], s[i + 3]];
  const [e, f, g, h] = [t[j], t[j + 1], t[j + 2], t[j + 3]];
  const d1 = cross(a, b, c, d, e, f);
  const d2 = cross(a, b, c, d, g, h);
  const d3 = cross(e, f, g, h, a, b);
  const d4 = cross(e, f, g, h, c, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return 0;
  return Math.min(
    pointSegment(a, b, e, f, g, h),
    pointSegment(c, d, e, f, g, h),
    pointSegment(e, f, a, b, c, d),
    pointSegment(g, h, a, b, c, d),
  );
}

function insideBox(box: number[], u: number, v: number): boolean {
  for (let k = 0; k < 4; k++) {
    const [ax, ay, bx, by] = [box[2 * k], box[2 * k + 1], box[(2 * k + 2) % 8], box[(2 * k + 3) % 8]];
    if (cross(ax, ay, bx, by, u, v) < 0) return false;
  }
  return true;
}

/** The gap of two placed parts, brute force (one of them a curve or none of them a cuboid2). */
function bruteGap(x: Placed, y: Placed): number {
  for (const [p, q] of [
    [x, y],
    [y, x],
  ]) {
    if (p.box)
      for (let k = 0; k < q.segments.length; k += 2)
        if (insideBox(p.box, q.segments[k], q.segments[k + 1])) return 0;
  }
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < x.segments.length; i += 4)
    for (let j = 0; j < y.segments.length; j += 4)
      best = Math.min(best, segmentSegment(x.segments, i, y.segments, j));
  return Math.max(0, best - x.radius - y.radius);
}

/** Every part pair measured on its own: sorted by gap, then B's part, then A's. */
function allPairs(a: Compound2, b: Compound2, poseB: Pose2) {
  const out: { d: number; i: number; j: number }[] = [];
  b.parts.forEach((pb, j) => {
    const placedB = composePose2(poseB, pb.pose);
    a.parts.forEach((pa, i) => {
      const x = pa.body;
      const y = pb.body;
      let d: number;
      if (Curve.isCurve(x) && Curve.isCurve(y)) {
        d = curveDistance(x, y, { poseA: pa.pose, poseB: placedB }).distance;
      } else if (!Curve.isCurve(x) && !Curve.isCurve(y)) {
        d = shapeDistance2(x, y, { poseA: pa.pose, poseB: placedB }).distance;
      } else {
        d = bruteGap(placed(x, pa.pose), placed(y, placedB));
      }
      out.push({ d: Math.max(0, d), i, j });
    });
  });
  out.sort((p, q) => p.d - q.d || p.j - q.j || p.i - q.i);
  return out;
}

function scattered2(seed: number, n: number, spread: number): Compound2 {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const parts = [];
  for (let i = 0; i < n; i++) {
    const size = 0.05 + 0.1 * rnd();
    const kind = i % 5;
    const body =
      kind === 0
        ? ball2(size)
        : kind === 1
          ? cuboid2(size, 0.6 * size)
          : kind === 2
            ? capsule2(size, 0.4 * size)
            : kind === 3
              ? rectangle(2 * size, size)
              : Curve.fromPolyline([0, size, 2 * size], [0, size, 0]);
    parts.push({ body, pose: pose2(6 * rnd(), [spread * (rnd() - 0.5), spread * (rnd() - 0.5)]) });
  }
  return compound2(parts);
}

describe('compound2', () => {
  it('the all-part-pairs oracle: gap and parts, at random placements', () => {
    const a = scattered2(5, 30, 3);
    const b = scattered2(17, 20, 2);
    const pair = new CompoundPair2(a, b);
    const q = new Float64Array(4);
    let fewer = 0;
    fc.assert(
      fc.property(real(-4, 4), real(-4, 4), real(-Math.PI, Math.PI), (u, v, angle) => {
        const poseB = pose2(angle, [u, v]);
        const all = allPairs(a, b, poseB);
        relativeTransform2(pose2(), poseB, q);
        const before = pair.partEvaluations;
        const lower = pair.evaluate(q[0], q[1], q[2], q[3]);
        if (pair.partEvaluations - before < all.length / 4) fewer++;
        expect(Math.abs(lower - all[0].d)).toBeLessThan(1e-9);
        if (all[1].d - all[0].d > 1e-9) expect([pair.partA, pair.partB]).toEqual([all[0].i, all[0].j]);
        // The witness points lie `distance` apart.
        expect(Math.hypot(pair.pointB[0] - pair.pointA[0], pair.pointB[1] - pair.pointA[1])).toBeCloseTo(
          pair.distance,
          9,
        );
      }),
      { numRuns: 60 },
    );
    expect(fewer).toBeGreaterThan(40);
  }, 60_000);

  it('against a lone curve and a lone shape, either side', () => {
    const a = scattered2(9, 12, 2);
    const q = new Float64Array(4);
    for (const other of [disc(0.3, 24), capsule2(0.2, 0.1)]) {
      const one = compound2([{ body: other, pose: pose2() }]);
      const forward = new CompoundPair2(a, other);
      const backward = new CompoundPair2(other, a);
      fc.assert(
        fc.property(real(-3, 3), real(-3, 3), real(-Math.PI, Math.PI), (u, v, angle) => {
          const poseB = pose2(angle, [u, v]);
          const truth = allPairs(a, one, poseB)[0].d;
          relativeTransform2(pose2(), poseB, q);
          expect(Math.abs(forward.evaluate(q[0], q[1], q[2], q[3]) - truth)).toBeLessThan(1e-9);
          relativeTransform2(poseB, pose2(), q);
          expect(Math.abs(backward.evaluate(q[0], q[1], q[2], q[3]) - truth)).toBeLessThan(1e-9);
          expect(backward.partB).toBe(forward.partA);
        }),
        { numRuns: 40 },
      );
    }
  }, 60_000);

  it('its box, reach and discs hold its parts', () => {
    const c = scattered2(3, 25, 4);
    const b = c.bounds();
    for (let i = 0; i < c.partCount; i++) {
      const p = placed(c.parts[i].body, c.parts[i].pose);
      for (let k = 0; k < p.segments.length; k += 2) {
        const [u, v] = [p.segments[k], p.segments[k + 1]];
        for (const [x, lo, hi] of [
          [u, b.min[0], b.max[0]],
          [v, b.min[1], b.max[1]],
        ]) {
          expect(x + p.radius).toBeLessThanOrEqual(hi + 1e-12);
          expect(x - p.radius).toBeGreaterThanOrEqual(lo - 1e-12);
        }
        expect(Math.hypot(u, v) + p.radius).toBeLessThanOrEqual(c.reach + 1e-12);
        const d = Math.hypot(u - c.discs[3 * i], v - c.discs[3 * i + 1]);
        expect(d + p.radius).toBeLessThanOrEqual(c.discs[3 * i + 2] + 1e-12);
      }
    }
  });

  it('bad input names the argument', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return [(e as { code: string }).code, (e as Error).message];
      }
      return null;
    };
    expect(code(() => compound2([]))).toEqual([
      'EMPTY',
      expect.stringContaining('compound2: parts is empty'),
    ]);
    expect(code(() => compound2({} as never))).toEqual([
      'INVALID_OPTION',
      expect.stringContaining('compound2: parts'),
    ]);
    expect(
      code(() =>
        compound2([
          { body: cuboid2(1, 1), pose: pose2() },
          { body: {} as never, pose: pose2() },
        ]),
      ),
    ).toEqual(['INVALID_OPTION', expect.stringContaining('parts[1].body must be a Curve or a 2-D shape')]);
    expect(
      code(() => compound2([{ body: rectangle(1, 1) as never, pose: { angle: Number.NaN, t: [0, 0] } }])),
    ).toEqual(['INVALID_POSE', expect.stringContaining('parts[0].pose')]);
    // A 3-D shape is not a 2-D part.
    expect(code(() => compound2([{ body: ball(1) as never, pose: pose2() }]))?.[0]).toBe('INVALID_OPTION');
  });
});

describe('CompoundPair2 far beyond the squares of float64', () => {
  it('refuses a placement past 2^500, never +∞ for a finite gap', () => {
    const pair = new CompoundPair2(ball2(1), ball2(1));
    expect(pair.evaluate(1, 0, 1e150, 0)).toBe(1e150 - 2);
    for (const d of [1e155, 1e300])
      expect(() => pair.evaluate(1, 0, 0, d)).toThrow(expect.objectContaining({ code: 'INVALID_POSE' }));
  });
});
