// Faults an adversarial probe found (each test fails on the code before its fix): coordinates
// crafted to flood the weld's hash table (60 000 points took 5.5 s, 120 000 took 24 s); the
// surface–shape and curve–shape pairs answered a contact at 0 for bodies far apart beyond 2^±200
// (the other pairs refuse there), and a NaN in a rotation gave a contact; pairs evaluated without
// bodies threw raw TypeErrors; a vertex no facet uses, past the range once scaled, made a valid
// `surfaceDistance` throw; `distinctPoints` took any argument.

import { ball, ball2 } from '@firsttouch/convex';
import { FirstTouchError } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import {
  box,
  CompoundPair,
  CompoundPair2,
  Curve,
  CurvePair,
  CurveShapePair,
  disc,
  distinctPointIndex,
  distinctPoints,
  Surface,
  SurfacePair,
  SurfaceShapePair,
  surfaceDistance,
} from '../src/index.js';

/** The code of what `f` throws (a FirstTouchError's), or the class name of anything else. */
function thrown(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return e instanceof FirstTouchError ? e.code : `raw ${(e as Error).constructor.name}`;
  }
  return 'nothing';
}

/**
 * n points on a 1e-3 grid (z = 1.5 + a few ulps), the low word of each z chosen so that every point
 * hashes to one FNV-1a value: the table's slots fill in one run.
 */
function flooding(n: number): Float64Array {
  const P = 0x01000193;
  let inv = 1;
  for (let i = 0; i < 6; i++) inv = Math.imul(inv, 2 - Math.imul(P, inv));
  const pts = new Float64Array(3 * n);
  const w = new Uint32Array(pts.buffer);
  for (let i = 0; i < n; i++) {
    pts[3 * i] = (i % 1000) * 1e-3;
    pts[3 * i + 1] = Math.floor(i / 1000) * 1e-3;
    pts[3 * i + 2] = 1.5;
    let h = 0x811c9dc5;
    for (let k = 0; k < 4; k++) h = Math.imul(h ^ w[6 * i + k], P);
    w[6 * i + 4] = (Math.imul(Math.imul(0x12345678, inv) ^ w[6 * i + 5], inv) ^ h) >>> 0;
  }
  return pts;
}

/** distinctPointIndex by a Map of each point's bits (the oracle). */
function indexByMap(xyz: Float64Array, dim: number): number[] {
  const seen = new Map<string, number>();
  const words = new Uint32Array(new Float64Array(xyz).buffer);
  const out: number[] = [];
  for (let i = 0; i < xyz.length / dim; i++) {
    const key = Array.from(words.subarray(2 * dim * i, 2 * dim * (i + 1))).join(',');
    if (!seen.has(key)) seen.set(key, seen.size);
    out.push(seen.get(key) as number);
  }
  return out;
}

const I3 = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);

