import { ball, ball2 } from '@firsttouch/convex';
import { identityPose, pose2 } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import {
  CompoundPair,
  CompoundPair2,
  Curve,
  CurvePair,
  compound,
  compound2,
  curveDistance,
  Surface,
  SurfacePair,
  surfaceDistance,
  triangleDistance,
} from '../src/index.js';

// Regression (fixed): the facet and segment distances take fourth powers of coordinates, which
// overflow past about 2^250 and underflow below about 2^-260; the pair queries (which, unlike
// surfaceDistance and curveDistance, do not take their bodies to unit size) answered 1.06 to 5 times
// the gap there, as "certified lower bounds". They now refuse placements outside [2^-200, 2^200].

const unitA = [-1, -0.94, -0.68, -0.22, 0.78, -0.62, 0.81, -0.35, -0.43];
const unitB = [1.14, -0.43, 1, 0.73, 0.47, -0.98, 1.58, 0.87, -0.35];
const I = identityPose();

describe('the pair queries outside the range where facet and segment distances are sound', () => {
  it('triangleDistance is exact within 2^±200 (scaled copies give the unit answer scaled)', () => {
    const out = new Float64Array(7);
    const unit = triangleDistance(new Float64Array([...unitA, ...unitB]), 0, 9, out);
    for (const e of [-200, -128, 128, 200]) {
      const s = 2 ** e;
      expect(triangleDistance(new Float64Array([...unitA, ...unitB].map((x) => x * s)), 0, 9, out)).toBe(
        unit * s,
      );
    }
  });

  it('SurfacePair and CompoundPair: the unit answer within range, INVALID_POSE outside', () => {
    for (const s of [1, 1e-55, 1e55, 1e-100, 1e100, 1e-300]) {
      const A = Surface.fromTriangles(unitA.map((x) => x * s));
      const B = Surface.fromTriangles(unitB.map((x) => x * s));
      const exact = surfaceDistance(A, B).distance;
      const pair = new SurfacePair(A, B);
      const parts = new CompoundPair(compound([{ body: A, pose: I }]), B);
      if (s >= 1e-55 && s <= 1e55) {
        expect(pair.evaluate(I.R, I.t)).toBe(exact);
        expect(pair.evaluateMoved(I.R, I.t, Number.POSITIVE_INFINITY)).toBe(exact);
        expect(parts.evaluate(I.R, I.t)).toBe(exact);
      } else {
        for (const f of [
          () => pair.evaluate(I.R, I.t),
          () => pair.evaluateMoved(I.R, I.t, 0),
          () => pair.evaluateFacets(I.R, I.t, 0, 0),
          () => parts.evaluate(I.R, I.t),
        ])
          expect(f).toThrow(
            expect.objectContaining({ code: 'INVALID_POSE', message: expect.stringMatching(/unit size/) }),
          );
      }
    }
    // a placement far out, of bodies at unit size
    const pair = new SurfacePair(Surface.fromTriangles(unitA), Surface.fromTriangles(unitB));
    expect(() => pair.evaluate(I.R, new Float64Array([1e70, 0, 0]))).toThrow(
      expect.objectContaining({ code: 'INVALID_POSE' }),
    );
  });

  it('CurvePair and CompoundPair2: the unit answer within range, INVALID_POSE outside', () => {
    for (const s of [1, 1e55, 1e78, 1e-78]) {
      const u: number[] = [];
      const v: number[] = [];
      for (let i = 0; i < 32; i++) {
        u.push(s * Math.cos((Math.PI * i) / 16));
        v.push(s * Math.sin((Math.PI * i) / 16));
      }
      const A = Curve.fromLoops(u, v, [32]);
      const exact = curveDistance(A, A, { poseB: pose2(0, [3 * s, 0]) }).distance;
      const pair = new CurvePair(A, A);
      const parts = new CompoundPair2(compound2([{ body: A, pose: pose2() }]), A);
      if (s >= 1e-55 && s <= 1e55) {
        expect(pair.evaluate(1, 0, 3 * s, 0)).toBe(exact);
        expect(parts.evaluate(1, 0, 3 * s, 0)).toBe(exact);
      } else {
        expect(() => pair.evaluate(1, 0, 3 * s, 0)).toThrow(
          expect.objectContaining({ code: 'INVALID_POSE' }),
        );
        expect(() => pair.evaluateMoved(1, 0, 3 * s, 0, 0)).toThrow(
          expect.objectContaining({ code: 'INVALID_POSE' }),
        );
        expect(() => parts.evaluate(1, 0, 3 * s, 0)).toThrow(
          expect.objectContaining({ code: 'INVALID_POSE' }),
        );
      }
    }
    // discs alone (GJK) keep the wider range of squares
    expect(new CompoundPair2(ball2(1), ball2(1)).evaluate(1, 0, 1e150, 0)).toBe(1e150 - 2);
  });

  it('CompoundPair and CompoundPair2 refuse a placement that is not finite, naming R or t (a probe: a NaN rotation answered 0)', () => {
    const shapes = new CompoundPair(compound([{ body: ball(0.5), pose: I }]), ball(0.5));
    const surfaces = new CompoundPair(
      compound([{ body: Surface.fromTriangles(unitA), pose: I }]),
      Surface.fromTriangles(unitB),
    );
    const nanR = Float64Array.from(I.R, (x, k) => (k === 4 ? Number.NaN : x));
    for (const pair of [shapes, surfaces]) {
      expect(() => pair.evaluate(nanR, new Float64Array([10, 0, 0]))).toThrow(
        /CompoundPair\.evaluate: R must hold finite numbers/,
      );
      for (const bad of [Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(() => pair.evaluate(I.R as Float64Array, new Float64Array([bad, 0, 0]))).toThrow(
          /CompoundPair\.evaluate: t must hold finite numbers/,
        );
      }
      expect(pair.evaluate(I.R as Float64Array, new Float64Array([10, 0, 0]))).toBeGreaterThan(8);
    }
    const shapes2 = new CompoundPair2(compound2([{ body: ball2(0.5), pose: pose2() }]), ball2(0.5));
    expect(() => shapes2.evaluate(Number.NaN, 0, 10, 0)).toThrow(
      /CompoundPair2\.evaluate: the rotation's cosine and sine must be finite numbers/,
    );
    expect(() => shapes2.evaluate(1, 0, Number.NaN, 0)).toThrow(
      /CompoundPair2\.evaluate: the translation must be finite/,
    );
    expect(shapes2.evaluate(1, 0, 10, 0)).toBe(9);
  });
});
