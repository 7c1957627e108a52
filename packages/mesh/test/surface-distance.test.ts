// surfaceDistance against the independent oracle (test/oracle): every facet pair, exact contact by
// separating axes on BigInts, float closest points. Tolerances: distances within 1e-12 of the scene
// size (the largest |coordinate| of both bodies in A's frame); the pair among the oracle's pairs
// tied within that tolerance (exactly the smallest intersecting pair when the bodies intersect);
// bit for bit the library's own all-pairs loop. World points: 1e-12 of the size plus 8 ulps of the
// largest world coordinate (the rounding of a far pose's translation).

import { identityPose, type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crossing } from '../src/geometry/triangle-distance.js';
import {
  box,
  cylinder,
  icosphere,
  naca4,
  relativeTransform,
  Surface,
  SurfacePair,
  surfaceDistance,
  triangleDistance,
} from '../src/index.js';
import {
  arbCoord,
  arbExactPose,
  arbPose,
  arbSoup,
  arbTinyCoord,
  checkSurface,
  expectSurfaceDistance,
  offsetPose,
  quantize,
  REL,
  randomPose,
  rng,
  soupOf,
  ulp,
} from './helpers.js';
import { relativePose3, surfaceOracle } from './oracle/bodies.js';
import { trianglePair3 } from './oracle/distance3.js';
import { pointTriangleDistanceExact } from './oracle/exact.js';

const I = identityPose();

function translation(t: number[]): Pose3 {
  return poseFromAxisAngle([0, 0, 1], 0, t);
}

/** A pose with an exact rotation matrix (entries 0, ±1). */
function exactPose(R: number[], t: number[]): Pose3 {
  return { R: Float64Array.from(R), t: Float64Array.from(t) };
}

/**
 * An orthonormal frame (u, v, n) from two generated vectors: u along p, v along q's part across u
 * (undefined when either is shorter than 0.1, too close to a degenerate frame).
 */
function frameOf(p: number[], q: number[]): [number[], number[], number[]] | undefined {
  const nu = Math.hypot(...p);
  if (!(nu > 0.1)) return undefined;
  const u = p.map((c) => c / nu);
  const dot = q[0] * u[0] + q[1] * u[1] + q[2] * u[2];
  const w = q.map((c, i) => c - dot * u[i]);
  const nw = Math.hypot(...w);
  if (!(nw > 0.1)) return undefined;
  const v = w.map((c) => c / nw);
  return [u, v, [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]];
}

