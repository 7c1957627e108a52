// Shared test helpers: scenes, the comparisons of the library against the oracle (test/oracle),
// and the library's own all-pairs loop (the determinism reference, built from its public pair
// routines).

import { type Pose2, type Pose3, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  type BoundingTree,
  box,
  type Curve,
  type CurveDistanceResult,
  curveDistance,
  cylinder,
  icosphere,
  relativeTransform,
  relativeTransform2,
  type Surface,
  type SurfaceDistanceResult,
  type SurfacePair,
  segmentDistance2,
  surfaceDistance,
  triangleDistance,
} from '../src/index.js';
import {
  type BodyOracle,
  curveOracle,
  type Pose2Plain,
  type Pose3Plain,
  surfaceOracle,
  transformFlat2,
  transformFlat3,
} from './oracle/bodies.js';
import { pointSegmentDistanceExact2, pointTriangleDistanceExact } from './oracle/exact.js';

/** mulberry32: a seeded PRNG so that failures reproduce. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Relative tolerance of distances and points: 1e-12 of the size of the scene. */
export const REL = 1e-12;

/** One unit in the last place of |x| (the spacing of doubles there). */
export function ulp(x: number): number {
  const a = Math.abs(x);
  if (a < Number.MIN_VALUE * 2 ** 52) return Number.MIN_VALUE;
  return 2 ** (Math.floor(Math.log2(a)) - 52);
}

const soups = new WeakMap<Surface, Float64Array>();

/** The facets of a surface as a triangle soup, 9 numbers a facet, in facet order (kept per surface). */
export function soupOf(s: Surface): Float64Array {
  let out = soups.get(s);
  if (out) return out;
  out = new Float64Array(9 * s.facetCount);
  for (let i = 0; i < s.facetCount; i++) out.set(s.facet(i), 9 * i);
  soups.set(s, out);
  return out;
}

/** The segments of a curve as a soup, 4 numbers a segment (u0 v0 u1 v1), in segment order. */
export function segmentsOf(c: Curve): Float64Array {
  const out = new Float64Array(4 * c.segmentCount);
  for (let i = 0; i < c.segmentCount; i++) out.set(c.segment(i), 4 * i);
  return out;
}

export function randomUnit(r: () => number): number[] {
  for (;;) {
    const v = [2 * r() - 1, 2 * r() - 1, 2 * r() - 1];
    const n = Math.hypot(v[0], v[1], v[2]);
    if (n > 0.1 && n <= 1) return v.map((x) => x / n);
  }
}

export function randomPose(r: () => number, reach: number): Pose3 {
  return poseFromAxisAngle(randomUnit(r), Math.PI * (2 * r() - 1), [
    reach * (2 * r() - 1),
    reach * (2 * r() - 1),
    reach * (2 * r() - 1),
  ]);
}

/** A pose with a translation moved by `offset` on every axis. */
export function offsetPose(p: Pose3, offset: number): Pose3 {
  return { R: p.R.slice(), t: Float64Array.from(p.t, (x) => x + offset) };
}

export function offsetPose2(p: Pose2, offset: number): Pose2 {
  return { angle: p.angle, t: Float64Array.from(p.t, (x) => x + offset) };
}

/** Rounds x to a multiple of 2^-30, so that x + offset is exact for |offset| ≤ 2^20. */
export function quantize(x: number): number {
  return Math.round(x * 2 ** 30) / 2 ** 30;
}

// fast-check arbitraries -----------------------------------------------------------------------

/**
 * A magnitude in {0} ∪ [min, max] with either sign. The general properties keep nonzero numbers
 * above 1e-9 (coordinates, angles, axis components): below ~1e-100 the products inside adaptive
 * predicates underflow, and two bugs live there (see 'tiny coordinates' in surface-distance.test.ts);
 * that domain has its own tests.
 */
export function arbMagnitude(min: number, max: number): fc.Arbitrary<number> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.double({ min, max, noNaN: true }), fc.boolean())
        .map(([x, negative]) => (negative ? -x : x)),
    },
  );
}

export const arbAxis = fc
  .tuple(arbMagnitude(1e-3, 1), arbMagnitude(1e-3, 1), arbMagnitude(1e-3, 1))
  .filter((v) => Math.hypot(v[0], v[1], v[2]) > 1e-3);

