// The 2-D convex path (ConvexCurvePair) against the exact segment search (CurvePair) at the same
// placement: the hull gap is a lower bound for any curves (to rounding: a few ulps of the scale, as
// the exact search's own distances carry), and for
// convex curves whose hulls are apart it is the gap to 1e-12 of the scene's scale, with resolve()
// finding witness segments of that distance. Scale: |tu| + |tv| + both curves' reach, as the code's.

import { type Pose2, pose2 } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONVEX_CURVE_CHECK_LIMIT, convexCurve } from '../src/convex/convex-curve.js';
import { ConvexCurvePair } from '../src/convex/convex-curve-pair.js';
import {
  Curve,
  CurvePair,
  curveDistance,
  disc,
  rectangle,
  relativeTransform2,
  segmentDistance2,
} from '../src/index.js';
import { offsetPose2, REL, rng } from './helpers.js';
import { pointSegmentDistanceExact2 } from './oracle/exact.js';

type Pt = [number, number];

function loop(points: Pt[]): Curve {
  return Curve.fromLoops(
    points.map((p) => p[0]),
    points.map((p) => p[1]),
    [points.length],
  );
}

/** As the bench's randomPolygon: 3–8 sorted angles on a circle, neighbours at least 0.1 rad apart. */
function circlePolygon(r: () => number, radius = 0.5): Curve {
  const n = 3 + Math.floor(6 * r());
  for (;;) {
    const angles = Array.from({ length: n }, () => 2 * Math.PI * r()).sort((x, y) => x - y);
    let ok = true;
    for (let i = 0; i < n; i++) {
      const next = i + 1 < n ? angles[i + 1] : angles[0] + 2 * Math.PI;
      if (next - angles[i] < 0.1) ok = false;
    }
    if (ok) return loop(angles.map((a) => [radius * Math.cos(a), radius * Math.sin(a)]));
  }
}

/** The convex hull (Andrew's monotone chain), counter-clockwise, collinear points dropped. */
function hullOf(points: Pt[]): Pt[] {
  const p = points.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: Pt[]) => {
    const h: Pt[] = [];
    for (const q of list) {
      while (h.length >= 2 && cross(h[h.length - 2], h[h.length - 1], q) <= 0) h.pop();
      h.push(q);
    }
    h.pop();
    return h;
  };
  return [...half(p), ...half(p.slice().reverse())];
}

/** The hull of 3–12 random points in the unit square about the origin, either way round. */
function randomHull(r: () => number): Curve {
  for (;;) {
    const pts = Array.from({ length: 3 + Math.floor(10 * r()) }, (): Pt => [r() - 0.5, r() - 0.5]);
    const h = hullOf(pts);
    if (h.length >= 3) return loop(r() < 0.5 ? h : h.reverse());
  }
}

/** A convex polygon with the midpoint of every edge added (collinear vertices), and one vertex doubled. */
function withMidpoints(c: Curve): Curve {
  const n = c.positions.length / 2;
  const pts: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const p: Pt = [c.positions[2 * i], c.positions[2 * i + 1]];
    pts.push(p);
    if (i === 0) pts.push(p);
    pts.push([(p[0] + c.positions[2 * j]) / 2, (p[1] + c.positions[2 * j + 1]) / 2]);
  }
  return loop(pts);
}

/** Every edge of the polygon cut into four by three collinear vertices. */
function quartered(c: Curve): Curve {
  const n = c.positions.length / 2;
  const pts: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const [x0, y0, x1, y1] = [
      c.positions[2 * i],
      c.positions[2 * i + 1],
      c.positions[2 * j],
      c.positions[2 * j + 1],
    ];
    for (let k = 0; k < 4; k++) pts.push([x0 + (k / 4) * (x1 - x0), y0 + (k / 4) * (y1 - y0)]);
  }
  return loop(pts);
}

const square = loop([
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
]);
const ell = loop([
  [0, 0],
  [2, 0],
  [2, 1],
  [1, 1],
  [1, 2],
  [0, 2],
]);
function star(points: number, outer: number, inner: number): Curve {
  return loop(
    Array.from({ length: 2 * points }, (_, i): Pt => {
      const a = (Math.PI * i) / points;
      const rr = i % 2 === 0 ? outer : inner;
      return [rr * Math.cos(a), rr * Math.sin(a)];
    }),
  );
}

