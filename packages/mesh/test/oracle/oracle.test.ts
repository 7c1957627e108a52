// Unit tests of the oracle itself: each piece against a second, unrelated argument (another exact
// method, constructed ground truth, or the optimality conditions of a closest-point pair).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rng } from '../helpers.js';
import {
  relativePose2,
  relativePose3,
  soupDistance2,
  soupDistance3,
  transformFlat2,
  transformFlat3,
} from './bodies.js';
import { disjointSegments2, pointSegment2, segmentPair2 } from './distance2.js';
import {
  disjointTriangles3,
  pointSegment3,
  pointTriangle3,
  segmentSegment3,
  trianglePair3,
} from './distance3.js';
import {
  decompose,
  orient3dExact,
  orient3dSign,
  pointSegmentDistanceExact2,
  pointTriangleDistanceExact,
  segmentsIntersectCaratheodory,
  segmentsIntersectExact2,
  toIntegers,
  trianglesIntersectCaratheodory,
  trianglesIntersectExact,
} from './exact.js';

const anyDouble = fc.double({ noNaN: true, noDefaultInfinity: true });
const coord = fc.double({ min: -1, max: 1, noNaN: true });
const point3 = fc.tuple(coord, coord, coord);

function gridValue(r: () => number, steps = 2): number {
  // {−1, −1/2, 0, 1/2, 1} for steps = 2
  return (Math.floor(r() * (2 * steps + 1)) - steps) / steps;
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return a[0] * b[0] + a[1] * b[1] + (a.length > 2 ? a[2] * b[2] : 0);
}

function sub(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  return Array.from({ length: a.length }, (_, i) => a[i] - b[i]);
}

describe('exact arithmetic', () => {
  it('decompose gives m · 2^e = x exactly, for every kind of double', () => {
    fc.assert(
      fc.property(anyDouble, (x) => {
        const { m, e } = decompose(x);
        expect(Number(m) * 2 ** e === x).toBe(true);
        expect(m >= -(2n ** 53n) && m <= 2n ** 53n).toBe(true);
      }),
    );
    expect(decompose(Number.MIN_VALUE)).toEqual({ m: 1n, e: -1074 });
    expect(decompose(-3)).toEqual({ m: -3n * 2n ** 51n, e: -51 });
  });

  it('toIntegers keeps order and ratios on a common scale', () => {
    fc.assert(
      fc.property(anyDouble, anyDouble, (x, y) => {
        const [a, b] = toIntegers([x, y]);
        expect(a < b).toBe(x < y);
        expect(a === b).toBe(x === y);
        if (x !== 0 && y !== 0) {
          // a / b = x / y exactly: a · y-part = b · x-part
          const dx = decompose(x);
          const dy = decompose(y);
          expect(a * dy.m * (dy.e >= dx.e ? 2n ** BigInt(dy.e - dx.e) : 1n)).toBe(
            b * dx.m * (dx.e >= dy.e ? 2n ** BigInt(dx.e - dy.e) : 1n),
          );
        }
      }),
    );
  });

  it('orient3dSign equals the exact BigInt sign, also on nearly coplanar points', () => {
    const exact = (p: number[]): number => {
      const v = toIntegers(p);
      return orient3dExact([v[0], v[1], v[2]], [v[3], v[4], v[5]], [v[6], v[7], v[8]], [v[9], v[10], v[11]]);
    };
    const nearPlane = fc
      .tuple(
        point3,
        point3,
        point3,
        coord,
        coord,
        fc.integer({ min: -3, max: 3 }),
        fc.double({ min: 1, max: 1e6, noNaN: true }),
      )
      .map(([a, b, c, u, v, k, far]) => {
        // d = a + u (b − a) + v (c − a), nudged by k ulps, everything moved far from the origin
        const d = a.map((x, i) => x + u * (b[i] - x) + v * (c[i] - x) + k * 2 ** -52 * Math.abs(x));
        return [...a, ...b, ...c, ...d].map((x) => x + far);
      });
    fc.assert(
      fc.property(fc.oneof(fc.array(coord, { minLength: 12, maxLength: 12 }), nearPlane), (p) => {
        const s = orient3dSign(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11]);
        expect(s).toBe(exact(p));
      }),
      { numRuns: 2000 },
    );
    expect(orient3dSign(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1)).toBe(1);
    expect(orient3dSign(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, -1)).toBe(-1);
    expect(orient3dSign(0, 0, 0, 1, 0, 0, 0, 1, 0, 0.3, 0.7, 0)).toBe(0);
    // 0.1 + 0.2 ≠ 0.3 in doubles: the point is off the plane x + y = z by a hair, and the sign says so
    expect(orient3dSign(0, 0, 0, 1, 0, 1, 0, 1, 1, 0.1, 0.2, 0.1 + 0.2)).not.toBe(0);
    expect(orient3dSign(0, 0, 0, 1, 0, 1, 0, 1, 1, 0.5, 0.25, 0.75)).toBe(0);
  });
});