/** A random rigid pose with translations in [−reach, reach]. */
export function arbPose(reach: number): fc.Arbitrary<Pose3> {
  return fc
    .record({
      axis: arbAxis,
      angle: arbMagnitude(1e-9, Math.PI),
      t: fc.tuple(arbMagnitude(1e-9, reach), arbMagnitude(1e-9, reach), arbMagnitude(1e-9, reach)),
    })
    .map(({ axis, angle, t }) => poseFromAxisAngle(axis, angle, t));
}

/**
 * Exact poses: identity rotation or a signed axis permutation (entries 0, ±1, so every coordinate
 * transform is exact), translations on the grid of quarters. Touching configurations stay exact.
 */
export const arbExactPose: fc.Arbitrary<Pose3> = fc
  .record({
    perm: fc.constantFrom([0, 1, 2], [1, 2, 0], [2, 0, 1], [1, 0, 2], [0, 2, 1], [2, 1, 0]),
    signs: fc.tuple(fc.constantFrom(1, -1), fc.constantFrom(1, -1)),
    t: fc.tuple(
      fc.integer({ min: -3, max: 3 }),
      fc.integer({ min: -3, max: 3 }),
      fc.integer({ min: -3, max: 3 }),
    ),
  })
  .map(({ perm, signs, t }) => {
    const R = new Float64Array(9);
    // rows: e_perm[i] scaled by a sign; the last sign is fixed by det = +1
    const s = [signs[0], signs[1], 1];
    for (let i = 0; i < 3; i++) R[3 * i + perm[i]] = s[i];
    const det =
      R[0] * (R[4] * R[8] - R[5] * R[7]) -
      R[1] * (R[3] * R[8] - R[5] * R[6]) +
      R[2] * (R[3] * R[7] - R[4] * R[6]);
    if (det < 0) for (let j = 6; j < 9; j++) R[j] = -R[j];
    return { R, t: Float64Array.from(t, (x) => x / 4) };
  });

/** A coordinate: either a general double or a point of a coarse grid (exact degeneracies). */
export const arbCoord = fc.oneof(
  arbMagnitude(1e-9, 1),
  fc.integer({ min: -4, max: 4 }).map((k) => k / 4),
);

/** Any double in [−1, 1], subnormals included (the tiny-coordinate tests). */
export const arbTinyCoord = fc.oneof(
  fc.double({ min: -1, max: 1, noNaN: true }),
  fc.integer({ min: -4, max: 4 }).map((k) => k / 4),
);

/**
 * A random triangle soup of 1..n facets, with degenerate facets mixed in: repeated vertices
 * (zero area, a segment or a point) and collinear vertices (the middle one exactly between the
 * others), and duplicated facets.
 */
export function arbSoup(n: number, coord: fc.Arbitrary<number> = arbCoord): fc.Arbitrary<number[]> {
  const vertex = fc.tuple(coord, coord, coord);
  const facet = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(vertex, vertex, vertex).map(([a, b, c]) => [...a, ...b, ...c]) },
    { weight: 1, arbitrary: fc.tuple(vertex, vertex).map(([a, b]) => [...a, ...b, ...a]) },
    { weight: 1, arbitrary: vertex.map((a) => [...a, ...a, ...a]) },
    {
      weight: 1,
      arbitrary: fc.tuple(vertex, vertex).map(([a, b]) => [...a, ...a.map((x, i) => (x + b[i]) / 2), ...b]),
    },
  );
  return fc
    .array(facet, { minLength: 1, maxLength: n })
    .chain((facets) =>
      fc.boolean().map((dup) => (dup && facets.length > 1 ? [...facets, facets[0]] : facets).flat()),
    );
}

export interface CurveSpec {
  u: number[];
  v: number[];
  sizes: number[];
  closed: boolean[];
}

/**
 * Random chains for Curve.fromChains: 1..maxChains chains, open (2..maxSize vertices) or closed
 * (1..maxSize), with repeated vertices (zero-length segments) mixed in.
 */