/** Fixed convex shapes besides the random ones: the degenerate cases among them. */
const fixedConvex: Curve[] = [
  disc(0.5, 3),
  disc(0.4, 17),
  disc(0.3, 64),
  rectangle(1, 0.25),
  rectangle(0.02, 0.7),
  Curve.fromPolyline([-0.4, 0.3], [0.1, -0.2]), // a single segment
  Curve.fromPolyline([-0.5, 0, 0.25, 0.5], [0, 0, 0, 0]), // collinear, open
  Curve.fromPolyline([0, 0.5, 0.5, 0, 0], [0, 0, 0.5, 0.5, 0]), // a square as an open chain closing on itself
  withMidpoints(disc(0.45, 5)),
  quartered(rectangle(0.6, 0.4)),
  loop([
    [-0.5, 0],
    [0.5, 0],
    [0, 1e-3],
  ]), // slivers
  loop([
    [-0.5, 0],
    [0.5, 0],
    [0, 1e-9],
  ]),
  loop([
    [-0.5, 0],
    [0.5, 1e-14],
    [0.1, 2e-14],
  ]),
  Curve.fromLoops([0.2], [0.1], [1]), // a point
];

function scaleOf(a: Curve, b: Curve, tu: number, tv: number): number {
  return Math.abs(tu) + Math.abs(tv) + a.extent().reach + b.extent().reach;
}

/** Some vertex of one curve lies in the other's vertex hull (inclusive): the hulls may overlap. */
function hullsMayOverlap(a: Curve, b: Curve, c: number, s: number, tu: number, tv: number): boolean {
  const pa: Pt[] = [];
  for (let i = 0; i < a.positions.length; i += 2) pa.push([a.positions[i], a.positions[i + 1]]);
  const pb: Pt[] = [];
  for (let i = 0; i < b.positions.length; i += 2) {
    const x = b.positions[i],
      y = b.positions[i + 1];
    pb.push([c * x - s * y + tu, s * x + c * y + tv]);
  }
  const inside = (p: Pt, pts: Pt[]) => {
    const h = hullOf(pts);
    if (h.length < 3) return false;
    for (let i = 0; i < h.length; i++) {
      const o = h[i],
        q = h[(i + 1) % h.length];
      if ((q[0] - o[0]) * (p[1] - o[1]) - (q[1] - o[1]) * (p[0] - o[0]) < 0) return false;
    }
    return true;
  };
  return pb.some((p) => inside(p, pa)) || pa.some((p) => inside(p, pb));
}

interface Tally {
  cases: number;
  tight: number;
  resolved: number;
  overlap: number;
}

function tally(): Tally {
  return { cases: 0, tight: 0, resolved: 0, overlap: 0 };
}

/** The rounding a bound may carry above the exact gap: a few ulps of the scale. */
const ULPS = 4 * Number.EPSILON;

/**
 * One placement: the certified bound always; for two convex curves whose hulls are apart, the
 * tightness, the witness segments and their points. `pair` may carry a warm start.
 */