describe('faults found by an adversarial probe', () => {
  it('welds points crafted to flood its hash table in O(n log n), with the answer of the table', () => {
    // 120 000 such points took 24 s (37 s here while the suite ran); about 0.3 s now. A hang guard,
    // not a measure of speed: 5 s, many times what it takes.
    const flood = flooding(120_000);
    const s = Surface.fromTriangles(flood);
    const t0 = performance.now();
    expect(s.distinctVertices().length).toBe(flood.length);
    expect(s.components().length).toBe(40_000);
    expect(performance.now() - t0).toBeLessThan(5000);
    // the flooded points with repeats, and a −0 among them: first appearance and bits as the oracle
    const some = flooding(3000);
    const mixed = new Float64Array(3 * 9000);
    for (let k = 0; k < 9000; k++) {
      const i = (k * 7919) % 3000;
      mixed.set(some.subarray(3 * i, 3 * i + 3), 3 * k);
    }
    mixed[3 * 17] = -0;
    expect(Array.from(distinctPointIndex(mixed, 3))).toEqual(indexByMap(mixed, 3));
    const d = distinctPoints(mixed, 3);
    expect(d.length / 3).toBe(new Set(indexByMap(mixed, 3)).size);
  });

  it('refuses what the shape pairs cannot measure: beyond 2^±200, a NaN in the rotation, no bodies', () => {
    for (const s of [1e80, 1e100, 1e-150]) {
      const S = Surface.fromTriangles([0, 0, 0, 1, 0, 0, 0, 1, 0].map((x) => x * s));
      const pair = new SurfaceShapePair(S, ball(0.5 * s));
      // (the answer was a contact at 0: the bodies lie 0.5 s apart)
      expect(thrown(() => pair.evaluate(I3, new Float64Array([0.2 * s, 0.2 * s, s])))).toBe('INVALID_POSE');
      const C = Curve.fromPolyline([0, s], [0, 0]);
      const pair2 = new CurveShapePair(C, ball2(0.25 * s));
      expect(thrown(() => pair2.evaluate(1, 0, 0.5 * s, s))).toBe('INVALID_POSE');
    }
    const ok = new SurfaceShapePair(box(1), ball(0.5));
    expect(ok.evaluate(I3, new Float64Array([2, 0, 0]))).toBeCloseTo(1, 12);
    const nan = new Float64Array([Number.NaN, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(thrown(() => ok.evaluate(nan, new Float64Array([2, 0, 0])))).toBe('INVALID_POSE');
    // a NaN in R answered 0, intersecting, for boxes 2 apart
    expect(thrown(() => new SurfacePair(box(1), box(1)).evaluate(nan, new Float64Array([3, 0, 0])))).toBe(
      'INVALID_POSE',
    );
    expect(thrown(() => new CurvePair(disc(1, 8), disc(1, 8)).evaluate(Number.NaN, 0, 3, 0))).toBe(
      'INVALID_POSE',
    );
    expect(thrown(() => new SurfaceShapePair().evaluate(I3, new Float64Array(3)))).toBe('INVALID_OPTION');
    expect(thrown(() => new CurveShapePair().evaluate(1, 0, 0, 0))).toBe('INVALID_OPTION');
    expect(thrown(() => new CompoundPair().evaluate(I3, new Float64Array(3)))).toBe('INVALID_OPTION');
    expect(thrown(() => new CompoundPair2().evaluate(1, 0, 0, 0))).toBe('INVALID_OPTION');
    const unbound = new SurfacePair(box(1), box(1));
    unbound.unbind();
    expect(thrown(() => unbound.evaluate(I3, new Float64Array([3, 0, 0])))).toBe('INVALID_OPTION');
  });

  it('measures a surface with a vertex no facet uses that leaves the range once scaled', () => {
    const tiny = box(1e-200, 1);
    const S = Surface.fromIndexed([...tiny.positions, 1e300, 0, 0], tiny.indices);
    const poseB = { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [2e-200, 0, 0] };
    const d = surfaceDistance(S, S, { poseB });
    expect(d.distance).toBe(surfaceDistance(tiny, tiny, { poseB }).distance);
    expect(d.distance).toBeCloseTo(1e-200, 210);
  });

  it('reads a detached array as empty (set from it threw a raw TypeError)', () => {
    const gone = () => {
      const a = new Float64Array(9);
      structuredClone(a.buffer, { transfer: [a.buffer] });
      return a;
    };
    expect(Surface.fromTriangles(gone()).facetCount).toBe(0);
    expect(Surface.fromIndexed(gone(), new Uint32Array(0)).facetCount).toBe(0);
  });

  it('refuses bad arguments to distinctPoints and distinctPointIndex by name', () => {
    for (const f of [distinctPoints, distinctPointIndex]) {
      expect(thrown(() => f(new Float64Array(6), 0 as never))).toBe('INVALID_OPTION');
      expect(thrown(() => f(new Float64Array(6), 4 as never))).toBe('INVALID_OPTION');
      expect(thrown(() => f([1, 2, 3] as never, 3))).toBe('INVALID_OPTION');
      expect(thrown(() => f(null as never, 3))).toBe('INVALID_OPTION');
      expect(thrown(() => f(new Float64Array(7), 3))).toBe('BAD_LENGTH');
      expect(thrown(() => f(new Float64Array(6), 3))).toBe('nothing');
    }
  });
});
