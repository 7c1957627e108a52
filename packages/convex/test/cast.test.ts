// castShape against oracles written here. The gap of two translating shapes changes by at most |Δ|
// (the relative translation) a unit of s, so dense sampling with that Lipschitz bound, intervals split
// where it cannot prove them clear, certifies where the gap stays above a threshold
// (test/oracle/first-time.ts). Every answer is checked for the guarantee: the gap ≥ tol/2 on
// [0, toi], ≤ tol at a Contact's toi, above tol/2 everywhere for Separate; the witness points on the
// shapes at toi. Ball–ball against its closed form, and the cast against an advancement loop.

import { identityPose, type Pose3, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ball,
  ball2,
  CastStatus,
  capsule,
  castShape,
  castShape2,
  cone,
  convexHull,
  convexPolygon,
  cuboid,
  cylinder,
  GjkPair,
  pointSet,
  pointSet2,
  rounded,
  type Shape,
  type ShapeCastResult,
  shapeDistance,
} from '../src/index.js';
import { scaledShape } from '../src/internal.js';
import { cloud, seeded, unit3 } from './helpers.js';
import {
  boxTriangles,
  capsuleSegment,
  hullTriangles,
  placeTriangles,
  pointShapeDistance,
  polytopeDistance,
  segmentSegment,
} from './oracle/bodies.js';
import { firstBelow } from './oracle/first-time.js';

const I = identityPose();

/** B's pose at s: its pose at 0 moved by s·d. */
function at(p0: Pose3, d: number[], s: number): Pose3 {
  return { R: p0.R, t: Float64Array.of(p0.t[0] + s * d[0], p0.t[1] + s * d[1], p0.t[2] + s * d[2]) };
}

/** An oracle gap of the two shapes at poses, independent of the package's GJK. */
function oracleGap(a: Shape<3>, b: Shape<3>): (pa: Pose3, pb: Pose3) => number {
  const kind = (s: Shape<3>) => (s.base ?? s).kind;
  if (kind(a) === 'cuboid' && kind(b) === 'ball') {
    return (pa, pb) =>
      pointShapeDistance(a, pa, pb.t) - b.margin > 0 ? pointShapeDistance(a, pa, pb.t) - b.margin : 0;
  }
  if (kind(a) === 'capsule' && kind(b) === 'capsule') {
    return (pa, pb) => {
      const [p, q] = capsuleSegment(a, pa);
      const [r, s] = capsuleSegment(b, pb);
      return Math.max(0, segmentSegment(p, q, r, s) - a.margin - b.margin);
    };
  }
  if (kind(b) === 'ball') return (pa, pb) => Math.max(0, pointShapeDistance(a, pa, pb.t) - b.margin);
  const tri = (s: Shape<3>) => {
    const base = (s.base ?? s) as Shape<3>;
    return base.kind === 'cuboid'
      ? boxTriangles(base.params.hx, base.params.hy, base.params.hz)
      : hullTriangles(base);
  };
  const ta = tri(a);
  const tb = tri(b);
  return (pa, pb) =>
    Math.max(0, polytopeDistance(placeTriangles(ta, pa), placeTriangles(tb, pb)) - a.margin - b.margin);
}