function check(
  a: Curve,
  b: Curve,
  c: number,
  s: number,
  tu: number,
  tv: number,
  t: Tally,
  label: string,
  pair = new ConvexCurvePair(a, b),
): void {
  const lb = pair.evaluate(c, s, tu, tv);
  const exact = new CurvePair(a, b).evaluate(c, s, tu, tv);
  const tol = REL * scaleOf(a, b, tu, tv);
  t.cases++;
  if (pair.overlap) t.overlap++;
  expect(lb, `${label}: certified`).toBeLessThanOrEqual(exact + ULPS * scaleOf(a, b, tu, tv));
  expect(lb, `${label}: the value returned`).toBe(pair.lowerBound);
  expect(lb).toBeGreaterThanOrEqual(0);
  // The bound is a separation along lowerAxis: every vertex of B (placed) lies that far beyond every
  // vertex of A along it, to rounding; a unit axis, or zeros with a bound of 0.
  const axis = pair.lowerAxis;
  if (lb > 0) {
    expect(Math.abs(Math.hypot(axis[0], axis[1]) - 1), `${label}: unit axis`).toBeLessThan(1e-12);
    const pa = convexCurve(a).points;
    const pb = convexCurve(b).points;
    let maxA = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < pa.length; k += 2) maxA = Math.max(maxA, axis[0] * pa[k] + axis[1] * pa[k + 1]);
    let minB = Number.POSITIVE_INFINITY;
    for (let k = 0; k < pb.length; k += 2) {
      const x = c * pb[k] - s * pb[k + 1] + tu;
      const y = s * pb[k] + c * pb[k + 1] + tv;
      minB = Math.min(minB, axis[0] * x + axis[1] * y);
    }
    expect(minB - maxA, `${label}: separated along the axis`).toBeGreaterThanOrEqual(
      lb - ULPS * scaleOf(a, b, tu, tv),
    );
  } else expect(Array.from(axis), `${label}: no axis`).toEqual([0, 0]);
  if (!pair.usable || hullsMayOverlap(a, b, c, s, tu, tv)) return;
  t.tight++;
  expect(exact - lb, `${label}: tight (exact ${exact})`).toBeLessThanOrEqual(tol);
  if (!(exact > tol)) return;
  expect(pair.overlap, `${label}: apart`).toBe(false);
  expect(pair.upperBound - lb, `${label}: bounds agree`).toBeLessThanOrEqual(tol);
  expect(pair.resolve(), `${label}: resolved`).toBe(true);
  t.resolved++;
  expect(Math.abs(pair.distance - exact), `${label}: witness distance`).toBeLessThanOrEqual(tol);
  expect(pair.intersecting).toBe(false);
  // The witness pair on its own: its exact distance, and the points on their segments.
  const [u0, v0, u1, v1] = b.segment(pair.segmentB);
  const S = new Float64Array([
    ...a.segment(pair.segmentA),
    c * u0 - s * v0 + tu,
    s * u0 + c * v0 + tv,
    c * u1 - s * v1 + tu,
    s * u1 + c * v1 + tv,
  ]);
  const out = new Float64Array(5);
  expect(segmentDistance2(S, 0, 4, out), `${label}: the pair's distance`).toBe(pair.distance);
  expect(pointSegmentDistanceExact2(pair.pointA, S, 0), `${label}: pointA on segmentA`).toBeLessThanOrEqual(
    tol,
  );
  expect(pointSegmentDistanceExact2(pair.pointB, S, 4), `${label}: pointB on segmentB`).toBeLessThanOrEqual(
    tol,
  );
  const gap = Math.hypot(pair.pointA[0] - pair.pointB[0], pair.pointA[1] - pair.pointB[1]);
  expect(Math.abs(gap - pair.distance)).toBeLessThanOrEqual(tol);
}

/** The placement of B in A's frame for two poses, as curveDistance computes it. */
function placement(pa: Pose2, pb: Pose2): [number, number, number, number] {
  const rel = relativeTransform2(pa, pb, new Float64Array(4));
  return [rel[0], rel[1], rel[2], rel[3]];
}

function randomConvex(r: () => number): Curve {
  const k = r();
  if (k < 0.4) return circlePolygon(r);
  if (k < 0.7) return randomHull(r);
  return fixedConvex[Math.floor(r() * fixedConvex.length)];
}