export function arbCurve(
  maxChains: number,
  maxSize: number,
  coord: fc.Arbitrary<number> = arbCoord,
): fc.Arbitrary<CurveSpec> {
  const point = fc.tuple(coord, coord);
  const chain = fc
    .record({
      closed: fc.boolean(),
      points: fc.array(point, { minLength: 1, maxLength: maxSize }),
      repeat: fc.nat(),
    })
    .map(({ closed, points, repeat }) => {
      const pts = points.slice();
      // repeat one vertex (a zero-length segment) in about a third of the chains
      if (repeat % 3 === 0) pts.splice(repeat % pts.length, 0, pts[repeat % pts.length]);
      if (!closed && pts.length < 2) pts.push(pts[0]);
      return { closed, pts };
    });
  return fc.array(chain, { minLength: 1, maxLength: maxChains }).map((chains) => ({
    u: chains.flatMap((c) => c.pts.map((p) => p[0])),
    v: chains.flatMap((c) => c.pts.map((p) => p[1])),
    sizes: chains.map((c) => c.pts.length),
    closed: chains.map((c) => c.closed),
  }));
}

export function arbPose2(reach: number): fc.Arbitrary<Pose2> {
  return fc
    .tuple(arbMagnitude(1e-9, Math.PI), arbMagnitude(1e-9, reach), arbMagnitude(1e-9, reach))
    .map(([angle, x, y]) => pose2(angle, [x, y]));
}

/** No rotation and a translation on the grid of quarters: touching stays exact. */
export const arbExactPose2: fc.Arbitrary<Pose2> = fc
  .tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }))
  .map(([x, y]) => pose2(0, [x / 4, y / 4]));

// comparisons -----------------------------------------------------------------------------------

/**
 * Distance of a world point to facet `f` of a soup placed by `pose`: the facet is placed in floating
 * point (x' = R x + t), then the distance is exact (rational) up to its final rounding, so slivers
 * cannot blur the check.
 */
export function pointToFacet(
  point: ArrayLike<number>,
  soup: Float64Array,
  f: number,
  pose: Pose3Plain,
): number {
  const tri = transformFlat3(pose.R, pose.t, soup.subarray(9 * f, 9 * f + 9));
  return pointTriangleDistanceExact(point, tri, 0);
}

export function pointToSegment(
  point: ArrayLike<number>,
  soup: Float64Array,
  s: number,
  pose: Pose2Plain,
): number {
  const seg = transformFlat2(
    Math.cos(pose.angle),
    Math.sin(pose.angle),
    pose.t[0],
    pose.t[1],
    soup.subarray(4 * s, 4 * s + 4),
  );
  return pointSegmentDistanceExact2(point, seg, 0);
}

export interface AllPairs {
  distance: number;
  intersecting: boolean;
  a: number;
  b: number;
  pointA: Float64Array;
  pointB: Float64Array;
}

/**
 * The library's reference: its public `triangleDistance` over every facet pair, B's vertices taken
 * into A's frame by `relativeTransform` as `x' = R x + t` (the library's own evaluation order),
 * ties to the smallest (facetA, facetB), distance 0 when some pair intersects.
 *
 * `prune` (for the bunny only) skips a pair whose vertex boxes are farther apart than the best so
 * far plus 1e-9 of the scene: such a pair's float distance exceeds the best by far more than its
 * rounding, so it can neither be the minimum nor tie with it; the result is that of the full loop.
 */