describe('triangle contact: the separating-axis test agrees with Carathéodory', () => {
  it('on grid triangles (many degenerate, coplanar and touching cases)', () => {
    const r = rng(11);
    let meets = 0;
    let degenerate = 0;
    for (let n = 0; n < 4000; n++) {
      const T = Array.from({ length: 18 }, () => gridValue(r));
      if (n % 5 === 0) for (let k = 0; k < 3; k++) T[6 + k] = T[3 + k]; // zero-area A
      if (n % 7 === 0) for (let k = 0; k < 3; k++) T[15 + k] = (T[9 + k] + T[12 + k]) / 2; // collinear B
      if (n % 5 === 0 || n % 7 === 0) degenerate++;
      const sat = trianglesIntersectExact(T);
      expect(sat, JSON.stringify(T)).toBe(trianglesIntersectCaratheodory(T));
      expect(trianglePair3(T, 0, 9, new Float64Array(6)).intersecting).toBe(sat);
      if (sat) meets++;
    }
    // both outcomes well represented
    expect(meets).toBeGreaterThan(400);
    expect(meets).toBeLessThan(3600);
    expect(degenerate).toBeGreaterThan(1000);
  });

  it('on coplanar grid triangles in a tilted plane', () => {
    const r = rng(12);
    for (let n = 0; n < 1500; n++) {
      // points of the plane z = x/2 + y/4 (exact on the grid of quarters)
      const T: number[] = [];
      for (let v = 0; v < 6; v++) {
        const x = gridValue(r, 4);
        const y = gridValue(r, 4);
        T.push(x, y, x / 2 + y / 4);
      }
      expect(trianglesIntersectExact(T), JSON.stringify(T)).toBe(trianglesIntersectCaratheodory(T));
    }
  });

  it('on random triangles', () => {
    fc.assert(
      fc.property(fc.array(coord, { minLength: 18, maxLength: 18 }), (T) => {
        expect(trianglesIntersectExact(T)).toBe(trianglesIntersectCaratheodory(T));
      }),
      { numRuns: 300 },
    );
  });

  it('constructed: a shared point (a vertex, an edge midpoint, the centroid) means contact', () => {
    fc.assert(
      fc.property(
        point3,
        point3,
        point3,
        point3,
        point3,
        fc.integer({ min: 0, max: 2 }),
        (a, b, c, d, e, kind) => {
          // dyadic weights keep the shared point exact in most cases; we then check it is exact
          const w = kind === 0 ? [1, 0, 0] : kind === 1 ? [0.5, 0.5, 0] : [0.5, 0.25, 0.25];
          const p = a.map((_, i) => w[0] * a[i] + w[1] * b[i] + w[2] * c[i]);
          const v = toIntegers([...p, ...a, ...b, ...c]);
          const W = w.map((x) => BigInt(4 * x));
          fc.pre([0, 1, 2].every((i) => 4n * v[i] === W[0] * v[3 + i] + W[1] * v[6 + i] + W[2] * v[9 + i]));
          const T = [...a, ...b, ...c, ...d, ...p, ...e];
          expect(trianglesIntersectExact(T)).toBe(true);
        },
      ),
    );
  });

  it('constructed: a plane between them means no contact; touching it from both sides means contact', () => {
    const r = rng(13);
    for (let n = 0; n < 500; n++) {
      const gap = 2 ** -(10 + Math.floor(r() * 40));
      const A = [r(), r(), -r(), r(), r(), -r(), r(), r(), -r()];
      const B = [r(), r(), gap + r(), r(), r(), gap + r(), r(), r(), gap];
      expect(trianglesIntersectExact([...A, ...B])).toBe(false);
      // drop B's lowest vertex onto z = 0 over A's vertex 0 (in A's plane only if A's z is 0 there)
      const A0 = [0, 0, 0, 1, 0, -r(), 0, 1, -r()];
      const Bt = [0, 0, 0, r(), r(), r() + 0.1, r(), r(), r() + 0.1];
      expect(trianglesIntersectExact([...A0, ...Bt])).toBe(true);
    }
    // a vertical triangle through a horizontal one
    expect(trianglesIntersectExact([-1, -1, 0, 1, -1, 0, 0, 1, 0, 0, 0, -1, 0.1, 0, 1, -0.1, 0, 1])).toBe(
      true,
    );
    // the same, lifted by the smallest amount that clears it
    expect(
      trianglesIntersectExact([-1, -1, 0, 1, -1, 0, 0, 1, 0, 0, 0, 2 ** -60, 0.1, 0, 1, -0.1, 0, 1]),
    ).toBe(false);
  });
});