describe('convexCurve', () => {
  it('convex: polygons, discs, rectangles, a segment, collinear points, slivers, a point', () => {
    for (const c of fixedConvex) expect(convexCurve(c).convex).toBe(true);
    const r = rng(1);
    for (let k = 0; k < 200; k++) {
      expect(convexCurve(circlePolygon(r)).convex).toBe(true);
      expect(convexCurve(randomHull(r)).convex).toBe(true);
    }
    expect(convexCurve(disc(3, 1000)).convex).toBe(true);
  });

  it('not convex: an L, stars, a dent, a chord inside, an open arc, gaps, apart loops', () => {
    const notConvex = [
      ell,
      star(5, 1, 0.4),
      star(12, 1, 0.9),
      loop([
        [0, 0],
        [1, 0],
        [1, 1],
        [0.5, 0.5 + 1e-9], // a dent far above the allowance
        [0, 1],
      ]),
      Curve.fromChains([0, 1, 1, 0, 0, 1], [0, 0, 1, 1, 0, 1], [4, 2], [true, false]), // a diagonal inside
      Curve.fromPolyline([0, 1, 2], [0, 1, 0]), // an open arc: the chord is uncovered
      Curve.fromPolyline([0, 1, 1, 0], [0, 0, 1, 1]), // a square missing an edge
      Curve.fromChains([0, 1, 2, 3], [0, 0, 0, 0], [2, 2], [false, false]), // collinear with a gap
      Curve.fromChains([0, 1, 0.5, 5, 6, 5.5], [0, 0, 1, 0, 0, 1], [3, 3], [true, true]), // two triangles
      Curve.fromLoops([0, 1], [0, 0.5], [1, 1]), // two points
    ];
    for (const c of notConvex) expect(convexCurve(c).convex).toBe(false);
  });

  it('a dent within 1e-12 of the size counts as on the line', () => {
    const flat = loop([
      [0, 0],
      [1, 0],
      [1, 1],
      [0.5, 1 - 1e-14],
      [0, 1],
    ]);
    expect(convexCurve(flat).convex).toBe(true);
  });

  it('the check stops at CONVEX_CURVE_CHECK_LIMIT point–segment tests', () => {
    expect(CONVEX_CURVE_CHECK_LIMIT).toBe(2 ** 22);
    expect(convexCurve(disc(1, 2048)).convex).toBe(true); // 2048² tests: at the limit
    expect(convexCurve(disc(1, 2049)).convex).toBe(false);
  });

  it('distinct points, the segments at each, the segment ends, reach, kept per curve', () => {
    const c = Curve.fromChains([0, 2, 2, 0, 0, 5, 5], [0, 0, -3, 0, 0, 1, 1], [4, 3], [true, false]);
    const k = convexCurve(c);
    expect(convexCurve(c)).toBe(k);
    expect(k.count).toBe(4);
    expect(Array.from(k.points)).toEqual([0, 0, 2, 0, 2, -3, 5, 1]);
    expect(Array.from(k.ends)).toEqual([0, 1, 1, 2, 2, 0, 0, 0, 0, 3, 3, 3]);
    const at = (p: number) => Array.from(k.segments.subarray(k.start[p], k.start[p + 1]));
    expect(at(0)).toEqual([0, 2, 3, 4]);
    expect(at(1)).toEqual([0, 1]);
    expect(at(2)).toEqual([1, 2]);
    expect(at(3)).toEqual([4, 5]);
    expect(k.reach).toBe(8);
    // 0 and −0 stay apart, as in distinctPoints
    const z = convexCurve(Curve.fromPolyline([0, -0, 1], [0, 0, 0]));
    expect(z.count).toBe(3);
    expect(Array.from(z.ends)).toEqual([0, 1, 1, 2]);
  });

  it('random curves: every segment listed at both its ends, once, in increasing order', () => {
    const r = rng(2);
    for (let t = 0; t < 50; t++) {
      const n = 1 + Math.floor(8 * r());
      const grid = () => Math.floor(4 * r()) / 2;
      const u = Array.from({ length: n }, grid);
      const v = Array.from({ length: n }, grid);
      const c = n >= 2 && r() < 0.5 ? Curve.fromPolyline(u, v) : Curve.fromLoops(u, v, [n]);
      const k = convexCurve(c);
      for (let p = 0; p < k.count; p++) {
        const list = Array.from(k.segments.subarray(k.start[p], k.start[p + 1]));
        expect(list).toEqual([...new Set(list)].sort((x, y) => x - y));
        for (const g of list) expect([k.ends[2 * g], k.ends[2 * g + 1]]).toContain(p);
      }
      for (let g = 0; g < c.segmentCount; g++) {
        const [u0, v0, u1, v1] = c.segment(g);
        const p = k.ends[2 * g],
          q = k.ends[2 * g + 1];
        expect([k.points[2 * p], k.points[2 * p + 1], k.points[2 * q], k.points[2 * q + 1]]).toEqual([
          u0,
          v0,
          u1,
          v1,
        ]);
      }
    }
  });

  it('loop: one closed chain in order, repeats in a row allowed', () => {
    expect(convexCurve(disc(1, 32)).loop).toBe(true);
    expect(convexCurve(rectangle(1, 2)).loop).toBe(true);
    expect(convexCurve(withMidpoints(disc(1, 5))).loop).toBe(true);
    // the chain closing on a copy of its first point
    expect(
      convexCurve(
        loop([
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ]),
      ).loop,
    ).toBe(true);
    expect(convexCurve(Curve.fromPolyline([0, 1], [0, 0])).loop).toBe(false);
    expect(convexCurve(Curve.fromPolyline([0, 0.5, 0.5, 0, 0], [0, 0, 0.5, 0.5, 0])).loop).toBe(false);
    expect(convexCurve(ell).loop).toBe(false);
    // a loop visiting a point twice
    expect(
      convexCurve(
        loop([
          [0, 0],
          [1, 0],
          [0, 0],
          [1, 1],
        ]),
      ).loop,
    ).toBe(false);
  });
});