export function libraryAllPairs3(
  a: Surface,
  b: Surface,
  poseA: Pose3Plain,
  poseB: Pose3Plain,
  prune = false,
): AllPairs {
  const R = new Float64Array(9);
  const t = new Float64Array(3);
  relativeTransform(poseA, poseB, R, t);
  const soupA = soupOf(a);
  const soupB0 = soupOf(b);
  const soupB = new Float64Array(soupB0.length);
  for (let i = 0; i < soupB0.length; i += 3) {
    const x = soupB0[i],
      y = soupB0[i + 1],
      z = soupB0[i + 2];
    soupB[i] = R[0] * x + R[1] * y + R[2] * z + t[0];
    soupB[i + 1] = R[3] * x + R[4] * y + R[5] * z + t[1];
    soupB[i + 2] = R[6] * x + R[7] * y + R[8] * z + t[2];
  }
  const nA = a.facetCount;
  const nB = b.facetCount;
  const boxes = (soup: Float64Array, n: number): Float64Array => {
    const bx = new Float64Array(6 * n);
    for (let f = 0; f < n; f++) {
      for (let k = 0; k < 3; k++) {
        const x0 = soup[9 * f + k],
          x1 = soup[9 * f + 3 + k],
          x2 = soup[9 * f + 6 + k];
        bx[6 * f + k] = Math.min(x0, x1, x2);
        bx[6 * f + 3 + k] = Math.max(x0, x1, x2);
      }
    }
    return bx;
  };
  const bA = boxes(soupA, nA);
  const bB = boxes(soupB, nB);
  let scale = 1;
  for (const x of soupA) scale = Math.max(scale, Math.abs(x));
  for (const x of soupB) scale = Math.max(scale, Math.abs(x));
  const margin = 1e-9 * scale;
  const gap = (i: number, j: number): number => {
    let s = 0;
    for (let k = 0; k < 3; k++) {
      const g = Math.max(bB[6 * j + k] - bA[6 * i + 3 + k], bA[6 * i + k] - bB[6 * j + 3 + k], 0);
      s += g * g;
    }
    return Math.sqrt(s);
  };
  // With pruning, visit A's facets nearest first (by their box gap to B's whole box).
  let order = Array.from({ length: nA }, (_, i) => i);
  let lbA = new Float64Array(nA);
  if (prune) {
    const whole = [
      Number.POSITIVE_INFINITY,
      Number.POSITIVE_INFINITY,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ];
    for (let j = 0; j < nB; j++) {
      for (let k = 0; k < 3; k++) {
        whole[k] = Math.min(whole[k], bB[6 * j + k]);
        whole[3 + k] = Math.max(whole[3 + k], bB[6 * j + 3 + k]);
      }
    }
    lbA = new Float64Array(nA);
    for (let i = 0; i < nA; i++) {
      let s = 0;
      for (let k = 0; k < 3; k++) {
        const g = Math.max(whole[k] - bA[6 * i + 3 + k], bA[6 * i + k] - whole[3 + k], 0);
        s += g * g;
      }
      lbA[i] = Math.sqrt(s);
    }
    order = order.sort((x, y) => lbA[x] - lbA[y] || x - y);
  }
  const T = new Float64Array(18);
  const out = new Float64Array(7);
  let best = Number.POSITIVE_INFINITY;
  let bestA = -1;
  let bestB = -1;
  let intersecting = false;
  const pointA = new Float64Array(3);
  const pointB = new Float64Array(3);
  for (const i of order) {
    if (prune && lbA[i] > best + margin) break;
    T.set(soupA.subarray(9 * i, 9 * i + 9), 0);
    for (let j = 0; j < nB; j++) {
      if (prune && gap(i, j) > best + margin) continue;
      T.set(soupB.subarray(9 * j, 9 * j + 9), 9);
      const d = triangleDistance(T, 0, 9, out);
      if (out[6] === 1) intersecting = true;
      if (d < best || (d === best && (i < bestA || (i === bestA && j < bestB)))) {
        best = d;
        bestA = i;
        bestB = j;
        pointA.set(out.subarray(0, 3));
        pointB.set(out.subarray(3, 6));
      }
    }
  }
  return { distance: intersecting ? 0 : best, intersecting, a: bestA, b: bestB, pointA, pointB };
}

/** The 2-D twin of {@link libraryAllPairs3}: `segmentDistance2` over every segment pair. */
export function libraryAllPairs2(a: Curve, b: Curve, poseA: Pose2Plain, poseB: Pose2Plain): AllPairs {
  const rel = relativeTransform2(poseA, poseB, new Float64Array(4));
  const c = rel[0],
    s = rel[1],
    tu = rel[2],
    tv = rel[3];
  const S = new Float64Array(8);
  const out = new Float64Array(5);
  let best = Number.POSITIVE_INFINITY;
  let bestA = -1;
  let bestB = -1;
  let intersecting = false;
  const pointA = new Float64Array(2);
  const pointB = new Float64Array(2);
  for (let i = 0; i < a.segmentCount; i++) {
    S.set(a.segment(i), 0);
    for (let j = 0; j < b.segmentCount; j++) {
      const [u0, v0, u1, v1] = b.segment(j);
      S[4] = c * u0 - s * v0 + tu;
      S[5] = s * u0 + c * v0 + tv;
      S[6] = c * u1 - s * v1 + tu;
      S[7] = s * u1 + c * v1 + tv;
      const d = segmentDistance2(S, 0, 4, out);
      if (out[4] === 1) intersecting = true;
      if (d < best) {
        best = d;
        bestA = i;
        bestB = j;
        pointA.set(out.subarray(0, 2));
        pointB.set(out.subarray(2, 4));
      }
    }
  }
  return { distance: intersecting ? 0 : best, intersecting, a: bestA, b: bestB, pointA, pointB };
}