describe('segment contact (2-D): the separating-axis test agrees with Carathéodory', () => {
  it('on grid segments (zero length, collinear, touching)', () => {
    const r = rng(21);
    let meets = 0;
    for (let n = 0; n < 6000; n++) {
      const S = Array.from({ length: 8 }, () => gridValue(r));
      if (n % 6 === 0) {
        S[2] = S[0];
        S[3] = S[1];
      }
      const sat = segmentsIntersectExact2(S);
      expect(sat, JSON.stringify(S)).toBe(segmentsIntersectCaratheodory(S));
      expect(segmentPair2(S, 0, 4, new Float64Array(4)).intersecting).toBe(sat);
      if (sat) meets++;
    }
    expect(meets).toBeGreaterThan(600);
    expect(meets).toBeLessThan(5400);
  });

  it('on random segments, and on a segment through an exact point of another', () => {
    fc.assert(
      fc.property(fc.array(coord, { minLength: 8, maxLength: 8 }), (S) => {
        expect(segmentsIntersectExact2(S)).toBe(segmentsIntersectCaratheodory(S));
        // a segment from the other's end, and (when it is exact) from its midpoint
        expect(segmentsIntersectExact2([S[0], S[1], S[2], S[3], S[2], S[3], S[6], S[7]])).toBe(true);
        const mid = [(S[0] + S[2]) / 2, (S[1] + S[3]) / 2];
        const v = toIntegers([...mid, ...S]);
        if (2n * v[0] === v[2] + v[4] && 2n * v[1] === v[3] + v[5]) {
          expect(segmentsIntersectExact2([S[0], S[1], S[2], S[3], mid[0], mid[1], S[6], S[7]])).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
    expect(segmentsIntersectExact2([0, 0, 1, 1, 1, 0, 0, 1])).toBe(true);
    expect(segmentsIntersectExact2([0, 0, 1, 1, 1, 0, 0.5 + 2 ** -52, 0.5])).toBe(false);
    expect(segmentsIntersectExact2([0, 0, 1, 1, 1, 0, 0.5, 0.5])).toBe(true);
    expect(segmentsIntersectExact2([0, 0, 1, 0, 2, 0, 1, 0])).toBe(true); // collinear, touching ends
    expect(segmentsIntersectExact2([0, 0, 1, 0, 2, 0, 1 + 2 ** -52, 0])).toBe(false);
  });
});

/** Checks that q = a + u (b − a) with u in [0, 1] (up to eps). */
function onSegment(q: ArrayLike<number>, a: ArrayLike<number>, b: ArrayLike<number>, eps: number): boolean {
  const d = sub(b, a);
  const dd = dot(d, d);
  const u = dd > 0 ? dot(sub(q, a), d) / dd : 0;
  const proj = Array.from(a, (x, i) => x + u * d[i]);
  return u >= -eps && u <= 1 + eps && Math.hypot(...sub(q, proj)) <= eps;
}

/** Checks that q lies in the non-degenerate triangle abc (barycentric, up to eps). */
function onTriangle(q: number[], a: number[], b: number[], c: number[], eps: number): boolean {
  const e1 = sub(b, a);
  const e2 = sub(c, a);
  const w = sub(q, a);
  const d11 = dot(e1, e1),
    d12 = dot(e1, e2),
    d22 = dot(e2, e2),
    w1 = dot(w, e1),
    w2 = dot(w, e2);
  const den = d11 * d22 - d12 * d12;
  const u = (d22 * w1 - d12 * w2) / den;
  const v = (d11 * w2 - d12 * w1) / den;
  const proj = a.map((x, i) => x + u * e1[i] + v * e2[i]);
  // The normal equations round by ε times their condition |e1|²|e2|²/den (a sliver's: 4e6 at an area
  // of 5e-4, where a point on an edge read 2.5e-9 off it): the check allows that much beyond eps.
  const tol = eps + 16 * Number.EPSILON * ((d11 * d22) / den) * Math.max(1, Math.sqrt(Math.max(d11, d22)));
  return u >= -tol && v >= -tol && u + v <= 1 + tol && Math.hypot(...sub(q, proj)) <= tol;
}

/**
 * How much the squared distance to `p` drops when q moves (within the convex set) toward the set's
 * point v: 0 when q is optimal with respect to that direction. A first-order condition that does
 * not depend on how well-conditioned the closest point is (ties between edges move the point, not
 * the distance).
 */
function improvement(p: ArrayLike<number>, q: ArrayLike<number>, v: ArrayLike<number>): number {
  const pq = sub(p, q);
  const vq = sub(v, q);
  const V = dot(pq, vq);
  const L = dot(vq, vq);
  if (V <= 0 || L === 0) return 0;
  const t = Math.min(1, V / L);
  return 2 * t * V - t * t * L;
}

describe('closest points: on their sets, and no direction within the sets improves them', () => {
  const eps = 1e-9;
  const gain = 1e-13;

  it('point–segment: q on the segment, no better point toward either end', () => {
    fc.assert(
      fc.property(point3, point3, point3, fc.boolean(), (p, a, b0, zero) => {
        const b = zero ? a : b0;
        const out = new Float64Array(3);
        const d2 = pointSegment3(p[0], p[1], p[2], a[0], a[1], a[2], b[0], b[1], b[2], out, 0);
        const q = Array.from(out);
        expect(onSegment(q, a, b, eps)).toBe(true);
        expect(improvement(p, q, a)).toBeLessThanOrEqual(gain);
        expect(improvement(p, q, b)).toBeLessThanOrEqual(gain);
        expect(Math.abs(d2 - dot(sub(p, q), sub(p, q)))).toBeLessThanOrEqual(1e-15);
        const o2 = new Float64Array(2);
        const e2 = pointSegment2(p[0], p[1], a[0], a[1], b[0], b[1], o2, 0);
        expect(onSegment(Array.from(o2), [a[0], a[1]], [b[0], b[1]], eps)).toBe(true);
        expect(improvement([p[0], p[1]], o2, [a[0], a[1]])).toBeLessThanOrEqual(gain);
        expect(improvement([p[0], p[1]], o2, [b[0], b[1]])).toBeLessThanOrEqual(gain);
        expect(e2).toBeCloseTo(dot(sub([p[0], p[1]], o2), sub([p[0], p[1]], o2)), 14);
      }),
      { numRuns: 500 },
    );
  });

  it('point–triangle: q on the triangle, no better point toward any vertex', () => {
    fc.assert(
      fc.property(point3, point3, point3, point3, (p, a, b, c) => {
        const T = [...a, ...b, ...c];
        const out = new Float64Array(3);
        const d2 = pointTriangle3(p[0], p[1], p[2], T, 0, out, 0);
        const q = Array.from(out);
        const n = [
          (b[1] - a[1]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[1] - a[1]),
          (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]),
          (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]),
        ];
        fc.pre(Math.hypot(...n) > 1e-3);
        expect(onTriangle(q, a, b, c, eps)).toBe(true);
        for (const v of [a, b, c]) expect(improvement(p, q, v)).toBeLessThanOrEqual(gain);
        expect(Math.abs(d2 - dot(sub(p, q), sub(p, q)))).toBeLessThanOrEqual(1e-15);
      }),
      { numRuns: 1000 },
    );
  });

  it('point–triangle on degenerate triangles equals the nearest of its edges', () => {
    fc.assert(
      fc.property(point3, point3, point3, fc.integer({ min: 0, max: 2 }), (p, a, b, kind) => {
        const c = kind === 0 ? a : kind === 1 ? b : a.map((x, i) => (x + b[i]) / 2);
        const out = new Float64Array(3);
        const d2 = pointTriangle3(p[0], p[1], p[2], [...a, ...b, ...c], 0, out, 0);
        const s = new Float64Array(3);
        const e = Math.min(
          pointSegment3(p[0], p[1], p[2], a[0], a[1], a[2], b[0], b[1], b[2], s, 0),
          pointSegment3(p[0], p[1], p[2], b[0], b[1], b[2], c[0], c[1], c[2], s, 0),
          pointSegment3(p[0], p[1], p[2], c[0], c[1], c[2], a[0], a[1], a[2], s, 0),
        );
        expect(Math.abs(d2 - e)).toBeLessThanOrEqual(1e-14);
      }),
    );
  });

  it('known values', () => {
    const out = new Float64Array(6);
    // above the interior of a triangle
    expect(pointTriangle3(0.25, 0.25, 3, [0, 0, 0, 1, 0, 0, 0, 1, 0], 0, out, 0)).toBe(9);
    // beyond an edge and below the plane
    expect(pointTriangle3(2, 0.5, -1, [0, 0, 0, 1, 0, 0, 0, 1, 0], 0, out, 0)).toBe(1 + 0.25 + 1);
    // over a sliver (0.75 long, 4e-6 wide): 3.058768257e-10 away by exact rational arithmetic; the
    // barycentric weights of Ericson's test cancelled here and gave an edge's 9.9e-8 (a CI run's
    // counterexample of the grid soups)
    const sliver = [
      0.25, -0.2501196371374441, 0.750000001, 0.25, 0.25, 0.7499958175595377, 0.250000001, 0.499999999,
      0.7500005631460938,
    ];
    const d = Math.sqrt(pointTriangle3(0.25, 0, 0.75, sliver, 0, out, 0));
    // a few ulps of the coordinates (1.1e-16 at 0.75)
    expect(Math.abs(d - 3.058768257230851e-10)).toBeLessThanOrEqual(1e-15);
    // skew segments, closest in both interiors
    expect(segmentSegment3([-1, 0, 0, 1, 0, 0, 0, -1, 1, 0, 1, 1], 0, 3, 6, 9, out)).toBe(1);
    expect(Array.from(out)).toEqual([0, 0, 0, 0, 0, 1]);
    // parallel triangles two apart
    const T = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 1, 0, 2, 0, 1, 2];
    expect(trianglePair3(T, 0, 9, out)).toEqual({ distance: 2, intersecting: false });
    // 2-D: a point beyond the end
    expect(disjointSegments2([0, 0, 1, 0, 3, 4, 3, 5], 0, 4, out)).toBe(4 + 16);
  });

  it('segment–segment: both points on their segments, each closest to the other', () => {
    fc.assert(
      fc.property(point3, point3, point3, point3, fc.integer({ min: 0, max: 3 }), (p, q0, r, s0, kind) => {
        // kind 1: first segment a point; 2: parallel segments; 3: both points
        const q = kind === 1 || kind === 3 ? p : q0;
        const s = kind === 2 ? r.map((x, i) => x + 0.5 * (q[i] - p[i])) : kind === 3 ? r : s0;
        const out = new Float64Array(6);
        const d2 = segmentSegment3([...p, ...q, ...r, ...s], 0, 3, 6, 9, out);
        const x = Array.from(out.subarray(0, 3));
        const y = Array.from(out.subarray(3, 6));
        expect(onSegment(x, p, q, eps)).toBe(true);
        expect(onSegment(y, r, s, eps)).toBe(true);
        for (const u of [p, q]) expect(improvement(y, x, u)).toBeLessThanOrEqual(gain);
        for (const u of [r, s]) expect(improvement(x, y, u)).toBeLessThanOrEqual(gain);
        expect(Math.abs(d2 - dot(sub(x, y), sub(x, y)))).toBeLessThanOrEqual(1e-15);
      }),
      { numRuns: 1000 },
    );
  });

  it('disjoint triangles: points on their triangles, jointly optimal, below every sampled pair', () => {
    const r = rng(31);
    let checked = 0;
    for (let n = 0; n < 600; n++) {
      const T = Array.from({ length: 18 }, (_, i) => 2 * r() - 1 + (i >= 9 && i % 3 === 0 ? r() : 0));
      if (n % 4 === 0) for (let k = 0; k < 3; k++) T[15 + k] = T[9 + k]; // B a segment
      if (trianglesIntersectExact(T)) continue;
      checked++;
      const out = new Float64Array(6);
      const d = Math.sqrt(disjointTriangles3(T, 0, 9, out));
      const x = Array.from(out.subarray(0, 3));
      const y = Array.from(out.subarray(3, 6));
      const A = [T.slice(0, 3), T.slice(3, 6), T.slice(6, 9)];
      const B = [T.slice(9, 12), T.slice(12, 15), T.slice(15, 18)];
      expect(onTriangle(x, A[0], A[1], A[2], eps)).toBe(true);
      if (n % 4 !== 0) expect(onTriangle(y, B[0], B[1], B[2], eps)).toBe(true);
      for (const u of A) expect(improvement(y, x, u)).toBeLessThanOrEqual(gain);
      for (const u of B) expect(improvement(x, y, u)).toBeLessThanOrEqual(gain);
      expect(Math.abs(d - Math.hypot(...sub(x, y)))).toBeLessThanOrEqual(1e-15);
      for (let k = 0; k < 50; k++) {
        const [u1, u2] = [r(), r()].sort();
        const [v1, v2] = [r(), r()].sort();
        const pa = A[0].map((_, i) => u1 * A[0][i] + (u2 - u1) * A[1][i] + (1 - u2) * A[2][i]);
        const pb = B[0].map((_, i) => v1 * B[0][i] + (v2 - v1) * B[1][i] + (1 - v2) * B[2][i]);
        expect(Math.hypot(...sub(pa, pb))).toBeGreaterThanOrEqual(d - 1e-15);
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});

describe('exact point distances (for witness points)', () => {
  it('agree with the float routines on well-shaped input, and are exact on known values', () => {
    fc.assert(
      fc.property(point3, point3, point3, point3, (p, a, b, c) => {
        const T = [...a, ...b, ...c];
        const n = Math.hypot(
          (b[1] - a[1]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[1] - a[1]),
          (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]),
          (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]),
        );
        fc.pre(n > 0.1);
        const f = Math.sqrt(pointTriangle3(p[0], p[1], p[2], T, 0, new Float64Array(3), 0));
        expect(Math.abs(pointTriangleDistanceExact(p, T) - f)).toBeLessThanOrEqual(1e-14);
        const g = Math.sqrt(pointSegment2(p[0], p[1], a[0], a[1], b[0], b[1], new Float64Array(2), 0));
        expect(Math.abs(pointSegmentDistanceExact2(p, [a[0], a[1], b[0], b[1]]) - g)).toBeLessThanOrEqual(
          1e-15,
        );
      }),
      { numRuns: 500 },
    );
    expect(pointTriangleDistanceExact([0.25, 0.25, 3], [0, 0, 0, 1, 0, 0, 0, 1, 0])).toBe(3);
    expect(pointTriangleDistanceExact([2, 0.5, -1], [0, 0, 0, 1, 0, 0, 0, 1, 0])).toBe(1.5);
    expect(pointTriangleDistanceExact([1, 1, 0], [0, 0, 0, 2, 0, 0, 0, 2, 0])).toBe(0); // on the hypotenuse
    expect(pointTriangleDistanceExact([1, 1, 2 ** -1000], [0, 0, 0, 2, 0, 0, 0, 2, 0])).toBe(2 ** -1000);
    expect(pointTriangleDistanceExact([3, 4, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0])).toBe(5); // a point facet
    expect(pointSegmentDistanceExact2([3, 4], [0, 0, 0, 0])).toBe(5);
    expect(pointSegmentDistanceExact2([0.5, 1e-300], [0, 0, 1, 0])).toBe(1e-300);
  });

  it('see a point on a sliver as on it (where float barycentrics are unreliable)', () => {
    // a sliver 3.5e-5 wide and 2 long; q = a + 0.75 (b − a) + 0.25 (c − a) lies on it up to rounding
    const T = [
      -0.25, 0, -0.249999999, 1.75, 0.5, -0.249999999, 0.750000001, 0.249999999, -0.2499823234507039,
    ];
    const q = [0, 1, 2].map((i) => T[i] + 0.5 * (T[3 + i] - T[i]) + 0.25 * (T[6 + i] - T[i]));
    expect(pointTriangleDistanceExact(q, T)).toBeLessThan(1e-16);
  });
});

describe('the body oracle', () => {
  it('its pruning does not change the result of the plain loop over all pairs', () => {
    const r = rng(41);
    for (let n = 0; n < 60; n++) {
      const nA = 1 + Math.floor(r() * 12);
      const nB = 1 + Math.floor(r() * 12);
      const spread = n % 2 === 0 ? 1 : 4;
      const A = Array.from({ length: 9 * nA }, () => spread * (2 * r() - 1));
      const B = Array.from({ length: 9 * nB }, () => spread * (2 * r() - 1) + 1.5);
      const o = soupDistance3(A, B, 0);
      let best = Number.POSITIVE_INFINITY;
      let pair = [-1, -1];
      let any = false;
      const out = new Float64Array(6);
      for (let i = 0; i < nA; i++) {
        for (let j = 0; j < nB; j++) {
          const res = trianglePair3([...A.slice(9 * i, 9 * i + 9), ...B.slice(9 * j, 9 * j + 9)], 0, 9, out);
          any ||= res.intersecting;
          if (res.distance < best) {
            best = res.distance;
            pair = [i, j];
          }
        }
      }
      expect(o.distance).toBe(best);
      expect([o.a, o.b]).toEqual(pair);
      expect(o.intersecting).toBe(any);
      expect(o.evaluated).toBeLessThanOrEqual(nA * nB);
    }
  });

  it('2-D: pruning does not change the plain loop either', () => {
    const r = rng(42);
    for (let n = 0; n < 100; n++) {
      const nA = 1 + Math.floor(r() * 10);
      const nB = 1 + Math.floor(r() * 10);
      const A = Array.from({ length: 4 * nA }, () => gridValue(r, 3));
      const B = Array.from({ length: 4 * nB }, () => gridValue(r, 3) + 0.5);
      const o = soupDistance2(A, B, 0);
      let best = Number.POSITIVE_INFINITY;
      let pair = [-1, -1];
      const out = new Float64Array(4);
      for (let i = 0; i < nA; i++) {
        for (let j = 0; j < nB; j++) {
          const d = segmentPair2(
            [...A.slice(4 * i, 4 * i + 4), ...B.slice(4 * j, 4 * j + 4)],
            0,
            4,
            out,
          ).distance;
          if (d < best) {
            best = d;
            pair = [i, j];
          }
        }
      }
      expect(o.distance).toBe(best);
      expect([o.a, o.b]).toEqual(pair);
    }
  });

  it('relativePose3 places B as A⁻¹ ∘ B; relativePose2 likewise', () => {
    const r = rng(43);
    for (let n = 0; n < 200; n++) {
      const rot = (axis: number[], angle: number): number[] => {
        const k = axis.map((x) => x / Math.hypot(...axis));
        const c = Math.cos(angle);
        const s = Math.sin(angle);
        const C = 1 - c;
        return [
          c + k[0] * k[0] * C,
          k[0] * k[1] * C - k[2] * s,
          k[0] * k[2] * C + k[1] * s,
          k[1] * k[0] * C + k[2] * s,
          c + k[1] * k[1] * C,
          k[1] * k[2] * C - k[0] * s,
          k[2] * k[0] * C - k[1] * s,
          k[2] * k[1] * C + k[0] * s,
          c + k[2] * k[2] * C,
        ];
      };
      const A = { R: rot([r() - 0.5, r() - 0.5, r() + 0.1], 6 * r()), t: [r(), r(), r()] };
      const B = { R: rot([r() + 0.1, r() - 0.5, r() - 0.5], 6 * r()), t: [r(), r(), r()] };
      const x = [r(), r(), r()];
      const world = transformFlat3(B.R, B.t, x);
      // A⁻¹ world = R_Aᵀ (world − t_A)
      const d = sub(world, A.t);
      const expected = [0, 1, 2].map((i) => A.R[i] * d[0] + A.R[3 + i] * d[1] + A.R[6 + i] * d[2]);
      const { R, t } = relativePose3(A, B);
      const got = transformFlat3(R, t, x);
      for (let i = 0; i < 3; i++) expect(got[i]).toBeCloseTo(expected[i], 13);
      const a2 = { angle: 6 * r() - 3, t: [r(), r()] };
      const b2 = { angle: 6 * r() - 3, t: [r(), r()] };
      const w2 = transformFlat2(Math.cos(b2.angle), Math.sin(b2.angle), b2.t[0], b2.t[1], [x[0], x[1]]);
      const q = relativePose2(a2, b2);
      const g2 = transformFlat2(q.c, q.s, q.tu, q.tv, [x[0], x[1]]);
      const back = transformFlat2(Math.cos(a2.angle), Math.sin(a2.angle), a2.t[0], a2.t[1], g2);
      expect(back[0]).toBeCloseTo(w2[0], 13);
      expect(back[1]).toBeCloseTo(w2[1], 13);
    }
  });
});