/** The guarantee of one answer, by the certified sweep of the oracle's gap. */
function certify(
  a: Shape<3>,
  b: Shape<3>,
  pa0: Pose3,
  da: number[],
  pb0: Pose3,
  db: number[],
  r: ShapeCastResult,
  gapOf = oracleGap(a, b),
): void {
  const tol = r.tolerance;
  const gap = (s: number) => gapOf(at(pa0, da, s), at(pb0, db, s));
  const lipschitz = Math.hypot(db[0] - da[0], db[1] - da[1], db[2] - da[2]);
  const slack = 1e-12 * (a.reach + b.reach + Math.hypot(...pb0.t) + lipschitz);
  switch (r.status) {
    case CastStatus.InitialContact:
      expect(r.toi).toBe(0);
      expect(gap(0)).toBeLessThanOrEqual(tol + slack);
      break;
    case CastStatus.Separate:
      expect(r.toi).toBe(1);
      expect(firstBelow(gap, lipschitz, tol / 2 - slack).below, 'a contact the cast missed').toBe(false);
      break;
    default: {
      expect(r.toi).toBeGreaterThanOrEqual(0);
      expect(r.toi).toBeLessThan(1);
      if (r.status === CastStatus.Contact) expect(gap(r.toi)).toBeLessThanOrEqual(tol + slack);
      if (r.toi > 0)
        expect(
          firstBelow(gap, lipschitz, tol / 2 - slack, 0, r.toi).below,
          'late: the gap fell below tol/2 before toi',
        ).toBe(false);
    }
  }
  // The witness: on the shapes at toi, as far apart as the distance reported.
  const pa = at(pa0, da, r.toi);
  const pb = at(pb0, db, r.toi);
  expect(pointShapeDistance(a, pa, r.pointA)).toBeLessThan(slack + 1e-12);
  expect(pointShapeDistance(b, pb, r.pointB)).toBeLessThan(slack + 1e-12);
  expect(
    Math.abs(
      Math.hypot(r.pointB[0] - r.pointA[0], r.pointB[1] - r.pointA[1], r.pointB[2] - r.pointA[2]) -
        r.distance,
    ),
  ).toBeLessThan(slack + 1e-12);
}

function cast(
  a: Shape<3>,
  b: Shape<3>,
  pa0: Pose3,
  da: number[],
  pb0: Pose3,
  db: number[],
  tolerance?: number,
) {
  const options = tolerance === undefined ? undefined : { tolerance };
  return castShape(a, b, { a: [pa0, at(pa0, da, 1)], b: [pb0, at(pb0, db, 1)] }, options);
}