export interface CheckOptions {
  /** A precomputed oracle (the same relative placement). */
  oracle?: BodyOracle;
  /** Compare with the library's all-pairs loop bit for bit (default true). */
  allPairs?: boolean;
  /** Prune the all-pairs loop (bunny only; see libraryAllPairs3). */
  prune?: boolean;
  /** Extra tolerance for world points (the rounding of a far-away pose's translation). */
  worldTol?: number;
  label?: string;
}

function maxAbs(v: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < v.length; i++) m = Math.max(m, Math.abs(v[i]));
  return m;
}

/**
 * The pair reported for intersecting bodies: the smallest intersecting pair (exact on both sides),
 * unless a pair before it in (a, b) order is within rounding of contact without touching (its float
 * distance rounds to 0, as with subnormal gaps, and ties with the contact's 0): such a pair must be
 * one of the oracle's pairs within `tol` of 0.
 */
function expectContactPair(o: BodyOracle, a: number, b: number, tol: number, where: string): void {
  const first = o.firstIntersecting as [number, number];
  if (a === first[0] && b === first[1]) return;
  expect(a < first[0] || (a === first[0] && b < first[1]), `${where} pair ${a},${b} before ${first}`).toBe(
    true,
  );
  const p = o.near.find((x) => x.a === a && x.b === b);
  expect(p, `${where} pair ${a},${b} within rounding of contact`).toBeDefined();
  expect(p?.intersecting).toBe(false);
  expect(p?.distance).toBeLessThanOrEqual(tol);
}

/**
 * Checks a surfaceDistance result against the oracle: same intersecting flag; distance within
 * 1e-12 · scale; the pair one of the oracle's tied pairs (the smallest intersecting pair exactly,
 * when intersecting); witness points on their facets and |pA − pB| = distance (world tolerance);
 * and, bit for bit, distance and pair of the library's all-pairs loop.
 */
export function checkSurface(
  r: SurfaceDistanceResult,
  a: Surface,
  b: Surface,
  poseA: Pose3,
  poseB: Pose3,
  options: CheckOptions = {},
): BodyOracle {
  const soupA = soupOf(a);
  const soupB = soupOf(b);
  const o = options.oracle ?? surfaceOracle(soupA, soupB, poseA, poseB, (s) => REL * s);
  const tol = REL * o.scale;
  const where = options.label ?? '';
  expect(r.beyond, `${where} beyond`).toBe(false);
  expect(r.intersecting, `${where} intersecting`).toBe(o.intersecting);
  if (o.intersecting) {
    expect(r.distance, `${where} distance`).toBe(0);
    expectContactPair(o, r.facetA, r.facetB, tol, where);
  } else {
    expect(
      Math.abs(r.distance - o.distance),
      `${where} distance ${r.distance} vs ${o.distance}`,
    ).toBeLessThanOrEqual(tol);
    const tied = o.near.map((p) => [p.a, p.b]);
    expect(tied, `${where} pair`).toContainEqual([r.facetA, r.facetB]);
  }
  // witness points, world coordinates
  const worldTol = tol + (options.worldTol ?? 8 * ulp(Math.max(maxAbs(r.pointA), maxAbs(r.pointB))));
  expect(pointToFacet(r.pointA, soupA, r.facetA, poseA), `${where} pointA on facetA`).toBeLessThanOrEqual(
    worldTol,
  );
  expect(pointToFacet(r.pointB, soupB, r.facetB, poseB), `${where} pointB on facetB`).toBeLessThanOrEqual(
    worldTol,
  );
  const gap = Math.hypot(r.pointA[0] - r.pointB[0], r.pointA[1] - r.pointB[1], r.pointA[2] - r.pointB[2]);
  expect(Math.abs(gap - r.distance), `${where} |pA − pB| = distance`).toBeLessThanOrEqual(2 * worldTol);
  if (options.allPairs !== false) {
    const ref = libraryAllPairs3(a, b, poseA, poseB, options.prune);
    expect(
      Object.is(r.distance, ref.distance),
      `${where} bit-equal to all pairs: ${r.distance} vs ${ref.distance}`,
    ).toBe(true);
    expect([r.facetA, r.facetB], `${where} all-pairs pair`).toEqual([ref.a, ref.b]);
    expect(r.intersecting, `${where} all-pairs flag`).toBe(ref.intersecting);
  }
  return o;
}