describe('ConvexCurvePair against the exact search', () => {
  it('random convex curves at random poses (seeded): certified, tight, resolved', () => {
    const r = rng(11);
    const t = tally();
    for (let k = 0; k < 3000; k++) {
      const a = randomConvex(r);
      const b = randomConvex(r);
      const pa = pose2(6 * r() - 3, [r() - 0.5, r() - 0.5]);
      const pb = pose2(6 * r() - 3, [3 * r() - 1.5, 3 * r() - 1.5]);
      const [c, s, tu, tv] = placement(pa, pb);
      check(a, b, c, s, tu, tv, t, `case ${k}`);
    }
    expect(t.resolved).toBeGreaterThan(1500);
    expect(t.overlap).toBeGreaterThan(200);
  });

  it('fast-check: polygons on a circle and hulls of points at any pose', () => {
    const t = tally();
    const shape = fc.oneof(
      fc.integer({ min: 0, max: 2 ** 31 }).map((seed) => circlePolygon(rng(seed))),
      fc.integer({ min: 0, max: 2 ** 31 }).map((seed) => randomHull(rng(seed))),
      fc.constantFrom(...fixedConvex),
    );
    const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
    // fast-check's doubles favour the ends and 0; the integers spread the shifts evenly.
    const shift = fc.oneof(
      fc.double({ min: -3, max: 3, noNaN: true }),
      fc.integer({ min: -3e6, max: 3e6 }).map((k) => k / 1e6),
    );
    fc.assert(
      fc.property(shape, shape, angle, shift, shift, (a, b, angle, u, v) => {
        check(a, b, Math.cos(angle), Math.sin(angle), u, v, t, 'property');
      }),
      { numRuns: 1500 },
    );
    expect(t.resolved).toBeGreaterThan(500);
  });

  it('one polygon inside another: the bound holds (0: the hulls overlap)', () => {
    const r = rng(12);
    const t = tally();
    const big = [disc(1, 64), rectangle(2, 2), disc(1.2, 5)];
    for (let k = 0; k < 300; k++) {
      const a = big[k % 3];
      const b = randomConvex(r);
      const angle = 6 * r();
      const tu = 0.3 * (r() - 0.5),
        tv = 0.3 * (r() - 0.5);
      const order = k % 2 === 0;
      const [x, y] = order ? [a, b] : [b, a];
      check(x, y, Math.cos(angle), Math.sin(angle), tu, tv, t, `inside ${k}`);
      const pair = new ConvexCurvePair(x, y);
      pair.evaluate(Math.cos(angle), Math.sin(angle), tu, tv);
      expect(pair.overlap).toBe(true);
      expect(pair.resolve()).toBe(false);
    }
    expect(t.overlap).toBe(300);
  });

  it('just apart and just touching rectangles (exact placements)', () => {
    const t = tally();
    const a = rectangle(1, 1);
    for (const [tu, tv, gap] of [
      [1 + 2 ** -40, 0, 2 ** -40],
      [1 + 2 ** -40, 0.5, 2 ** -40],
      [1 + 2 ** -20, 1 + 2 ** -20, 2 ** -20 * Math.SQRT2],
      [1, 0, 0],
      [1, 1, 0],
      [0.5, 1, 0],
    ]) {
      const pair = new ConvexCurvePair(a, a);
      check(a, a, 1, 0, tu, tv, t, `${tu}, ${tv}`, pair);
      expect(Math.abs(pair.lowerBound - gap)).toBeLessThanOrEqual(REL * scaleOf(a, a, tu, tv));
    }
  });

  it('near contact: gaps from 1e-3 down to 1e-11, at a slant (the direction must be square to the edge)', () => {
    const r = rng(19);
    const t = tally();
    for (let k = 0; k < 400; k++) {
      const a = circlePolygon(r);
      const b = k % 2 === 0 ? circlePolygon(r) : randomHull(r);
      const angle = 6 * r();
      const c = Math.cos(angle),
        s = Math.sin(angle);
      const dir = 2 * Math.PI * r();
      let tu = 2 * Math.cos(dir),
        tv = 2 * Math.sin(dir);
      // B moved along the witness direction until the gap is the one wanted (twice: the first move
      // may change the closest pair)
      const exact = new CurvePair(a, b);
      const gap = 10 ** (-3 - 8 * r());
      for (let step = 0; step < 2; step++) {
        const d = exact.evaluate(c, s, tu, tv);
        const nx = (exact.pointB[0] - exact.pointA[0]) / d,
          ny = (exact.pointB[1] - exact.pointA[1]) / d;
        tu -= (d - gap) * nx;
        tv -= (d - gap) * ny;
      }
      check(a, b, c, s, tu, tv, t, `case ${k}, gap ${gap}`);
    }
    expect(t.tight).toBeGreaterThan(350);
  });

  it('large loops (supports walked from the last one): certified and tight, a walk stopped on a flat stretch included', () => {
    // A flat bottom of 21 collinear vertices, vertex 0 in its middle, under an arc: seen from straight
    // above, the first walk starts on the flat and stays there (no neighbour is higher). The scan
    // that certifies the gap finds the arc's top.
    const pts: Pt[] = [];
    for (let i = 0; i <= 10; i++) pts.push([0.1 * i, 0]);
    for (let i = 1; i < 40; i++) pts.push([Math.cos((Math.PI * i) / 40), 0.5 * Math.sin((Math.PI * i) / 40)]);
    for (let i = 10; i >= 1; i--) pts.push([-0.1 * i, 0]);
    const dome = loop(pts);
    expect(convexCurve(dome).loop).toBe(true);
    const vee = loop([
      [0, 0],
      [0.2, 0.3],
      [-0.2, 0.3],
    ]);
    const t = tally();
    const pair = new ConvexCurvePair(dome, vee);
    check(dome, vee, 1, 0, 0, 3, t, 'straight above', pair);
    expect(pair.lowerBound).toBeGreaterThan(2.5 - 1e-12);
    const r = rng(20);
    // (and a disc as an open chain back to its start: convex, no loop, every point scanned)
    const ring = disc(0.45, 90);
    const open = Curve.fromPolyline(
      [...ring.positions.filter((_, i) => i % 2 === 0), ring.positions[0]],
      [...ring.positions.filter((_, i) => i % 2 === 1), ring.positions[1]],
    );
    expect([convexCurve(open).convex, convexCurve(open).loop, convexCurve(open).shape.polar.length]).toEqual([
      true,
      false,
      0,
    ]);
    const big = [dome, disc(0.5, 100), quartered(disc(0.5, 30)), withMidpoints(disc(0.4, 40)), open];
    for (let k = 0; k < 400; k++) {
      const a = big[k % big.length];
      const b = k % 3 === 0 ? big[(k >> 2) % big.length] : randomConvex(r);
      const angle = 6 * r();
      const [x, y] = k % 2 === 0 ? [a, b] : [b, a];
      const p = new ConvexCurvePair(x, y);
      const dir = 2 * Math.PI * r();
      for (let i = 0; i < 5; i++) {
        const f = 2.4 - 0.25 * i;
        check(
          x,
          y,
          Math.cos(angle + 0.1 * i),
          Math.sin(angle + 0.1 * i),
          f * Math.cos(dir),
          f * Math.sin(dir),
          t,
          `case ${k}, step ${i}`,
          p,
        );
      }
    }
    expect(t.resolved).toBeGreaterThan(1000);
  });

  it('runs of points skipped by their discs: the support is still the farthest point', () => {
    // Large curves that are no loop: every support tries all runs, from the last support, which
    // after a jump of the pose lies anywhere. Random points on circles and flat ellipses.
    const r = rng(21);
    const t = tally();
    for (let k = 0; k < 60; k++) {
      const pts = Array.from({ length: 100 + Math.floor(300 * r()) }, () => 2 * Math.PI * r())
        .sort((x, y) => x - y)
        .map((a): Pt => [0.5 * Math.cos(a), (k % 3 === 0 ? 0.1 : 0.5) * Math.sin(a)]);
      const shuffled = k % 2 === 0 ? pts : pts.slice(7).concat(pts.slice(0, 7));
      const h = Curve.fromPolyline(
        [...shuffled.map((p) => p[0]), shuffled[0][0]],
        [...shuffled.map((p) => p[1]), shuffled[0][1]],
      );
      expect(convexCurve(h).loop).toBe(false);
      const other = randomConvex(r);
      const pair = new ConvexCurvePair(h, other);
      for (let i = 0; i < 30; i++) {
        const angle = 6 * r();
        const dir = 2 * Math.PI * r();
        const f = 1 + 1.5 * r();
        check(
          h,
          other,
          Math.cos(angle),
          Math.sin(angle),
          f * Math.cos(dir),
          f * Math.sin(dir),
          t,
          `hull ${k}, pose ${i}`,
          pair,
        );
      }
    }
    expect(t.resolved).toBeGreaterThan(1000);
  });

  it('nearby poses with one pair (warm starts) give the results of fresh pairs', () => {
    const r = rng(13);
    const t = tally();
    let iterations = 0;
    let calls = 0;
    for (let k = 0; k < 200; k++) {
      const a = circlePolygon(r);
      const b = circlePolygon(r);
      const pair = new ConvexCurvePair(a, b);
      const dir = 2 * Math.PI * r();
      const angle = 6 * r();
      for (let i = 0; i < 10; i++) {
        const f = 2.2 - 0.12 * i;
        const c = Math.cos(angle + 0.03 * i),
          s = Math.sin(angle + 0.03 * i);
        const tu = f * Math.cos(dir),
          tv = f * Math.sin(dir);
        check(a, b, c, s, tu, tv, t, `path ${k} step ${i}`, pair);
        const fresh = new ConvexCurvePair(a, b).evaluate(c, s, tu, tv);
        expect(Math.abs(pair.lowerBound - fresh)).toBeLessThanOrEqual(REL * scaleOf(a, b, tu, tv));
        iterations += pair.iterations;
        calls++;
      }
    }
    expect(t.resolved).toBe(t.cases);
    // Frame coherence: most calls end after the first support.
    expect(iterations / calls).toBeLessThan(2);
  });

  it('rebind keeps working on other curves', () => {
    const r = rng(14);
    const t = tally();
    const pair = new ConvexCurvePair(disc(1, 8), disc(1, 8));
    for (let k = 0; k < 200; k++) {
      const a = randomConvex(r);
      const b = randomConvex(r);
      pair.rebind(a, b);
      expect([pair.a, pair.b]).toEqual([a, b]);
      const angle = 6 * r();
      check(a, b, Math.cos(angle), Math.sin(angle), 3 * r() - 1.5, 3 * r() - 1.5, t, `rebind ${k}`, pair);
    }
    expect(t.resolved).toBeGreaterThan(80);
  });

  it('the pose form agrees with curveDistance', () => {
    const r = rng(15);
    for (let k = 0; k < 100; k++) {
      const a = circlePolygon(r);
      const b = randomHull(r);
      const pa = pose2(6 * r(), [r(), r()]);
      const pb = pose2(6 * r(), [3 * r(), 3 * r()]);
      const [c, s, tu, tv] = placement(pa, pb);
      const pair = new ConvexCurvePair(a, b);
      const lb = pair.evaluate(c, s, tu, tv);
      const d = curveDistance(a, b, { poseA: pa, poseB: pb });
      expect(lb).toBeLessThanOrEqual(d.distance + ULPS * scaleOf(a, b, tu, tv));
      if (!pair.overlap && pair.resolve()) {
        // The same placement bit for bit: the witness pair's distance is the search's (the segments
        // may differ where the gap is met at a vertex both of its segments share).
        expect(Math.abs(pair.distance - d.distance)).toBeLessThanOrEqual(REL * scaleOf(a, b, tu, tv));
        const p = new CurvePair(a, b);
        p.evaluate(c, s, tu, tv);
        expect(p.distance).toBe(d.distance);
      }
    }
  });

  it('large coordinates: poses offset by 1e4 and 1e6 (tolerance in units of the scene)', () => {
    for (const offset of [1e4, 1e6]) {
      const r = rng(16);
      const t = tally();
      for (let k = 0; k < 600; k++) {
        const a = randomConvex(r);
        const b = randomConvex(r);
        const pa = offsetPose2(pose2(6 * r(), [r() - 0.5, r() - 0.5]), offset);
        const pb = offsetPose2(pose2(6 * r(), [3 * r() - 1.5, 3 * r() - 1.5]), offset);
        const [c, s, tu, tv] = placement(pa, pb);
        expect(Math.abs(tu) + Math.abs(tv)).toBeLessThan(5);
        check(a, b, c, s, tu, tv, t, `offset ${offset}, case ${k}`);
      }
      expect(t.resolved).toBeGreaterThan(300);
    }
  });

  it('large coordinates: bodies far from their own origin (the scale is then the coordinates)', () => {
    for (const offset of [1e4, 1e6]) {
      const r = rng(17);
      const t = tally();
      for (let k = 0; k < 300; k++) {
        const a = randomConvex(r).translate([offset, -offset]);
        const b = randomConvex(r).translate([-offset, offset]);
        const angle = 0.3 * (r() - 0.5);
        const c = Math.cos(angle),
          s = Math.sin(angle);
        // B's body back onto A's, give or take a unit
        const tu = 2 * offset + 3 * r() - 1.5 + offset * (1 - c) - offset * s,
          tv = -2 * offset + 3 * r() - 1.5 - offset * s + offset * (c - 1);
        check(a, b, c, s, tu, tv, t, `body offset ${offset}, case ${k}`);
      }
      expect(t.resolved).toBeGreaterThan(100);
    }
  });

  it('non-convex curves: not usable, and the bound still holds', () => {
    const r = rng(18);
    const shapes = [
      ell,
      star(5, 0.6, 0.25),
      star(9, 0.5, 0.45),
      Curve.fromPolyline([0, 0.5, 1], [0, 0.4, 0]),
    ];
    let positive = 0;
    for (let k = 0; k < 800; k++) {
      const a = shapes[k % shapes.length];
      const b = k % 3 === 0 ? randomConvex(r) : shapes[(k >> 2) % shapes.length];
      const pair = new ConvexCurvePair(a, b);
      expect(pair.usable).toBe(false);
      const angle = 6 * r();
      const c = Math.cos(angle),
        s = Math.sin(angle);
      const tu = 4 * r() - 2,
        tv = 4 * r() - 2;
      const lb = pair.evaluate(c, s, tu, tv);
      const exact = new CurvePair(a, b).evaluate(c, s, tu, tv);
      expect(lb, `case ${k}`).toBeLessThanOrEqual(exact + ULPS * scaleOf(a, b, tu, tv));
      if (lb > 0) positive++;
    }
    expect(positive).toBeGreaterThan(200);
  });

  it('the witness survives collinear vertices along the closest edge', () => {
    // The simplex holds the ends of a cut edge; the nearest segment is one of the cuts inside it.
    const a = quartered(rectangle(2, 2));
    const b = rectangle(0.1, 0.1);
    const pair = new ConvexCurvePair(a, b);
    const t = tally();
    for (const tu of [-0.9, -0.45, -0.1, 0.12, 0.37, 0.8]) check(a, b, 1, 0, tu, 1.3, t, `tu ${tu}`, pair);
    expect(t.resolved).toBe(6);
  });

  it('fields before and after: NaN at first, resolve clears on evaluate', () => {
    const vee = loop([
      [0, 0],
      [1, 1],
      [-1, 1],
    ]);
    const pair = new ConvexCurvePair(rectangle(2, 2), vee);
    expect(pair.lowerBound).toBeNaN();
    expect(pair.resolve()).toBe(false);
    const lb = pair.evaluate(1, 0, 0, 3);
    expect(lb).toBeLessThanOrEqual(2);
    expect(lb).toBeGreaterThan(2 - 1e-12 * 7);
    expect(pair.resolve()).toBe(true);
    // A's top edge against B's lowest vertex, shared by B's segments 0 and 2: the smaller index
    expect([pair.segmentA, pair.segmentB, pair.distance]).toEqual([2, 0, 2]);
    expect(Array.from(pair.pointA)).toEqual([0, 1]);
    expect(Array.from(pair.pointB)).toEqual([0, 3]);
    pair.evaluate(1, 0, 0, 4);
    expect([pair.segmentA, pair.segmentB, pair.distance]).toEqual([-1, -1, Number.NaN]);
    expect(pair.upperBound).toBe(3);
    expect(() => new ConvexCurvePair(Curve.fromLoops([], [], []), square)).toThrow(/no segments/);
  });
});