describe('shapes whose cores do not hold their origins', () => {
  // The cast's first search direction is the origins' offset, no gap: a stop at s = 0 on it called a
  // point 0.44 from a ball touching, when the point's origin lay inside the ball.
  it('no InitialContact where the gap at s = 0 exceeds the tolerance (3-D and 2-D)', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: -2, max: 2, noNaN: true })),
        fc.tuple(
          fc.double({ min: -0.9, max: 0.9, noNaN: true }),
          fc.double({ min: -0.9, max: 0.9, noNaN: true }),
        ),
        fc.tuple(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true })),
        ([px, py], [ox, oy], [rx, ry]) => {
          const point = pointSet([px, py, 0]);
          const from = poseFromAxisAngle([0, 0, 1], 0, [ox, oy, 0]);
          const to = poseFromAxisAngle([0, 0, 1], 0, [ox + rx, oy + ry, 0]);
          const gap = shapeDistance(ball(1), point, { poseB: from }).distance;
          const r = castShape(ball(1), point, { a: [identityPose(), identityPose()], b: [from, to] });
          if (gap > r.tolerance) expect(r.status).not.toBe(CastStatus.InitialContact);
          const flat = pointSet2([px, py]);
          const r2 = castShape2(ball2(1), flat, {
            a: [pose2(), pose2()],
            b: [pose2(0, [ox, oy]), pose2(0, [ox + rx, oy + ry])],
          });
          if (gap > r2.tolerance) expect(r2.status).not.toBe(CastStatus.InitialContact);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('end poses', () => {
  it('a turn is refused as a turn, and an end pose that is no pose by what is wrong with it', () => {
    const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    const cast = (R1: number[]) => () =>
      castShape(ball(1), ball(1), {
        a: [
          { R: I, t: [0, 0, 0] },
          { R: I, t: [0, 0, 0] },
        ],
        b: [
          { R: I, t: [3, 0, 0] },
          { R: R1, t: [0, 0, 0] },
        ],
      });
    expect(cast([0, -1, 0, 1, 0, 0, 0, 0, 1])).toThrow(/motion\.b turns over the step/);
    expect(cast(I.slice(0, 8))).toThrow('castShape: motion.b[1].R must have 9 numbers, got 8');
    expect(cast([2, 0, 0, 0, 2, 0, 0, 0, 2])).toThrow(/motion\.b\[1\]\.R is not orthonormal/);
    expect(cast([-1, 0, 0, 0, 1, 0, 0, 0, 1])).toThrow(/motion\.b\[1\]\.R is a reflection/);
    expect(() =>
      castShape2(ball2(1), ball2(1), {
        a: [pose2(), pose2()],
        b: [pose2(0, [3, 0]), { angle: Number.NaN, t: [0, 0] }],
      }),
    ).toThrow('castShape2: motion.b[1].angle must be a finite number, got NaN');
  });
});

describe('the default tolerance far along a step', () => {
  it("is floored at 2⁻⁴⁶ of the translations, as ccd's: a point thrown 1e13 a step stops before a square", () => {
    const square = pointSet([-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0]);
    const point = pointSet([0, 0, 0]);
    const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    for (const v of [1e9, 1e11, 1e13, 1e15]) {
      const z0 = -v / 3;
      const z1 = (2 * v) / 3;
      const r = castShape(square, point, {
        a: [
          { R: I, t: [0, 0, 0] },
          { R: I, t: [0, 0, 0] },
        ],
        b: [
          { R: I, t: [0.99, 0.3, z0] },
          { R: I, t: [0.99, 0.3, z1] },
        ],
      });
      expect(r.status).toBe(CastStatus.Contact);
      expect(r.tolerance).toBe(Math.max(1e-6 * Math.hypot(2, 2), 2 ** -46 * z1));
      // the point's height at toi (to a few ulps of v: far below tol / 4): still below the square
      expect(z0 + r.toi * (z1 - z0)).toBeLessThan(-r.tolerance / 4);
    }
  });
});

describe('ball–ball: the closed form', () => {
  it('toi between the instants the gap reaches tol and tol/2 (the roots of |c + s r| = R + g)', () => {
    const arb = fc.tuple(
      fc.tuple(
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
      ),
      fc.tuple(
        fc.double({ min: -8, max: 8, noNaN: true }),
        fc.double({ min: -8, max: 8, noNaN: true }),
        fc.double({ min: -8, max: 8, noNaN: true }),
      ),
      fc.constantFrom(1e-6, 1e-3, 0.1),
    );
    fc.assert(
      fc.property(arb, ([c, r, tol]) => {
        const R = 1.5;
        fc.pre(Math.hypot(...c) > R + tol);
        const res = castShape(
          ball(1),
          ball(0.5),
          {
            a: [I, I],
            b: [
              poseFromAxisAngle([0, 0, 1], 0, c),
              poseFromAxisAngle([0, 0, 1], 0, [c[0] + r[0], c[1] + r[1], c[2] + r[2]]),
            ],
          },
          { tolerance: tol },
        );
        // |c + s r|² = (R + g)²: the first root, if any in [0, 1].
        const root = (g: number) => {
          const A = r[0] ** 2 + r[1] ** 2 + r[2] ** 2;
          const B = 2 * (c[0] * r[0] + c[1] * r[1] + c[2] * r[2]);
          const C = c[0] ** 2 + c[1] ** 2 + c[2] ** 2 - (R + g) ** 2;
          const disc = B * B - 4 * A * C;
          if (!(A > 0) || disc < 0) return Number.POSITIVE_INFINITY;
          const s = (-B - Math.sqrt(disc)) / (2 * A);
          return s >= 0 && s <= 1 ? s : Number.POSITIVE_INFINITY;
        };
        const sTol = root(tol);
        const sHalf = root(tol / 2);
        const e = 1e-9;
        if (res.status === CastStatus.Separate) expect(sHalf).toBe(Number.POSITIVE_INFINITY);
        else {
          expect(res.status).toBe(CastStatus.Contact);
          expect(res.toi).toBeGreaterThanOrEqual(sTol - e);
          expect(res.toi).toBeLessThanOrEqual(sHalf + e);
          expect(res.distance).toBeLessThanOrEqual(tol * (1 + 1e-9));
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('the guarantee on every pair kind (certified sweeps of oracle gaps)', () => {
  const next = seeded(31);
  const pairs: Array<[string, Shape<3>, Shape<3>]> = [
    ['ball–cuboid', cuboid(0.5, 0.3, 0.8), ball(0.25)],
    ['capsule–capsule', capsule(0.6, 0.2), capsule(0.4, 0.3)],
    ['cuboid–cuboid', cuboid(0.4, 0.3, 0.5), cuboid(0.2, 0.6, 0.3)],
    ['hull–hull', convexHull(cloud(next, 10)), convexHull(cloud(next, 10, 0.7))],
    ['rounded hull–cuboid', rounded(convexHull(cloud(next, 12)), 0.1), cuboid(0.3, 0.2, 0.25)],
    ['cylinder–ball', cylinder(0.5, 0.4), ball(0.3)],
    ['cone–ball', cone(0.6, 0.5), ball(0.2)],
  ];
  for (const [name, a, b] of pairs) {
    it(`${name}: aimed, grazing and missing throws, at three tolerances`, () => {
      const rand = seeded(name.length * 7919);
      for (let k = 0; k < 24; k++) {
        const u = unit3(rand);
        const pa0 = poseFromAxisAngle(unit3(rand), 7 * rand(), [0, 0, 0]);
        // B from 3u, aimed past A's origin by an offset up to 1.2 (misses among them).
        const off = unit3(rand).map((x) => 1.2 * rand() * x);
        const pb0 = poseFromAxisAngle(unit3(rand), 7 * rand(), [3 * u[0], 3 * u[1], 3 * u[2]]);
        const db = [-6 * u[0] + off[0], -6 * u[1] + off[1], -6 * u[2] + off[2]];
        const da = k % 3 === 0 ? [rand() - 0.5, rand() - 0.5, rand() - 0.5] : [0, 0, 0];
        const tol = [undefined, 1e-3, 0.05][k % 3];
        const r = cast(a, b, pa0, da, pb0, db, tol);
        certify(a, b, pa0, da, pb0, db, r);
      }
    });
  }
});

describe('edge cases', () => {
  it('at 2^±600 the same cast as at unit size: toi bit for bit, lengths scaled, the default tolerance too', () => {
    // Squares overflow beyond about 1e154 and underflow below 1e-154: the default tolerance came out 0
    // or +∞ (the box diagonal) and the cast threw; now it runs at unit size by a power of two.
    const a = convexHull(cloud(seeded(16), 12));
    const b = capsule(0.3, 0.2);
    const at = (x: number, f: number) => poseFromAxisAngle([1, 2, 0], 0.7, [x * f, -0.4 * f, 0.2 * f]);
    const rest = [identityPose(), identityPose()] as const;
    const unit = castShape(a, b, { a: rest, b: [at(3, 1), at(-1, 1)] });
    const pa = convexPolygon([0, 0, 1, 0, 0.2, 0.7]);
    const pb = convexPolygon([0, 0, 0.3, 0.1, 0.1, 0.4]);
    const place2 = (x: number, f: number) => ({ angle: 0.4, t: [x * f, 0.3 * f] });
    const unit2 = castShape2(pa, pb, { a: [place2(0, 1), place2(0, 1)], b: [place2(3, 1), place2(-2, 1)] });
    expect(unit.status).toBe('contact');
    expect(unit2.status).toBe('contact');
    for (const k of [-600, 600]) {
      const f = 2 ** k;
      expect(scaledShape(a, k).bounds().diagonal / f).toBe(a.bounds().diagonal);
      expect(scaledShape(a, k).boxDiagonal / f).toBe(a.boxDiagonal);
      const big = castShape(scaledShape(a, k), scaledShape(b, k), { a: rest, b: [at(3, f), at(-1, f)] });
      expect(big.status).toBe(unit.status);
      expect(big.toi).toBe(unit.toi);
      expect(big.tolerance / f).toBe(unit.tolerance);
      expect(big.distance / f).toBeCloseTo(unit.distance, 15);
      expect((big.pointB[0] - big.pointA[0]) / f).toBeCloseTo(unit.pointB[0] - unit.pointA[0], 12);
      const big2 = castShape2(scaledShape(pa, k), scaledShape(pb, k), {
        a: [place2(0, f), place2(0, f)],
        b: [place2(3, f), place2(-2, f)],
      });
      expect(big2.status).toBe(unit2.status);
      expect(big2.toi).toBe(unit2.toi);
      expect(big2.distance / f).toBeCloseTo(unit2.distance, 15);
    }
  });

  it('head on: a cube face onto a cube face at the analytic time', () => {
    const r = cast(
      cuboid(1, 1, 1),
      cuboid(1, 1, 1),
      I,
      [0, 0, 0],
      poseFromAxisAngle([0, 0, 1], 0, [4, 0.3, 0]),
      [-4, 0, 0],
      1e-9,
    );
    expect(r.status).toBe(CastStatus.Contact);
    expect(Math.abs(r.toi - 0.5)).toBeLessThan(1e-9);
    expect(Array.from(r.normal)).toEqual([1, 0, 0]);
  });

  it('starting in contact, or overlapping: InitialContact at 0', () => {
    const r = cast(
      cuboid(1, 1, 1),
      ball(1),
      I,
      [0, 0, 0],
      poseFromAxisAngle([0, 0, 1], 0, [2 + 1e-9, 0, 0]),
      [5, 0, 0],
    );
    expect(r.status).toBe(CastStatus.InitialContact);
    const deep = cast(cuboid(1, 1, 1), ball(1), I, [0, 0, 0], I, [5, 0, 0]);
    expect(deep.status).toBe(CastStatus.InitialContact);
    expect(deep.distance).toBe(0);
  });

  it('sliding past at a gap above the tolerance, at rest, moving away: Separate', () => {
    const box = cuboid(1, 1, 1);
    const side = poseFromAxisAngle([0, 0, 1], 0, [3, 2.001, 0]);
    expect(cast(box, box, I, [0, 0, 0], side, [-6, 0, 0], 1e-4).status).toBe(CastStatus.Separate);
    expect(cast(box, box, I, [0, 0, 0], side, [0, 0, 0]).status).toBe(CastStatus.Separate);
    const away = cast(box, box, I, [0, 0, 0], side, [3, 3, 0]);
    expect(away.status).toBe(CastStatus.Separate);
    // The gap at s = 1, from the final distance.
    expect(away.distance).toBeCloseTo(
      shapeDistance(box, box, { poseB: at(side, [3, 3, 0], 1) }).distance,
      12,
    );
  });

  it('a box wider than float64 holds (its diagonal +∞): a finite default tolerance, and an answer', () => {
    // 1e-6 of an infinite diagonal was +∞: castShape threw INVALID_OPTION for a tolerance never given.
    const big = cuboid(1e308, 1e308, 1e308);
    expect(big.boxDiagonal).toBe(Number.POSITIVE_INFINITY);
    const up = (y: number) => poseFromAxisAngle([0, 0, 1], 0, [0, y, 0]);
    const r = castShape(big, ball(1), { a: [I, I], b: [up(1.5e308), up(1.2e308)] });
    expect(r.status).toBe(CastStatus.Separate);
    expect(r.tolerance).toBe(1e-6 * Number.MAX_VALUE);
    const hit = castShape(big, ball(1), { a: [I, I], b: [up(1.5e308), up(0.5e308)] });
    expect(hit.status).toBe(CastStatus.Contact);
    // the ball's face reaches the box's at s = 0.5 (1e308 a step); contact within the tolerance
    expect(hit.toi).toBeLessThanOrEqual(0.5);
    expect(hit.toi).toBeGreaterThanOrEqual(0.5 - hit.tolerance / 1e308);
  });

  it('a grazing pass at 0.75 tol: either answer is certified', () => {
    const tol = 1e-3;
    const a = cuboid(1, 1, 1);
    const b = ball(0.5);
    const pb0 = poseFromAxisAngle([0, 0, 1], 0, [3, 1.5 + 0.75 * tol, 0]);
    const r = cast(a, b, I, [0, 0, 0], pb0, [-6, 0, 0], tol);
    certify(a, b, I, [0, 0, 0], pb0, [-6, 0, 0], r);
  });

  it('the iteration cap: NotConverged with a certified lower bound', () => {
    const a = cone(1, 1);
    const b = cylinder(0.5, 0.5);
    const pb0 = poseFromAxisAngle([1, 1, 0], 0.5, [4, 0.3, 0.1]);
    const r = cast(a, b, I, [0, 0, 0], pb0, [-8, 0, 0]);
    const capped = castShape(a, b, { a: [I, I], b: [pb0, at(pb0, [-8, 0, 0], 1)] }, { maxIterations: 3 });
    expect(capped.status).toBe(CastStatus.NotConverged);
    expect(capped.toi).toBeLessThanOrEqual(r.toi);
    const gap = (s: number) => shapeDistance(a, b, { poseB: at(pb0, [-8, 0, 0], s) }).distance;
    expect(firstBelow(gap, 8, capped.tolerance / 2, 0, capped.toi).below).toBe(false);
  });

  it('the same motion placed 1e6 from the origin keeps its answer', () => {
    const a = capsule(0.5, 0.25);
    const b = convexHull(cloud(seeded(33), 12, 0.5));
    const far = [1e6, -1e6, 2e6];
    const near = cast(
      a,
      b,
      poseFromAxisAngle([1, 0, 0], 0.3, [0, 0, 0]),
      [0, 0, 0],
      poseFromAxisAngle([0, 1, 1], 2, [3, 0.1, 0]),
      [-6, 0, 0],
    );
    const moved = cast(
      a,
      b,
      poseFromAxisAngle([1, 0, 0], 0.3, far),
      [0, 0, 0],
      poseFromAxisAngle([0, 1, 1], 2, [far[0] + 3, far[1] + 0.1, far[2]]),
      [-6, 0, 0],
    );
    expect(moved.status).toBe(near.status);
    expect(Math.abs(moved.toi - near.toi)).toBeLessThan(1e-9);
  });
});

describe('the cast against conservative advancement on the same pairs', () => {
  it('both certified, their tois between the instants the gap reaches tol and tol/2', () => {
    const next = seeded(41);
    let compared = 0;
    for (let k = 0; k < 60; k++) {
      const a = k % 2 ? convexHull(cloud(next, 10)) : rounded(cuboid(0.4, 0.3, 0.2), 0.1);
      const b = k % 3 ? convexHull(cloud(next, 10, 0.5)) : capsule(0.3, 0.2);
      const u = unit3(next);
      const pb0 = poseFromAxisAngle(unit3(next), 7 * next(), [3 * u[0], 3 * u[1], 3 * u[2]]);
      const db = [-6 * u[0] + 0.6 * next(), -6 * u[1], -6 * u[2]];
      const tol = 1e-4;
      const r = cast(a, b, I, [0, 0, 0], pb0, db, tol);
      // The loop of the specification: from a gap d > tol, step (d − tol/2) / |Δ|.
      const pair = new GjkPair(a, b);
      const speed = Math.hypot(...db);
      let s = 0;
      let ca: string = CastStatus.NotConverged;
      for (let i = 0; i < 10000; i++) {
        const p = at(pb0, db, s);
        pair.evaluate(p.R, p.t);
        const d = pair.distance;
        if (d <= tol) {
          ca = s === 0 ? CastStatus.InitialContact : CastStatus.Contact;
          break;
        }
        if (s === 1) {
          ca = CastStatus.Separate;
          break;
        }
        s = Math.min(1, s + (d - tol / 2) / speed);
      }
      const gap = (x: number) => shapeDistance(a, b, { poseB: at(pb0, db, x) }).distance;
      const tTol = firstBelow(gap, speed, tol);
      const tHalf = firstBelow(gap, speed, tol / 2);
      if (!tTol.below) {
        expect(r.status).toBe(CastStatus.Separate);
        expect(ca).toBe(CastStatus.Separate);
        continue;
      }
      if (!tHalf.below) continue; // a graze between tol/2 and tol: either answer holds
      compared++;
      expect(r.status).toBe(CastStatus.Contact);
      expect(ca).toBe(CastStatus.Contact);
      // The gap of two convex shapes under a translation is convex in s: both answers lie between.
      for (const toi of [r.toi, s]) {
        expect(toi).toBeGreaterThanOrEqual(tTol.s - 1e-9);
        expect(toi).toBeLessThanOrEqual(tHalf.s + 1e-9);
      }
    }
    expect(compared).toBeGreaterThan(20);
  });
});