/** The 2-D twin of {@link checkSurface}. */
export function checkCurve(
  r: CurveDistanceResult,
  a: Curve,
  b: Curve,
  poseA: Pose2,
  poseB: Pose2,
  options: CheckOptions = {},
): BodyOracle {
  const soupA = segmentsOf(a);
  const soupB = segmentsOf(b);
  const o = options.oracle ?? curveOracle(soupA, soupB, poseA, poseB, (s) => REL * s);
  const tol = REL * o.scale;
  const where = options.label ?? '';
  expect(r.beyond, `${where} beyond`).toBe(false);
  expect(r.intersecting, `${where} intersecting`).toBe(o.intersecting);
  if (o.intersecting) {
    expect(r.distance, `${where} distance`).toBe(0);
    expectContactPair(o, r.segmentA, r.segmentB, tol, where);
  } else {
    expect(
      Math.abs(r.distance - o.distance),
      `${where} distance ${r.distance} vs ${o.distance}`,
    ).toBeLessThanOrEqual(tol);
    expect(
      o.near.map((p) => [p.a, p.b]),
      `${where} pair`,
    ).toContainEqual([r.segmentA, r.segmentB]);
  }
  const worldTol = tol + (options.worldTol ?? 8 * ulp(Math.max(maxAbs(r.pointA), maxAbs(r.pointB))));
  expect(
    pointToSegment(r.pointA, soupA, r.segmentA, poseA),
    `${where} pointA on segmentA`,
  ).toBeLessThanOrEqual(worldTol);
  expect(
    pointToSegment(r.pointB, soupB, r.segmentB, poseB),
    `${where} pointB on segmentB`,
  ).toBeLessThanOrEqual(worldTol);
  const gap = Math.hypot(r.pointA[0] - r.pointB[0], r.pointA[1] - r.pointB[1]);
  expect(Math.abs(gap - r.distance), `${where} |pA − pB| = distance`).toBeLessThanOrEqual(2 * worldTol);
  if (options.allPairs !== false) {
    const ref = libraryAllPairs2(a, b, poseA, poseB);
    expect(
      Object.is(r.distance, ref.distance),
      `${where} bit-equal to all pairs: ${r.distance} vs ${ref.distance}`,
    ).toBe(true);
    expect([r.segmentA, r.segmentB], `${where} all-pairs pair`).toEqual([ref.a, ref.b]);
    expect(r.intersecting, `${where} all-pairs flag`).toBe(ref.intersecting);
  }
  return o;
}

/** surfaceDistance + checkSurface. */
export function expectSurfaceDistance(
  a: Surface,
  b: Surface,
  poseA: Pose3,
  poseB: Pose3,
  options: CheckOptions = {},
): { result: SurfaceDistanceResult; oracle: BodyOracle } {
  const result = surfaceDistance(a, b, { poseA, poseB });
  return { result, oracle: checkSurface(result, a, b, poseA, poseB, options) };
}

/** curveDistance + checkCurve. */
export function expectCurveDistance(
  a: Curve,
  b: Curve,
  poseA: Pose2,
  poseB: Pose2,
  options: CheckOptions = {},
): { result: CurveDistanceResult; oracle: BodyOracle } {
  const result = curveDistance(a, b, { poseA, poseB });
  return { result, oracle: checkCurve(result, a, b, poseA, poseB, options) };
}

/**
 * Checks the documented tree layout (boxes: the smallest coordinates, then the largest, `2 · dim`
 * numbers a node; depth-first numbering, left child = node + 1; leaves index into `order`): every
 * element exactly once, each node's box containing its elements' vertices. Returns the leaf count.
 */