describe('the public pair routines', () => {
  it('triangleDistance agrees with the oracle on random pairs, degenerate ones included', () => {
    const vertex = fc.tuple(arbCoord, arbCoord, arbCoord);
    fc.assert(
      fc.property(arbSoup(1), arbSoup(1), vertex, (a, b, shift) => {
        const T = new Float64Array([
          ...a.slice(0, 9),
          ...b.slice(0, 9).map((x, i) => x + 0.5 * shift[i % 3]),
        ]);
        const out = new Float64Array(7);
        const d = triangleDistance(T, 0, 9, out);
        const o = trianglePair3(T, 0, 9, new Float64Array(6));
        expect(out[6] === 1).toBe(o.intersecting);
        // coordinates are below 2 in magnitude: 1e-12 · 2
        const tol = 2 * REL;
        // The oracle's distance is realised by points of the two sets (an upper bound, up to
        // rounding), and a float region test can miss a sliver's true closest pair: firsttouch is
        // never farther, and where it is nearer its witnesses below show that the gap is real.
        expect(d).toBeLessThanOrEqual(o.distance + tol);
        expect(pointTriangleDistanceExact(out.subarray(0, 3), T, 0)).toBeLessThanOrEqual(tol);
        expect(pointTriangleDistanceExact(out.subarray(3, 6), T, 9)).toBeLessThanOrEqual(tol);
        const gap = Math.hypot(out[0] - out[3], out[1] - out[4], out[2] - out[5]);
        expect(Math.abs(gap - d)).toBeLessThanOrEqual(tol);
      }),
      { numRuns: 1000 },
    );
  });

  it('triangleDistance finds edges crossing at a small angle away from their ends', () => {
    // Found by the property above: two slivers whose long edges cross at an angle of 1e-5; the
    // closest pair is inside both edges, where the endpoint distances (2e-9 here) do not look.
    const T = new Float64Array([
      1e-9, 0, 1e-9, 1e-9, 1e-9, 1e-9, 1, 0, 0, 3.236044332476623e-9, -0.2499999995, 1e-9,
      3.236044332476623e-9, -5e-10, -1e-9, 0.0008246441726298317, 1.5000000000000002e-9, 6.999175350118413e-9,
    ]);
    const out = new Float64Array(7);
    // The exact distance of these floats is 1.4e-34 (a rational computation); a few ulps of 1.
    expect(triangleDistance(T, 0, 9, out)).toBeLessThan(1e-15);
    // Generic values (fast-check's doubles favour 0, ±1 and tiny ones, on which the arithmetic is
    // exact and nothing goes wrong).
    const unit = fc.integer({ min: -(2 ** 30), max: 2 ** 30 }).map((i) => i / 2 ** 30 + i * 1e-17);
    const v3 = fc.tuple(unit, unit, unit);
    fc.assert(
      fc.property(
        v3,
        v3,
        v3,
        fc.integer({ min: 0, max: 14 }),
        fc.tuple(unit, unit, unit, unit),
        (x, p, q, k, [l0, l1, m0, m1]) => {
          // Two segments through x along u and u + 10^-k v (v ⟂ u), reaching 0.05 to 1 either side,
          // each the long edge of a triangle whose apex leaves on its own side of their plane.
          const frame = frameOf(p, q);
          fc.pre(frame !== undefined);
          const [u, v, n] = frame;
          const e = u.map((c, i) => c + 10 ** -k * v[i]);
          const at = (d: number[], s: number) => x.map((c, i) => c + s * d[i]);
          const reach = (r: number) => 0.05 + 0.95 * Math.abs(r);
          const A = [...at(u, -reach(l0)), ...at(u, reach(l1)), ...at(n, 0.5)];
          const B = [...at(e, -reach(m0)), ...at(e, reach(m1)), ...at(n, -0.5)];
          const out7 = new Float64Array(7);
          const d = triangleDistance(new Float64Array([...A, ...B]), 0, 9, out7);
          // Both edges pass within rounding of x: the gap is rounding, under 1e-12 of the coordinates
          // (at most 3); the endpoints alone would give up to 10^-k (1e-2 to 1e-14).
          expect(d).toBeLessThanOrEqual(3 * REL);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('triangleDistance measures against needles and across them at the largest angle', () => {
    // Found by the property above: two needles (width 1e-9, length 0.35) meeting; the common point
    // from the plane of the two long edges landed 6.7e-12 off the second needle.
    const T = new Float64Array([
      1e-9, 1e-9, 0, 0, -0.25, 1e-9, 0, 0, 1e-9, -0.2499999995, 0, 0.00017047838453463344,
      1.5000000000000002e-9, -0.249999999, 5e-10, 5e-10, -0.25, 9.99659045230249e-10,
    ]);
    const out = new Float64Array(7);
    expect(triangleDistance(T, 0, 9, out)).toBe(0);
    expect(pointTriangleDistanceExact(out.subarray(0, 3), T, 0)).toBeLessThan(1e-16);
    expect(pointTriangleDistanceExact(out.subarray(3, 6), T, 9)).toBeLessThan(1e-16);
    // A point over a needle's face: the distance is the exact one to rounding (a normal from the two
    // long edges tilts by ε·length / width, 1e-8 over 0.3 here).
    // Generic values (fast-check's doubles favour 0, ±1 and tiny ones, on which the arithmetic is
    // exact and nothing goes wrong).
    const unit = fc.integer({ min: -(2 ** 30), max: 2 ** 30 }).map((i) => i / 2 ** 30 + i * 1e-17);
    const v3 = fc.tuple(unit, unit, unit);
    fc.assert(
      fc.property(v3, v3, v3, fc.integer({ min: 3, max: 12 }), unit, unit, (x, p, q, k, along, height) => {
        const frame = frameOf(p, q);
        fc.pre(frame !== undefined);
        const [u, v, n] = frame;
        const width = 10 ** -k;
        const at = (s: number, t: number, h: number) => x.map((c, i) => c + s * u[i] + t * v[i] + h * n[i]);
        const s = 0.5 + 0.4 * along;
        const Q = at(s, width / 4, 0.5 * height);
        const needle = [...at(0, 0, 0), ...at(1, 0, 0), ...at(0.5, width, 0)];
        const pair = new Float64Array([...needle, ...Q, ...Q, ...Q]);
        const d = triangleDistance(pair, 0, 9, out);
        const exact = pointTriangleDistanceExact(Q, pair, 0);
        expect(Math.abs(d - exact)).toBeLessThanOrEqual(3 * REL);
      }),
      { numRuns: 2000 },
    );
  });

  it('the orientation-only crossing test agrees with the exact oracle (random, grid and near-degenerate pairs)', () => {
    const grid = fc.integer({ min: -2, max: 2 });
    const jitter = fc.constantFrom(0, 0, 0, 1e-13, -1e-13, 1e-9);
    const gridCoord = fc.tuple(grid, jitter).map(([g, j]) => g + j);
    const unit = fc.double({ min: -1, max: 1, noNaN: true });
    const far = fc.tuple(fc.integer({ min: -4, max: 4 }), jitter).map(([g, j]) => 1e6 + 0.125 * g + j);
    const pair = fc.oneof(
      fc.array(unit, { minLength: 18, maxLength: 18 }),
      fc.array(gridCoord, { minLength: 18, maxLength: 18 }),
      fc.array(far, { minLength: 18, maxLength: 18 }),
    );
    let decided = 0;
    fc.assert(
      fc.property(pair, (xs) => {
        const T = Float64Array.from(xs);
        const r = crossing(T, 0, 9);
        if (r < 0) return; // left to the edge-by-edge test, which the oracle test above covers
        decided++;
        expect(r === 1).toBe(trianglePair3(T, 0, 9, new Float64Array(6)).intersecting);
      }),
      { numRuns: 20_000 },
    );
    expect(decided).toBeGreaterThan(10_000);
  });

  it("relativeTransform places B in A's frame, translations subtracted first", () => {
    const r = rng(107);
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    for (let k = 0; k < 100; k++) {
      const pa = offsetPose(randomPose(r, 1), k % 2 === 0 ? 0 : 1e9);
      const pb = offsetPose(randomPose(r, 1), k % 2 === 0 ? 0 : 1e9);
      relativeTransform(pa, pb, R, t);
      const mine = relativePose3(pa, pb);
      for (let i = 0; i < 9; i++) expect(Math.abs(R[i] - mine.R[i])).toBeLessThanOrEqual(1e-15);
      for (let i = 0; i < 3; i++) expect(Math.abs(t[i] - mine.t[i])).toBeLessThanOrEqual(1e-14);
    }
  });
});

describe('surfaceDistance agrees with the oracle', () => {
  it('random triangle soups (degenerate and duplicated facets included) at random poses', () => {
    let intersecting = 0;
    fc.assert(
      fc.property(arbSoup(8), arbSoup(8), arbPose(1.5), arbPose(1.5), (sa, sb, pa, pb) => {
        const a = Surface.fromTriangles(sa);
        const b = Surface.fromTriangles(sb);
        const { result } = expectSurfaceDistance(a, b, pa, pb);
        if (result.intersecting) intersecting++;
      }),
      { numRuns: 300 },
    );
    expect(intersecting).toBeGreaterThan(20);
    expect(intersecting).toBeLessThan(280);
  });

  it('grid soups at exact poses: touching, coplanar and collinear contacts are decided exactly', () => {
    let intersecting = 0;
    fc.assert(
      fc.property(arbSoup(6), arbSoup(6), arbExactPose, arbExactPose, (sa, sb, pa, pb) => {
        const a = Surface.fromTriangles(sa);
        const b = Surface.fromTriangles(sb);
        const { result } = expectSurfaceDistance(a, b, pa, pb);
        if (result.intersecting) intersecting++;
      }),
      { numRuns: 400 },
    );
    expect(intersecting).toBeGreaterThan(20);
  });

  it('subdivided spheres at random poses', () => {
    const r = rng(101);
    const a = icosphere(1, 2);
    const b = icosphere(0.5, 1);
    let intersecting = 0;
    for (let k = 0; k < 40; k++) {
      const pa = randomPose(r, 1);
      const pb = randomPose(r, 2);
      const { result } = expectSurfaceDistance(a, b, pa, pb, { label: `pose ${k}` });
      if (result.intersecting) intersecting++;
    }
    expect(intersecting).toBeGreaterThan(3);
    expect(intersecting).toBeLessThan(37);
  });

  it('other shapes: cylinder, wing, subdivided box', () => {
    const r = rng(102);
    const shapes = [cylinder(0.5, 1, 12), naca4('2412', 1, 0.5, 16), box([1, 0.5, 0.25], 2)];
    for (let k = 0; k < 30; k++) {
      const a = shapes[k % 3];
      const b = shapes[(k + 1) % 3];
      expectSurfaceDistance(a, b, randomPose(r, 0.5), randomPose(r, 1.2), { label: `pose ${k}` });
    }
  });

  it('a body wholly inside the other is not intersecting: its distance is the gap', () => {
    const r = rng(103);
    const big = icosphere(1, 2);
    const small = icosphere(0.3, 1);
    // the big sphere's facets are at least cos(largest facet angular radius) from its centre
    for (let k = 0; k < 20; k++) {
      const shift = [0.4 * (r() - 0.5), 0.4 * (r() - 0.5), 0.4 * (r() - 0.5)];
      const pb = poseFromAxisAngle([r(), r(), r() + 0.1], 6 * r(), shift);
      const { result } = expectSurfaceDistance(big, small, I, pb, { label: `pose ${k}` });
      expect(result.intersecting).toBe(false);
      const off = Math.hypot(shift[0], shift[1], shift[2]);
      expect(result.distance).toBeGreaterThan(0.9 - 0.3 - off);
      expect(result.distance).toBeLessThanOrEqual(1 - 0.25 - off);
    }
    // and the other way round: A inside B
    const { result } = expectSurfaceDistance(box(0.5), box(2), I, translation([0.25, 0, 0]));
    expect(result.intersecting).toBe(false);
    expect(result.distance).toBe(0.5);
  });

  it('coplanar touching faces: boxes face to face at distance exactly 0 intersect', () => {
    const cases: [number[], number[]][] = [
      // [rotation of B (exact), translation of B]
      [
        [1, 0, 0, 0, 1, 0, 0, 0, 1],
        [1, 0, 0],
      ], // full face contact
      [
        [1, 0, 0, 0, 1, 0, 0, 0, 1],
        [1, 0.5, 0.25],
      ], // partial face contact
      [
        [1, 0, 0, 0, 1, 0, 0, 0, 1],
        [1, 1, 0],
      ], // edge contact
      [
        [1, 0, 0, 0, 1, 0, 0, 0, 1],
        [1, 1, 1],
      ], // corner contact
      [
        [0, -1, 0, 1, 0, 0, 0, 0, 1],
        [0, 0, -1],
      ], // quarter turn, face contact
      [
        [-1, 0, 0, 0, -1, 0, 0, 0, 1],
        [0, 1, 0.75],
      ], // half turn, face contact
    ];
    for (const sub of [1, 3]) {
      for (const [R, t] of cases) {
        const { result } = expectSurfaceDistance(box(1, sub), box(1, sub), I, exactPose(R, t), {
          label: `${sub} ${t}`,
        });
        expect(result.intersecting).toBe(true);
        expect(result.distance).toBe(0);
      }
    }
    // the smallest representable gap above a face contact: apart, with that distance
    const gap = 2 ** -40;
    const { result } = expectSurfaceDistance(box(1), box(1), I, translation([1 + gap, 0.5, 0]));
    expect(result.intersecting).toBe(false);
    expect(Math.abs(result.distance - gap)).toBeLessThanOrEqual(1e-12);
  });

  it('coplanar triangles: overlapping, nested, touching at a vertex or along an edge, or just apart', () => {
    const A = Surface.fromTriangles([0, 0, 0, 4, 0, 0, 0, 4, 0]);
    const cases: [number[], boolean][] = [
      [[1, 1, 0, 2, 1, 0, 1, 2, 0], true], // nested
      [[3, -1, 0, 3, 3, 0, 5, 1, 0], true], // crossing edges
      [[4, 0, 0, 5, 0, 0, 5, 1, 0], true], // vertex on vertex
      [[2, 2, 0, 3, 3, 0, 2, 3, 0], true], // vertex on the hypotenuse
      [[0, 4, 0, 4, 0, 0, 4, 4, 0], true], // shared edge, other side
      [[2.5, 2, 0, 3, 3, 0, 2, 3, 0], false], // just beyond the hypotenuse
      [[-1, -1, 0, -2, -1, 0, -1, -2, 0], false],
    ];
    for (const [tri, meets] of cases) {
      const { result } = expectSurfaceDistance(A, Surface.fromTriangles(tri), I, I, { label: String(tri) });
      expect(result.intersecting).toBe(meets);
    }
  });

  it('thin slabs crossing, stacked and touching', () => {
    const r = rng(104);
    const slab = box([2, 2, 1e-9]);
    const plate = box([1, 1, 1e-6], 2);
    let intersecting = 0;
    for (let k = 0; k < 30; k++) {
      const { result } = expectSurfaceDistance(slab, plate, randomPose(r, 0.2), randomPose(r, 0.5), {
        label: `pose ${k}`,
      });
      if (result.intersecting) intersecting++;
    }
    expect(intersecting).toBeGreaterThan(3);
    // stacked: the plate (dyadic thickness, so every sum below is exact) above the slab by tiny gaps
    const slab2 = box([2, 2, 2 ** -30]);
    const plate2 = box([1, 1, 2 ** -20], 2);
    for (const gap of [2 ** -10, 2 ** -27, 2 ** -40, 2 ** -50, 0]) {
      const z = 2 ** -31 + 2 ** -21 + gap;
      const { result } = expectSurfaceDistance(slab2, plate2, I, translation([0.25, -0.125, z]), {
        label: `gap ${gap}`,
      });
      expect(result.intersecting).toBe(gap === 0);
      expect(result.distance).toBe(gap);
    }
  });

  it('sliver facets (two vertices 1e-16 to 1e-9 apart) crossing other facets', () => {
    // Regression (fixed): fails on the witness points (see the next test): the crossing point is off the sliver.
    const r = rng(106);
    let crossings = 0;
    for (let k = 0; k < 300; k++) {
      const A = [r(), r(), -r(), -r(), r(), r(), r() - 0.5, -r(), r() - 0.5].map((x) => x - 0.1);
      const eps = 10 ** (-16 + 7 * r());
      let B: number[];
      if (k % 2 === 0) {
        // the sliver's long edge pierces A
        const p = [r() - 0.5, r() - 0.5, 1 + r()];
        const q = [r() - 0.5, r() - 0.5, -1 - r()];
        B = [...p, p[0] + eps * (r() - 0.5), p[1] + eps * (r() - 0.5), p[2], ...q];
      } else {
        // an edge of A passes (within rounding) through the sliver, near a point m of that edge
        const s = r();
        const m = [0, 1, 2].map((i) => A[i] + s * (A[3 + i] - A[i]));
        const d = [r() - 0.5, r() - 0.5, r() - 0.5];
        const n = [r() - 0.5, r() - 0.5, r() - 0.5];
        const b0 = m.map((x, i) => x + d[i]);
        const b1 = b0.map((x, i) => x + eps * n[i]);
        const b2 = m.map((x, i) => x - 0.7 * d[i] + eps * (r() - 0.5) * n[i]);
        B = [...b0, ...b1, ...b2];
      }
      const { result } = expectSurfaceDistance(Surface.fromTriangles(A), Surface.fromTriangles(B), I, I, {
        label: `case ${k}`,
      });
      if (result.intersecting) crossings++;
    }
    expect(crossings).toBeGreaterThan(50);
  });

  it('the witness point of a sliver crossing a triangle lies on both', () => {
    const a = Surface.fromTriangles([0, 0, 0, -1, 0, 0, 0, 0, -0.5]);
    // in the plane x = −0.5, 3.9e-16 wide at its top; A's edge from (−1, 0, 0) to (0, 0, −0.5)
    // meets its long edge at (−0.5, 0, −0.25)
    const b = Surface.fromTriangles([-0.5, 0.5, 0, -0.5, 0.5, 3.885780586188048e-16, -0.5, -0.5, -0.5]);
    const r = surfaceDistance(a, b);
    expect(r.intersecting).toBe(true);
    expect(r.distance).toBe(0);
    // Regression (fixed): the reported common point is (−0.5333, 0, −0.2333): on A, but 0.033 off B's plane x = −0.5.
    // triangleDistance computes the crossing point as P + w (Q − P), w = op / (op − oq), from the
    // values of the adaptive orient3d, whose sign is exact but whose magnitude is not (its early
    // exits only guarantee the sign): for a sliver, op and oq are mostly rounding.
    expect(Math.abs(r.pointB[0] + 0.5)).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(r.pointA[0] + 0.5)).toBeLessThanOrEqual(1e-12);
  });

  it('degenerate and duplicated facets are valid: finite, correct values', () => {
    const degenerate = Surface.fromTriangles([
      // a point
      0.5, 0.5, 2, 0.5, 0.5, 2, 0.5, 0.5, 2,
      // a segment (repeated vertex)
      -1, 0, 1.5, 1, 0, 1.5, -1, 0, 1.5,
      // collinear vertices
      0, -1, 1.25, 0, 0, 1.25, 0, 1, 1.25,
    ]);
    const target = box(2); // top face at z = 1
    const { result } = expectSurfaceDistance(degenerate, target, I, I);
    expect(result.distance).toBe(0.25);
    expect(result.facetA).toBe(2);
    expect(Number.isFinite(result.pointA[0])).toBe(true);
    // only degenerate facets on both sides
    const points = Surface.fromTriangles([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const segs = Surface.fromTriangles([0, 0, 1, 0, 0, 3, 0, 0, 2, 3, 0, 0, 3, 4, 0, 3, 4, 0]);
    const r2 = expectSurfaceDistance(points, segs, I, I).result;
    expect(r2.distance).toBe(1);
    expect([r2.facetA, r2.facetB]).toEqual([0, 0]);
    // a segment facet crossing a point facet exactly
    const r3 = expectSurfaceDistance(points, segs, I, translation([0, 0, -2])).result;
    expect(r3.intersecting).toBe(true);
    // duplicated facets: the tie goes to the first copy, in A and in B
    const tri = [0, 0, 0, 1, 0, 0, 0, 1, 0];
    const dupA = Surface.fromTriangles([5, 5, 5, 6, 5, 5, 5, 6, 5, ...tri, ...tri, ...tri]);
    const dupB = Surface.fromTriangles([...tri, ...tri]);
    const r4 = expectSurfaceDistance(dupA, dupB, I, translation([0.25, 0.25, 1])).result;
    expect([r4.facetA, r4.facetB]).toEqual([1, 0]);
    expect(r4.distance).toBe(1);
    const r5 = expectSurfaceDistance(dupA, dupB, I, translation([0.25, 0.25, 0])).result;
    expect(r5.intersecting).toBe(true);
    expect([r5.facetA, r5.facetB]).toEqual([1, 0]);
  });

  it('without poses, both bodies are at the identity', () => {
    const a = icosphere(1, 1);
    const b = box(1).translate([3, 0.2, 0.1]);
    const r = surfaceDistance(a, b, { convex: false });
    checkSurface(r, a, b, I, I);
    expect(r.facetPairs).toBeGreaterThan(0);
    expect(r.facetPairs).toBeLessThanOrEqual(a.facetCount * b.facetCount + 1);
    expect(r.volumePairs).toBeGreaterThan(0);
    // Both convex: by default the hulls answer, with no tree descent and the same result.
    const c = surfaceDistance(a, b);
    checkSurface(c, a, b, I, I);
    expect(c.volumePairs).toBe(0);
    expect([c.distance, c.facetA, c.facetB]).toEqual([r.distance, r.facetA, r.facetB]);
    expect(() => surfaceDistance(a, b, { convex: 1 as unknown as boolean })).toThrow(
      /convex must be a boolean/,
    );
  });
});

describe('maxDistance', () => {
  it('beyond iff the gap exceeds maxDistance; otherwise the result is unchanged, bit for bit', () => {
    let beyond = 0;
    let within = 0;
    fc.assert(
      fc.property(
        arbSoup(6),
        arbSoup(6),
        arbPose(2),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (sa, sb, pb, f) => {
          const a = Surface.fromTriangles(sa);
          const b = Surface.fromTriangles(sb);
          const full = surfaceDistance(a, b, { poseB: pb });
          const o = surfaceOracle(soupOf(a), soupOf(b), I, pb, (s) => REL * s);
          const tol = REL * o.scale;
          for (const maxDistance of [f * full.distance, full.distance, 0, Number.POSITIVE_INFINITY]) {
            const r = surfaceDistance(a, b, { poseB: pb, maxDistance });
            expect(r.beyond).toBe(full.distance > maxDistance);
            if (o.distance > maxDistance + tol) expect(r.beyond).toBe(true);
            if (o.distance < maxDistance - tol) expect(r.beyond).toBe(false);
            if (!r.beyond) {
              within++;
              expect(Object.is(r.distance, full.distance)).toBe(true);
              expect([r.facetA, r.facetB]).toEqual([full.facetA, full.facetB]);
              expect(r.intersecting).toBe(full.intersecting);
              expect(Array.from(r.pointA)).toEqual(Array.from(full.pointA));
              expect(Array.from(r.pointB)).toEqual(Array.from(full.pointB));
            } else {
              beyond++;
              // at least maxDistance (that it is also a lower bound of the gap: the next tests)
              expect(r.distance).toBeGreaterThanOrEqual(maxDistance);
              expect([r.facetA, r.facetB]).toEqual([-1, -1]);
              expect(Array.from(r.pointA).every(Number.isNaN)).toBe(true);
              expect(Array.from(r.pointB).every(Number.isNaN)).toBe(true);
              expect(r.intersecting).toBe(false);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
    expect(beyond).toBeGreaterThan(50);
    expect(within).toBeGreaterThan(50);
  });

  it('beyond reports a certified lower bound of the gap', () => {
    // Regression (fixed): see the next test: the reported bound can exceed the gap.
    fc.assert(
      fc.property(
        arbSoup(6),
        arbSoup(6),
        arbPose(2),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (sa, sb, pb, f) => {
          const a = Surface.fromTriangles(sa);
          const b = Surface.fromTriangles(sb);
          const o = surfaceOracle(soupOf(a), soupOf(b), I, pb, (s) => REL * s);
          const maxDistance = f * o.distance;
          const r = surfaceDistance(a, b, { poseB: pb, maxDistance });
          if (r.beyond) expect(r.distance).toBeLessThanOrEqual(o.distance + REL * o.scale);
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  });

  it('beyond reports a lower bound of the gap, also when no cheap bound separates the facets', () => {
    // A point facet at the origin and a segment facet along x + y = 1 (gap 1/√2 ≈ 0.7071): the
    // boxes overlap in projection and the centroid axis does not separate them, so the one pair is
    // evaluated exactly (0.7071 > maxDistance 0.5) and nothing is pruned.
    const a = Surface.fromTriangles([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const b = Surface.fromTriangles([2, -1, 0, -1, 2, 0, -1, 2, 0]);
    const full = surfaceDistance(a, b);
    expect(full.distance).toBeCloseTo(Math.SQRT1_2, 15);
    const r = surfaceDistance(a, b, { maxDistance: 0.5 });
    expect(r.beyond).toBe(true);
    // Regression (fixed): SurfacePair.evaluate reports `max(maxDistance, lowestPruned − margin)` as the bound, but a
    // pair evaluated exactly whose distance exceeds maxDistance never lowers `lowestPruned`: here
    // nothing was pruned, so distance = +Infinity, not a lower bound of the gap 0.7071 (the contract:
    // "distance is then a lower bound ≥ maxDistance"). Also: facet [0,0,0, 0,0,0, 0,0,0] against
    // [0,0,-0.25, 0,-0.25,0, 0,-0.25,0], identity poses, maxDistance 0.1118 → Infinity (gap 0.1768);
    // the property above, seed 7: A [1e-9,1e-9,0, 0,1e-9,1e-9, 0,1e-9,1e-9], B [0,0,0, 1e-9,0,1e-9,
    // 0,1e-9,0] moved by (1e-9, 1e-9, 1e-9), maxDistance 0.756 · gap → Infinity (gap 7.07e-10). When
    // some other pair is pruned the bound is finite but can still exceed the gap (by 5e-13 in one
    // case seen: a pair evaluated at 1.5000e-9 > maxDistance, another pruned at 1.5006e-9).
    expect(r.distance).toBeGreaterThanOrEqual(0.5);
    expect(r.distance).toBeLessThanOrEqual(full.distance);
    // and a pair of proper triangles whose boxes touch at (1, 1, 0), 1/√2 apart
    const ta = Surface.fromTriangles([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    const tb = Surface.fromTriangles([1, 1, 0, 2, 1, 0, 1, 2, 0]);
    const r2 = surfaceDistance(ta, tb, { maxDistance: 0.5 });
    expect(r2.beyond).toBe(true);
    expect(r2.distance).toBeGreaterThanOrEqual(0.5);
    expect(r2.distance).toBeLessThanOrEqual(Math.SQRT1_2);
  });

  it('maxDistance equal to the distance, and 0 with touching bodies, are not beyond', () => {
    const a = box(1);
    const b = box(1);
    const touching = surfaceDistance(a, b, { poseB: translation([1, 0, 0]), maxDistance: 0 });
    expect(touching.beyond).toBe(false);
    expect(touching.intersecting).toBe(true);
    const apart = surfaceDistance(a, b, { poseB: translation([3, 0, 0]) });
    expect(apart.distance).toBe(2);
    const exact = surfaceDistance(a, b, { poseB: translation([3, 0, 0]), maxDistance: 2 });
    expect(exact.beyond).toBe(false);
    expect(exact.distance).toBe(2);
    const below = surfaceDistance(a, b, { poseB: translation([3, 0, 0]), maxDistance: 1.999 });
    expect(below.beyond).toBe(true);
    expect(below.distance).toBeGreaterThanOrEqual(1.999);
    expect(below.distance).toBeLessThanOrEqual(2);
  });
});

describe('hint and repeated queries', () => {
  it('a hint does not change the result', () => {
    fc.assert(
      fc.property(arbSoup(8), arbSoup(8), arbPose(1.5), fc.nat(), fc.nat(), (sa, sb, pb, i, j) => {
        const a = Surface.fromTriangles(sa);
        const b = Surface.fromTriangles(sb);
        const plain = surfaceDistance(a, b, { poseB: pb });
        const hint: [number, number] = [i % a.facetCount, j % b.facetCount];
        const hinted = surfaceDistance(a, b, { poseB: pb, hint });
        expect(Object.is(hinted.distance, plain.distance)).toBe(true);
        expect([hinted.facetA, hinted.facetB]).toEqual([plain.facetA, plain.facetB]);
        expect(hinted.intersecting).toBe(plain.intersecting);
        expect(Array.from(hinted.pointA)).toEqual(Array.from(plain.pointA));
        expect(Array.from(hinted.pointB)).toEqual(Array.from(plain.pointB));
        // with the closest pair itself as the hint
        const again = surfaceDistance(a, b, { poseB: pb, hint: [plain.facetA, plain.facetB] });
        expect(Object.is(again.distance, plain.distance)).toBe(true);
        expect([again.facetA, again.facetB]).toEqual([plain.facetA, plain.facetB]);
      }),
      { numRuns: 200 },
    );
  });

  it('SurfacePair.evaluate along a motion equals fresh surfaceDistance queries', () => {
    const r = rng(105);
    const a = icosphere(1, 2);
    const b = box([0.5, 0.3, 0.2], 2);
    const pair = new SurfacePair(a, b);
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    for (let k = 0; k < 60; k++) {
      const pa = randomPose(r, 0.2);
      const pb = poseFromAxisAngle([1, 2, 3], 0.05 * k, [
        1.6 * Math.cos(0.1 * k),
        1.2 * Math.sin(0.1 * k),
        0.1 * k - 3,
      ]);
      relativeTransform(pa, pb, R, t);
      const d = pair.evaluate(R, t);
      const fresh = surfaceDistance(a, b, { poseA: pa, poseB: pb });
      expect(Object.is(d, fresh.distance)).toBe(true);
      expect(Object.is(pair.distance, fresh.distance)).toBe(true);
      expect([pair.facetA, pair.facetB]).toEqual([fresh.facetA, fresh.facetB]);
      expect(pair.intersecting).toBe(fresh.intersecting);
      expect(pair.beyond).toBe(false);
    }
  });
});

describe('far from the origin', () => {
  // Both poses moved by the same offset. Translations are multiples of 2^-30, so adding 1e4 or 1e6
  // is exact: the relative placement is the same as at the origin, and so must be the distance and
  // the pair, bit for bit (the library subtracts the translations before rotating). World points
  // carry the offset's rounding: 8 ulps of the offset (1.5e-11 at 1e4, 9.3e-10 at 1e6) on top of
  // the 1e-12 of the size; distances none.
  const shapes: [Surface, Surface][] = [
    [icosphere(1, 2), box([0.6, 0.4, 0.2], 2)],
    [box([2, 2, 1e-6]), icosphere(0.3, 1)],
  ];
  for (const offset of [1e4, 1e6]) {
    it(`at offset ${offset}: same result as at the origin, and the oracle agrees`, () => {
      const r = rng(offset);
      for (let k = 0; k < 40; k++) {
        const [a, b] = shapes[k % 2];
        const p0 = randomPose(r, 0.3);
        const q0 = randomPose(r, 1.5);
        const pa = { R: p0.R, t: p0.t.map(quantize) };
        const pb = { R: q0.R, t: q0.t.map(quantize) };
        const near = surfaceDistance(a, b, { poseA: pa, poseB: pb });
        const fa = offsetPose(pa, offset);
        const fb = offsetPose(pb, offset);
        expect(fa.t[0] - offset).toBe(pa.t[0]);
        const far = surfaceDistance(a, b, { poseA: fa, poseB: fb });
        expect(Object.is(far.distance, near.distance)).toBe(true);
        expect([far.facetA, far.facetB]).toEqual([near.facetA, near.facetB]);
        expect(far.intersecting).toBe(near.intersecting);
        const worldTol = 8 * ulp(offset);
        for (let i = 0; i < 3; i++) {
          expect(Math.abs(far.pointA[i] - (near.pointA[i] + offset))).toBeLessThanOrEqual(worldTol);
          expect(Math.abs(far.pointB[i] - (near.pointB[i] + offset))).toBeLessThanOrEqual(worldTol);
        }
        checkSurface(far, a, b, fa, fb, { worldTol, allPairs: k < 10, label: `pose ${k}` });
      }
    });

    it(`at offset ${offset}: random unquantized poses against the oracle`, () => {
      fc.assert(
        fc.property(arbSoup(6), arbSoup(6), arbPose(1), arbPose(1), (sa, sb, p, q) => {
          const a = Surface.fromTriangles(sa);
          const b = Surface.fromTriangles(sb);
          const fa = offsetPose(p, offset);
          const fb = offsetPose(q, offset);
          const r = surfaceDistance(a, b, { poseA: fa, poseB: fb });
          checkSurface(r, a, b, fa, fb, { worldTol: 8 * ulp(offset) });
        }),
        { numRuns: 100 },
      );
    });
  }
});

describe('tiny coordinates (below ~1e-100, subnormals included)', () => {
  it('contact stays exact: a collinear facet and a point off its plane do not intersect', () => {
    // Facet: three exactly collinear points in the plane x = 0 (z coordinates are subnormal:
    // −10, −1, 8 units of 2^-1074); the point is 2^-33 off that plane.
    const a = Surface.fromTriangles([0, -0.25, -5e-323, 0, 0, -5e-324, 0, 0.25, 4e-323]);
    const x = -(2 ** -33);
    const b = Surface.fromTriangles([x, 0, 0, x, 0, 0, x, 0, 0]);
    const r = surfaceDistance(a, b);
    // Regression (fixed): surfaceDistance says intersecting, distance 0 (the gap is 2^-33 ≈ 1.16e-10). The adaptive
    // predicates of robust-predicates (orient2d/orient3d) assume that no product underflows; with
    // subnormal coordinates they are not exact, so "touching or crossing never flips with rounding"
    // does not hold there. Found by the property below at offset 1e6 (relative translation −2^-33).
    // Worse: a point facet at the origin and a facet 0.25 above it whose third vertex is off the
    // line of the other two by one subnormal: reported intersecting, distance 0 (gap 0.25).
    const point = Surface.fromTriangles([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const sliver = Surface.fromTriangles([0, 0, 0.25, 0.375, 0, 0.25, 0.75, 5e-324, 0.25]);
    const r2 = surfaceDistance(point, sliver);
    expect({ intersecting: r.intersecting, distance: r.distance }).toEqual({
      intersecting: false,
      distance: 2 ** -33,
    });
    expect({ intersecting: r2.intersecting, distance: r2.distance }).toEqual({
      intersecting: false,
      distance: 0.25,
    });
  });

  it('a hint or maxDistance does not change the result (thin facet of height 1.3e-162)', () => {
    // Facet 0: (0, h, 0), (−1, 0, 0), (1, 0, 0) with h = 1.315e-162, in the plane z = 0; facet 1: a
    // point at (0, 0, −0.02). B: a point 0.2 above the origin. The gap is 0.2 (facet 0).
    const h = (Math.sqrt(1.4) * Math.sqrt(Number.MIN_VALUE)) / 2;
    const a = Surface.fromTriangles([0, h, 0, -1, 0, 0, 1, 0, 0, 0, 0, -0.02, 0, 0, -0.02, 0, 0, -0.02]);
    const b = Surface.fromTriangles([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const poseB = translation([0, 0, 0.2]);
    const plain = surfaceDistance(a, b, { poseB });
    expect(plain.distance).toBe(0.2);
    expect([plain.facetA, plain.facetB]).toEqual([0, 0]);
    // Regression (fixed): with hint [1, 0] the result is 0.22 and pair (1, 0); with maxDistance 0.21 it is
    // beyond (0.22) although the gap 0.2 is below. The cheap separating-axis bound of the traversal
    // (triangleGapBound) divides by √(n·n) for facet 0's normal n = (0, 0, 2h): n·n = 4h² =
    // 1.4 · 2^-1074 rounds (underflows) to 2^-1074, so the "bound" is 0.2 · √1.4 ≈ 0.237 > 0.22 and
    // prunes the closest pair once a seed (the hint, or maxDistance) is below 0.237.
    const hinted = surfaceDistance(a, b, { poseB, hint: [1, 0] });
    expect(hinted.distance).toBe(0.2);
    expect([hinted.facetA, hinted.facetB]).toEqual([0, 0]);
    const bounded = surfaceDistance(a, b, { poseB, maxDistance: 0.21 });
    expect(bounded.beyond).toBe(false);
    expect(bounded.distance).toBe(0.2);
  });

  it('facets a subnormal off collinear or off a plane, along another: the witness lies on both', () => {
    // Found by fast-check at a fresh seed (the property below): B's facet is the segment from
    // (0.25, −0.25, 0) to (−0.75, 0, 1) through A's vertex (−0.25, −0.125, 0.5), off the line by a
    // subnormal z (5e-324), and lies in A's plane. The exact signs say A's edge from (0, 0, 0.25) to
    // that vertex crosses B's plane; its float distances to the plane are equal (both 0), and the
    // crossing point was taken halfway, (−0.125, −0.0625, 0.375): 0.09 off B's facet.
    const a = Surface.fromTriangles([
      0, 0, 0.25, -0.75, 0.25, 1, -0.25, -0.125, 0.5, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    const b = Surface.fromTriangles([
      0.25, 0.75, 5e-324, 0.125, 0.25, 0.5, 0, -0.25, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    const poseB = { R: Float64Array.from([0, 1, 0, -1, 0, 0, 0, 0, 1]), t: Float64Array.from([-0.5, 0, 0]) };
    expectSurfaceDistance(a, b, I, poseB);
    const r = surfaceDistance(a, b, { poseB });
    expect(r.intersecting).toBe(true);
    expect(Array.from(r.pointB)).toEqual([-0.25, -0.125, 0.5]);
    // The same property at another seed: B's facet is a segment lying in A's plane, which one
    // subnormal coordinate tilts; the float distances of its ends to that plane were 0 and an ulp,
    // and the crossing point came out at an end 0.70 off A's facet.
    const c = Surface.fromTriangles([
      -1, 0.25, 0.25, -0.75, -0.5, 5e-324, 0.75, -1, -0.5, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    const d = Surface.fromTriangles([0, -1, 0, 0, 0, -0.25, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const poseD = {
      R: Float64Array.from([-1, 0, 0, 0, -1, 0, 0, 0, 1]),
      t: Float64Array.from([-0.5, -0.25, 0.25]),
    };
    expectSurfaceDistance(c, d, I, poseD);
  });

  it('random soups with tiny and subnormal coordinates against the oracle', () => {
    // Regression (fixed): fails through the bugs above (inexact predicates under underflow; gap bound of a facet
    // whose normal's square underflows). Kept apart from the general properties so that those keep
    // testing everything else. The seed is one whose 300 runs meet the predicate bug (shrunk: a
    // point facet at the origin against the facet (0, 0, .25), (.375, 0, .25), (.75, 5e-324, .25):
    // intersecting); the bug is common enough that most seeds do.
    fc.assert(
      fc.property(arbSoup(6, arbTinyCoord), arbSoup(6, arbTinyCoord), arbExactPose, (sa, sb, pb) => {
        const a = Surface.fromTriangles(sa);
        const b = Surface.fromTriangles(sb);
        expectSurfaceDistance(a, b, I, pb);
        const hinted = surfaceDistance(a, b, { poseB: pb, hint: [a.facetCount - 1, b.facetCount - 1] });
        const plain = surfaceDistance(a, b, { poseB: pb });
        expect(Object.is(hinted.distance, plain.distance)).toBe(true);
        expect([hinted.facetA, hinted.facetB]).toEqual([plain.facetA, plain.facetB]);
      }),
      { numRuns: 300, seed: 4 },
    );
  });
});

describe('a sliver the float oracle once misjudged', () => {
  it('the segment against a thin triangle found by fast-check: the oracle and firsttouch agree', () => {
    // A degenerate triangle (a segment of length 1e-9) and a sliver 3.7e-7 wide and 0.5 long. The
    // oracle's face test used to be barycentric weights made of differences of dot products, which
    // cancel on a sliver: it missed the closest pair and reported 2.6986e-11. It now projects along
    // the normal; firsttouch's witnesses lie on both sets and are 2.4986e-11 apart.
    const a = [0, 0, 0, 1e-9, 0, 0, 0, 0, 0];
    const b = [0, 0.25, 1e-9, 3.7017703112224636e-7, -0.25, 0, 0, 0, 1e-9];
    const shift = [-3.496784774727703e-7, -7.572831929696114e-9, -1e-9];
    const T = new Float64Array([...a, ...b.map((x, i) => x + 0.5 * shift[i % 3])]);
    const out = new Float64Array(7);
    const d = triangleDistance(T, 0, 9, out);
    const o = trianglePair3(T, 0, 9, new Float64Array(6));
    expect(Math.abs(d - o.distance)).toBeLessThanOrEqual(1e-20);
    expect(d).toBeCloseTo(2.4986e-11, 14);
    expect(pointTriangleDistanceExact(out.subarray(0, 3), T, 0)).toBeLessThanOrEqual(1e-20);
    expect(pointTriangleDistanceExact(out.subarray(3, 6), T, 9)).toBeLessThanOrEqual(1e-20);
    expect(Math.hypot(out[0] - out[3], out[1] - out[4], out[2] - out[5])).toBeCloseTo(d, 20);
  });
});