export function checkTree(tree: BoundingTree, elements: number, corners: (e: number) => number[][]): number {
  const d = tree.dim;
  expect(tree.elementCount).toBe(elements);
  expect(tree.order.length).toBe(elements);
  expect(tree.child.length).toBe(tree.nodeCount);
  expect(tree.count.length).toBe(tree.nodeCount);
  expect(tree.boxes.length).toBe(2 * d * tree.nodeCount);
  expect(tree.byteLength).toBe(
    tree.boxes.byteLength + tree.child.byteLength + tree.count.byteLength + tree.order.byteLength,
  );
  // ⌈n / leafSize⌉ leaves, every one full but the last in order
  expect(tree.nodeCount).toBe(elements === 0 ? 1 : 2 * Math.ceil(elements / tree.leafSize) - 1);
  // every element exactly once in `order`
  expect(Array.from(tree.order).sort((a, b) => a - b)).toEqual(Array.from({ length: elements }, (_, i) => i));
  const covered = new Uint8Array(elements);
  const seen = new Uint8Array(tree.nodeCount);
  let leaves = 0;
  const contains = (node: number, p: number[]) => {
    for (let a = 0; a < d; a++) {
      if (!(tree.boxes[2 * d * node + a] <= p[a] && p[a] <= tree.boxes[2 * d * node + d + a])) return false;
    }
    return true;
  };
  const visit = (node: number): number[] => {
    expect(seen[node]).toBe(0);
    seen[node] = 1;
    if (tree.count[node] > 0) {
      leaves++;
      expect(tree.count[node]).toBeLessThanOrEqual(tree.leafSize);
      if (tree.child[node] + tree.count[node] < elements) expect(tree.count[node]).toBe(tree.leafSize);
      const ids: number[] = [];
      for (let x = tree.child[node]; x < tree.child[node] + tree.count[node]; x++) {
        const e = tree.order[x];
        expect(covered[x]).toBe(0);
        covered[x] = 1;
        for (const p of corners(e)) expect(contains(node, p)).toBe(true);
        ids.push(e);
      }
      return ids;
    }
    // internal: left child is node + 1, right child after it
    const right = tree.child[node];
    expect(right).toBeGreaterThan(node + 1);
    expect(right).toBeLessThan(tree.nodeCount);
    const ids = [...visit(node + 1), ...visit(right)];
    for (const e of ids) for (const p of corners(e)) expect(contains(node, p)).toBe(true);
    return ids;
  };
  expect(visit(0).length).toBe(elements);
  expect(Array.from(covered).every((c) => c === 1)).toBe(true);
  expect(Array.from(seen).every((c) => c === 1)).toBe(true);
  return leaves;
}

/** A convex body: a box, a sphere or a cylinder, stretched along its axes (an affine map keeps it convex). */
export const arbConvex = fc
  .tuple(
    fc.constantFrom('box', 'sphere', 'cylinder', 'flat box'),
    fc.integer({ min: 0, max: 2 }),
    fc.tuple(
      fc.double({ min: 0.05, max: 1.5, noNaN: true }),
      fc.double({ min: 0.05, max: 1.5, noNaN: true }),
    ),
    fc.double({ min: 0.05, max: 1.5, noNaN: true }),
  )
  .map(([kind, level, [sx, sy], sz]) => {
    const base =
      kind === 'box'
        ? box(1, level + 1)
        : kind === 'sphere'
          ? icosphere(0.5, level)
          : kind === 'cylinder'
            ? cylinder(0.5, 1, 6 + 4 * level)
            : box([1, 1, 1e-3]);
    return base.scale(sx, sy, sz);
  });

/** Fields of two evaluations of `SurfacePair` that differ (by Object.is), or null: the answer, not the counters. */
export function pairDifference(x: SurfacePair, y: SurfacePair): string | null {
  const fields = ['distance', 'intersecting', 'beyond', 'facetA', 'facetB'] as const;
  for (const f of fields) if (!Object.is(x[f], y[f])) return `${f}: ${x[f]} against ${y[f]}`;
  for (let k = 0; k < 3; k++) {
    if (!Object.is(x.pointA[k], y.pointA[k])) return `pointA[${k}]`;
    if (!Object.is(x.pointB[k], y.pointB[k])) return `pointB[${k}]`;
  }
  return null;
}
