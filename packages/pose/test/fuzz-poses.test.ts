// Hostile input into every pose constructor and validator of @firsttouch/pose (the reliability
// issue's "hostile input" section): numbers of every kind (NaN, ±Infinity, −0, subnormals, the
// largest doubles), strings, booleans, null, symbols, bigints, holes, typed arrays of every kind,
// array-likes, nested arrays and plain objects. What must hold, 10⁴ cases each:
//   - nothing but a FirstTouchError is ever thrown, with the documented code;
//   - every call returns or throws within a bounded time (a hang guard, not a performance test);
//   - what a validator accepts is what an independent check in this file accepts;
//   - what a constructor returns is a valid pose;
//   - a valid call right after a hostile one gives the same bits as before (no state leaks: the
//     axis-angle code keeps a module-level scratch quaternion).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertFiniteNumber,
  assertFiniteVector,
  assertPose2,
  assertPose3,
  describeValue,
  FirstTouchError,
  identityPose,
  interpolatePose,
  interpolatePose2,
  motionBound2,
  motionBound3,
  pose2,
  poseFromAxisAngle,
  poseFromQuaternion,
  quaternionOfPose,
  RigidMotion,
  RigidMotion2,
  wrapAngle,
} from '../src/index.js';

const RUNS = 10_000;
/** Hang guard: a call that takes longer than this fails the test. Generous: it is not a timing test. */
const HANG_MS = 2000;
const TIMEOUT = 120_000;

// ---------------------------------------------------------------------------------------------
// Running a call

type Outcome<T> = { ok: true; value: T } | { ok: false; error: FirstTouchError };

/**
 * Runs `f` under the contract: returns its value, or the FirstTouchError it threw; anything else
 * thrown (TypeError, RangeError ...) propagates and fails the property, and so does a call slower
 * than the hang guard.
 */
function run<T>(f: () => T): Outcome<T> {
  const t0 = performance.now();
  let out: Outcome<T>;
  try {
    out = { ok: true, value: f() };
  } catch (e) {
    if (!(e instanceof FirstTouchError)) throw e;
    out = { ok: false, error: e };
  }
  const ms = performance.now() - t0;
  if (ms > HANG_MS) throw new Error(`a call took ${ms.toFixed(0)} ms (hang guard ${HANG_MS} ms)`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The valid neighbour: computed once before any hostile input, then after every hostile call.

const P0 = poseFromAxisAngle([1, 2, 3], 0.7, [1, -2, 3]);
const P1 = poseFromAxisAngle([0, -1, 2], 2.9, [4, 5, -6]);
const HALF = poseFromAxisAngle([0, 0, 1], Math.PI, [0, 0, 0]);
const VERTS = [0.5, -0.25, 1, -1, 0, 0.5, 0.1, 0.2, -0.3];

function neighbour(): number[] {
  const m = new RigidMotion(P0, P1);
  const p = m.poseAt(0.37);
  const h = new RigidMotion(P0, HALF);
  const m2 = new RigidMotion2(pose2(3, [1, 2]), pose2(-3, [-1, 0.5]));
  const q = m2.poseAt(0.61);
  return [
    ...p.R,
    ...p.t,
    m.theta,
    ...m.axis,
    h.theta,
    ...h.axis,
    ...quaternionOfPose(P1),
    motionBound3(P0, P1, VERTS),
    ...poseFromQuaternion([0.1, -0.2, 0.3, 0.9], [1, 2, 3]).R,
    m2.theta,
    q.angle,
    ...q.t,
    motionBound2(pose2(0), pose2(2, [1, 1]), [1, 0, 0, 2]),
  ];
}

const BASELINE = neighbour();

function sameAsBaseline(): void {
  const now = neighbour();
  for (let i = 0; i < BASELINE.length; i++) {
    if (!Object.is(now[i], BASELINE[i])) {
      throw new Error(`a valid call after a hostile one changed: entry ${i} ${now[i]} != ${BASELINE[i]}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const specialNumbers = fc.constantFrom(
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  0,
  5e-324,
  -5e-324,
  2.2250738585072014e-308,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.EPSILON,
  1e-300,
  1e300,
  1e17,
  -1e17,
  2 ** 53,
  Math.PI,
  -Math.PI,
  1,
  -1,
);
const anyNumber = fc.oneof(
  fc.double(),
  specialNumbers,
  fc.integer(),
  fc.double({ min: -10, max: 10, noNaN: true }),
);
const smallFinite = fc.double({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true });

/** Values that are not numbers at all, including the ones a careless coercion would turn into one. */
const notANumber = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('1', '', ' 2 ', '0x10', 'NaN', 'Infinity', '1e3'),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
  fc.constant(Symbol('hostile')),
  fc.constant({}),
  fc.constant([]),
  fc.constant([1]),
  fc.constant(() => 1),
  fc.constant(new Date(0)),
  fc.constant(Object.create(null)),
  fc.constant({ valueOf: () => 1 }),
  fc.constant(new Map()),
);
const anyScalar = fc.oneof({ weight: 4, arbitrary: anyNumber }, { weight: 1, arbitrary: notANumber });

/** The numbers of `a` in one of the typed-array kinds (BigInt64Array and DataView included). */
function typed(a: number[], kind: number): unknown {
  switch (kind % 8) {
    case 0:
      return Float64Array.from(a);
    case 1:
      return Float32Array.from(a);
    case 2:
      return Int32Array.from(a);
    case 3:
      return Uint8Array.from(a);
    case 4:
      return Uint8ClampedArray.from(a);
    case 5:
      return Int16Array.from(a);
    case 6:
      return BigInt64Array.from(a, (x) => (Number.isFinite(x) ? BigInt(Math.trunc(x)) : 0n));
    default:
      return new DataView(Float64Array.from(a).buffer);
  }
}

/** Something in the place of a vector of `n` numbers. */
function vectorArb(n: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.array(anyNumber, { minLength: n, maxLength: n }),
    fc.array(smallFinite, { minLength: n, maxLength: n }),
    fc
      .constantFrom(n, n, 0, Math.max(0, n - 1), n + 1, 2 * n)
      .chain((k) => fc.array(anyScalar, { minLength: k, maxLength: k })),
    fc.sparseArray(anyNumber, { maxLength: n + 1 }),
    fc
      .tuple(fc.array(anyNumber, { minLength: n, maxLength: n }), fc.nat())
      .map(([a, kind]) => typed(a, kind)),
    fc
      .array(anyNumber, { minLength: n, maxLength: n })
      .map((a) => ({ ...Object.fromEntries(a.entries()), length: n })),
    fc.array(fc.array(anyNumber, { maxLength: 3 }), { minLength: n, maxLength: n }),
    fc.string({ minLength: n, maxLength: n }),
    anyScalar,
  );
}

// Rotations, near-rotations and reflections, built here (Rodrigues), for the validators.
function rodrigues(k: readonly number[], angle: number): number[] {
  const n = Math.hypot(k[0], k[1], k[2]);
  const [x, y, z] = [k[0] / n, k[1] / n, k[2] / n];
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const C = 1 - c;
  return [
    c + x * x * C,
    x * y * C - z * s,
    x * z * C + y * s,
    y * x * C + z * s,
    c + y * y * C,
    y * z * C - x * s,
    z * x * C - y * s,
    z * y * C + x * s,
    c + z * z * C,
  ];
}
const axisArb = fc
  .tuple(smallFinite, smallFinite, smallFinite)
  .filter((k) => Math.hypot(k[0], k[1], k[2]) > 1e-3);
const rotationArb = fc.tuple(axisArb, smallFinite).map(([k, a]) => rodrigues(k, a));
const matrixArb = fc.oneof(
  rotationArb,
  // one entry moved by x·10⁻ᵏ: on both sides of the 1e-9 orthonormality tolerance
  fc
    .tuple(
      rotationArb,
      fc.nat(8),
      fc.integer({ min: 4, max: 16 }),
      fc.double({ min: -1, max: 1, noNaN: true }),
    )
    .map(([R, i, k, x]) => R.map((r, j) => (j === i ? r + x * 10 ** -k : r))),
  rotationArb.map((R) => R.map((r) => -r)), // a reflection: det −1
  fc.tuple(rotationArb, fc.constantFrom(2, 0.5, -1e-3, 1e200)).map(([R, f]) => R.map((r) => r * f)),
  vectorArb(9),
);
const pose3Arb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ R: matrixArb, t: fc.oneof(vectorArb(3), fc.constant([0, 0, 0])) }) },
  { weight: 1, arbitrary: fc.record({ R: matrixArb }) },
  { weight: 1, arbitrary: fc.record({ t: vectorArb(3) }) },
  { weight: 1, arbitrary: anyScalar },
);
const pose2Arb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ angle: anyScalar, t: vectorArb(2) }) },
  {
    weight: 2,
    arbitrary: fc.record({ angle: smallFinite, t: fc.array(smallFinite, { minLength: 2, maxLength: 2 }) }),
  },
  { weight: 1, arbitrary: fc.record({ angle: anyScalar }) },
  { weight: 1, arbitrary: anyScalar },
);

// ---------------------------------------------------------------------------------------------
// Independent checks

/** Arrays and typed arrays other than DataView: what the package calls array-like. */
function arrayLike(v: unknown): v is ArrayLike<unknown> {
  return Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView));
}

/** True when `v` is an array-like of exactly `n` finite numbers (typeof number, not coerced). */
function finiteVector(v: unknown, n: number): v is ArrayLike<number> {
  if (!arrayLike(v) || v.length !== n) return false;
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) return false;
  }
  return true;
}

/** The largest entry of R Rᵀ − I, and the determinant, computed here. */
function orthonormality(R: ArrayLike<number>): { err: number; det: number } {
  let err = 0;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const d = R[3 * i] * R[3 * j] + R[3 * i + 1] * R[3 * j + 1] + R[3 * i + 2] * R[3 * j + 2];
      const e = Math.abs(d - (i === j ? 1 : 0));
      err = Number.isNaN(e) ? Number.POSITIVE_INFINITY : Math.max(err, e);
    }
  }
  const det =
    R[0] * (R[4] * R[8] - R[5] * R[7]) -
    R[1] * (R[3] * R[8] - R[5] * R[6]) +
    R[2] * (R[3] * R[7] - R[4] * R[6]);
  return { err, det };
}

/** Whether assertPose3 must accept (true), must reject (false), or may do either (near 1e-9). */
function expectedPose3(p: unknown): boolean | 'either' {
  if (typeof p !== 'object' || p === null) return false;
  const { R, t } = p as { R?: unknown; t?: unknown };
  if (!finiteVector(R, 9) || !finiteVector(t, 3)) return false;
  const { err, det } = orthonormality(R);
  if (err > 1.01e-9 || det < 0) return false;
  if (err < 0.99e-9 && det > 0) return true;
  return 'either';
}

function expectValidRotation(R: ArrayLike<number>, slack = 1e-12): void {
  expect(R.length).toBe(9);
  const { err, det } = orthonormality(R);
  expect(err).toBeLessThanOrEqual(slack);
  expect(det).toBeGreaterThan(0);
}

// ---------------------------------------------------------------------------------------------

describe('constructors: only FirstTouchError, and what they build is a pose', () => {
  it('poseFromAxisAngle(axis, angle, t)', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(vectorArb(3), anyScalar, fc.option(vectorArb(3), { nil: undefined }), (axis, angle, t) => {
        const r = run(() =>
          poseFromAxisAngle(axis as ArrayLike<number>, angle as number, t as ArrayLike<number> | undefined),
        );
        if (r.ok) {
          // accepted only with finite inputs; the translation is kept as given
          expect(finiteVector(axis, 3) && typeof angle === 'number' && Number.isFinite(angle)).toBe(true);
          const tt = t === undefined ? [0, 0, 0] : (t as ArrayLike<number>);
          expect(Array.from(r.value.t)).toEqual(Array.from(tt, Number));
          for (const x of r.value.R) expect(Number.isFinite(x)).toBe(true);
        } else {
          expect(r.error.code).toBe('INVALID_POSE');
        }
        sameAsBaseline();
      }),
      { numRuns: RUNS },
    );
  });

  it('poseFromQuaternion(q, t)', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(vectorArb(4), fc.option(vectorArb(3), { nil: undefined }), (q, t) => {
        const r = run(() => poseFromQuaternion(q as ArrayLike<number>, t as ArrayLike<number> | undefined));
        if (r.ok) {
          expect(finiteVector(q, 4)).toBe(true);
          for (const x of r.value.R) expect(Number.isFinite(x)).toBe(true);
        } else {
          expect(r.error.code).toBe('INVALID_POSE');
        }
        sameAsBaseline();
      }),
      { numRuns: RUNS },
    );
  });

  it('pose2(angle, t) and identityPose()', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(
        fc.option(anyScalar, { nil: undefined }),
        fc.option(vectorArb(2), { nil: undefined }),
        (a, t) => {
          const r = run(() => pose2(a as number | undefined, t as ArrayLike<number> | undefined));
          if (r.ok) {
            expect(() => assertPose2(r.value, 'q')).not.toThrow();
            expect(Object.is(r.value.angle, a ?? 0)).toBe(true);
          } else {
            expect(r.error.code).toBe('INVALID_POSE');
          }
          const id = run(() => identityPose());
          expect(id.ok).toBe(true);
          if (id.ok) assertPose3(id.value, 'identity');
          sameAsBaseline();
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('rotations from well-scaled axes and quaternions are valid poses', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(axisArb, smallFinite, fc.array(smallFinite, { minLength: 4, maxLength: 4 }), (k, a, q) => {
        expectValidRotation(poseFromAxisAngle(k, a).R);
        if (Math.hypot(...q) > 1e-3) expectValidRotation(poseFromQuaternion(q).R);
      }),
      { numRuns: RUNS },
    );
  });

  // Regression (fixed): poseFromAxisAngle and poseFromQuaternion normalise with Math.hypot, whose result is
  // rounded to the subnormal grid when the components are subnormal: hypot(5e-324, 5e-324) is
  // 5e-324, so the "unit" axis comes out as (1, 1, 0) and R is not a rotation (|R Rᵀ − I| = 0.92).
  // The constructors accept the axis (finite, non-zero) and return a pose that assertPose3 — and so
  // every entry point — then rejects. Reproduction:
  //   assertPose3(poseFromAxisAngle([5e-324, 5e-324, 0], 1), 'p') // INVALID_POSE: not orthonormal
  //   assertPose3(poseFromQuaternion([5e-324, 5e-324, 0, 0]), 'p') // INVALID_POSE: |R Rᵀ − I| = 8
  // Fix: scale by the largest |component| before hypot.
  it('BUG: every finite non-zero axis, however small, gives a rotation', { timeout: TIMEOUT }, () => {
    const tiny = fc.oneof(
      fc.constantFrom(0, 5e-324, -5e-324, 1e-320, 3e-310),
      fc.double({ min: -1e-300, max: 1e-300 }),
    );
    fc.assert(
      fc.property(fc.tuple(tiny, tiny, tiny), smallFinite, (k, a) => {
        fc.pre(Math.abs(k[0]) + Math.abs(k[1]) + Math.abs(k[2]) > 0);
        expectValidRotation(poseFromAxisAngle(k, a).R, 1e-9);
      }),
      { numRuns: 2000, examples: [[[5e-324, 5e-324, 0], 1]] },
    );
  });

  // Regression (fixed): the same with quaternions, at both ends of the range. Subnormal components give a matrix
  // that is not a rotation (above), and components near the largest double overflow hypot, so a
  // finite, non-zero quaternion is rejected as "must be non-zero":
  //   poseFromQuaternion([1e308, 1e308, 1e308, 1e308]) // INVALID_POSE: quaternion must be non-zero
  it('BUG: every finite non-zero quaternion gives a rotation', { timeout: TIMEOUT }, () => {
    const component = fc.oneof(
      fc.constantFrom(0, 5e-324, 1e-320, 1e308, -1e308, Number.MAX_VALUE),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(fc.array(component, { minLength: 4, maxLength: 4 }), (q) => {
        fc.pre(q.some((x) => x !== 0));
        expectValidRotation(poseFromQuaternion(q).R, 1e-9);
      }),
      {
        numRuns: 2000,
        examples: [[[1e308, 1e308, 1e308, 1e308]], [[5e-324, 5e-324, 0, 0]]],
      },
    );
  });
});

describe('validators agree with an independent check', () => {
  it('assertPose3 accepts exactly the proper rotations within 1e-9 with a finite t', {
    timeout: TIMEOUT,
  }, () => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(pose3Arb, (p) => {
        const r = run(() => assertPose3(p, 'hostile.pose'));
        const want = expectedPose3(p);
        if (want !== 'either') expect(r.ok).toBe(want);
        if (r.ok) accepted++;
        else {
          rejected++;
          expect(r.error.code).toBe('INVALID_POSE');
          expect(r.error.message).toContain('hostile.pose');
        }
        sameAsBaseline();
      }),
      { numRuns: RUNS },
    );
    // both sides of the boundary were exercised
    expect(accepted).toBeGreaterThan(RUNS / 20);
    expect(rejected).toBeGreaterThan(RUNS / 20);
  });

  it('assertPose2 accepts exactly a finite angle and two finite numbers', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(pose2Arb, (p) => {
        const r = run(() => assertPose2(p, 'hostile.q'));
        const want =
          typeof p === 'object' &&
          p !== null &&
          typeof (p as { angle?: unknown }).angle === 'number' &&
          Number.isFinite((p as { angle: number }).angle) &&
          finiteVector((p as { t?: unknown }).t, 2);
        expect(r.ok).toBe(want);
        if (!r.ok) {
          expect(r.error.code).toBe('INVALID_POSE');
          expect(r.error.message).toContain('hostile.q');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('assertFiniteVector and assertFiniteNumber', { timeout: TIMEOUT }, () => {
    const codes = fc.constantFrom(undefined, 'NON_FINITE', 'INVALID_POSE', 'INVALID_OPTION') as fc.Arbitrary<
      'NON_FINITE' | 'INVALID_POSE' | 'INVALID_OPTION' | undefined
    >;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9 }).chain((n) => fc.tuple(fc.constant(n), vectorArb(n))),
        anyScalar,
        codes,
        ([n, v], x, code) => {
          const r = run(() => assertFiniteVector(v, n, 'v', code));
          expect(r.ok).toBe(finiteVector(v, n));
          if (!r.ok) {
            const wrongLength = arrayLike(v) && v.length !== n;
            const c = code ?? 'NON_FINITE';
            expect(r.error.code).toBe(wrongLength && c === 'NON_FINITE' ? 'BAD_LENGTH' : c);
          }
          const s = run(() => assertFiniteNumber(x, 'x', code));
          expect(s.ok).toBe(typeof x === 'number' && Number.isFinite(x));
          if (!s.ok) expect(s.error.code).toBe(code ?? 'NON_FINITE');
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('motions: only FirstTouchError, and a constructed motion is well formed', () => {
  it('RigidMotion(p0, p1): θ ∈ [0, π], exact ends, rotations along the way', { timeout: TIMEOUT }, () => {
    const anyPose = fc.oneof(
      pose3Arb,
      fc
        .tuple(axisArb, smallFinite, fc.array(smallFinite, { minLength: 3, maxLength: 3 }))
        .map(([k, a, t]) => ({
          R: rodrigues(k, a),
          t,
        })),
      fc.constant({ R: Array.from(HALF.R), t: [0, 0, 0] }),
    );
    fc.assert(
      fc.property(anyPose, anyPose, fc.double({ min: 0, max: 1, noNaN: true }), (p0, p1, s) => {
        const r = run(() => new RigidMotion(p0 as never, p1 as never, 'm'));
        if (!r.ok) {
          expect(r.error.code).toBe('INVALID_POSE');
          // refused: an invalid pose, or two valid ones whose translation over the step overflows
          const valid = expectedPose3(p0) === true && expectedPose3(p1) === true;
          const t0 = valid ? (p0 as { t: number[] }).t : [0, 0, 0];
          const t1 = valid ? (p1 as { t: number[] }).t : [0, 0, 0];
          const overflow = !Number.isFinite(Math.hypot(t1[0] - t0[0], t1[1] - t0[1], t1[2] - t0[2]));
          expect(valid && !overflow).toBe(false);
        } else {
          const m = r.value;
          expect(m.theta).toBeGreaterThanOrEqual(0);
          expect(m.theta).toBeLessThanOrEqual(Math.PI);
          // (below 1e-300 the axis of a turn is rounding noise: its norm comes from subnormal hypot)
          if (m.theta > 1e-300)
            expect(Math.abs(Math.hypot(m.axis[0], m.axis[1], m.axis[2]) - 1)).toBeLessThan(1e-12);
          const a = m.poseAt(0);
          const b = m.poseAt(1);
          expect(Array.from(a.R)).toEqual(Array.from((p0 as { R: ArrayLike<number> }).R, Number));
          expect(Array.from(b.t)).toEqual(Array.from((p1 as { t: ArrayLike<number> }).t, Number));
          expectValidRotation(m.poseAt(s).R, 1e-8);
          // (a translation difference that overflows is the bug further down)
          if (Number.isFinite(m.translationLength)) {
            const mu = m.bound(VERTS);
            expect(Number.isFinite(mu) && mu >= 0).toBe(true);
          }
        }
        sameAsBaseline();
      }),
      { numRuns: RUNS },
    );
  });

  it('RigidMotion2(q0, q1) and interpolatePose2 / interpolatePose with a hostile s', {
    timeout: TIMEOUT,
  }, () => {
    fc.assert(
      fc.property(pose2Arb, pose2Arb, anyScalar, (q0, q1, s) => {
        const r = run(() => new RigidMotion2(q0 as never, q1 as never, 'm2'));
        if (r.ok) {
          const m = r.value;
          expect(Object.is(m.poseAt(0).angle, (q0 as { angle: number }).angle)).toBe(true);
          expect(Object.is(m.poseAt(1).angle, (q1 as { angle: number }).angle)).toBe(true);
        } else {
          expect(r.error.code).toBe('INVALID_POSE');
        }
        const i2 = run(() => interpolatePose2(pose2(0.5, [1, 2]), pose2(-2, [0, 0]), s as number));
        const i3 = run(() => interpolatePose(P0, P1, s as number));
        const finiteS = typeof s === 'number' && Number.isFinite(s);
        // a non-finite s is refused; a finite one is accepted unless the pose it gives overflows
        if (!finiteS) expect(i2.ok).toBe(false);
        if (!finiteS) expect(i3.ok).toBe(false);
        if (!i2.ok) expect(i2.error.code).toBe('NON_FINITE');
        if (!i3.ok) expect(i3.error.code).toBe('NON_FINITE');
        if (finiteS && (s as number) >= 0 && (s as number) <= 1 && i3.ok)
          expectValidRotation(i3.value.R, 1e-12);
        sameAsBaseline();
      }),
      { numRuns: RUNS },
    );
  });

  it('motionBound3 / motionBound2 with finite vertices: at least |Δ| + |θ| ρ of every vertex', {
    timeout: TIMEOUT,
  }, () => {
    fc.assert(
      fc.property(
        fc.tuple(axisArb, smallFinite, fc.array(smallFinite, { minLength: 3, maxLength: 3 })),
        fc.tuple(axisArb, smallFinite, fc.array(smallFinite, { minLength: 3, maxLength: 3 })),
        fc.array(smallFinite, { minLength: 3, maxLength: 30 }),
        ([k0, a0, t0], [k1, a1, t1], xyz) => {
          const p0 = { R: rodrigues(k0, a0), t: t0 };
          const p1 = { R: rodrigues(k1, a1), t: t1 };
          const m = new RigidMotion(p0, p1);
          const mu = motionBound3(p0, p1, xyz);
          const d = Math.hypot(t1[0] - t0[0], t1[1] - t0[1], t1[2] - t0[2]);
          for (let i = 0; i + 2 < xyz.length; i += 3) {
            // ρ: distance of R0 x from the axis through the body origin
            const R = p0.R;
            const w = [0, 1, 2].map(
              (r) => R[3 * r] * xyz[i] + R[3 * r + 1] * xyz[i + 1] + R[3 * r + 2] * xyz[i + 2],
            );
            const k = m.axis;
            const rho = Math.hypot(
              k[1] * w[2] - k[2] * w[1],
              k[2] * w[0] - k[0] * w[2],
              k[0] * w[1] - k[1] * w[0],
            );
            // slack: the rounding of the axis, relative to the vertex's distance from the origin
            const slack = 1e-12 * (d + m.theta * Math.hypot(w[0], w[1], w[2])) + 1e-300;
            expect(mu).toBeGreaterThanOrEqual(d + m.theta * rho - slack);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('bugs found by this fuzzing', () => {
  // Regression (fixed): wrapAngle promises (−π, π] but computes `a − 2π·round(a / 2π)` in floating point, which
  // for |a| ≳ 1e16 leaves a remainder of many turns: wrapAngle(1.465352957595019e23) is
  // 16777209.7, wrapAngle(-227084340076529440) is −25.7. RigidMotion2 uses it for θ, so a 2-D step
  // between two valid poses gets a turn outside (−π, π] (or 0 for angles ±1e17, below), and its
  // speed bound is then wrong. Fix: reduce with an exact remainder, or take θ from
  // atan2(sin(a1 − a0), cos(a1 − a0)) computed from the sines and cosines of a0 and a1.
  it('BUG: wrapAngle(a) ∈ (−π, π] and turns by a whole number of turns, for every finite a', {
    timeout: TIMEOUT,
  }, () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (a) => {
        const w = wrapAngle(a);
        expect(w > -Math.PI && w <= Math.PI).toBe(true);
      }),
      { numRuns: RUNS, examples: [[1.465352957595019e23], [-227084340076529440]] },
    );
    // and the turn of a step between two valid 2-D poses: ±Number.MAX_VALUE overflow a1 − a0 to
    // ∓Infinity, θ becomes NaN, and timeOfImpact2 then fails with a message about μ, not the pose
    const finite = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE),
    );
    fc.assert(
      fc.property(finite, finite, (a0, a1) => {
        const theta = new RigidMotion2(pose2(a0), pose2(a1)).theta;
        expect(theta > -Math.PI && theta <= Math.PI).toBe(true);
      }),
      { numRuns: RUNS, examples: [[Number.MAX_VALUE, -Number.MAX_VALUE]] },
    );
  });

  // Regression (fixed): with θ from wrapAngle (above) a 2-D step between valid poses jumps at s = 1: poseAt(1) is
  // q1 exactly, poseAt(1 − ε) is not near it. Reproduction: m = new RigidMotion2(pose2(0),
  // pose2(-2e17)); m.theta is 0 (wrapAngle(-2e17) is 0, but −2e17 rad is not a whole number of
  // turns), so μ is 0 and the body does not turn on [0, 1), yet at s = 1 it stands turned: a unit
  // vertex jumps by 0.93. timeOfImpact2 then evaluates s = 1 only and cannot see the turn. The
  // interpolation a0 + s·θ adds its own rounding of a0 for |a0| ≳ 1e16 (pose2(1e17) → pose2(-1e17)
  // jumps by 1.5). Fix: θ as above, and compose rot(a0)·rot(sθ) as the specification writes it.
  it('BUG: the 2-D motion ends where q1 is, for every pair of finite angles', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), smallFinite, (a0, turn) => {
        const a1 = a0 + turn;
        const m = new RigidMotion2(pose2(a0), pose2(a1));
        const delta = 1e-9;
        const q = m.poseAt(1 - delta);
        const jump = Math.hypot(Math.cos(q.angle) - Math.cos(a1), Math.sin(q.angle) - Math.sin(a1));
        // a unit vertex moves at most |θ| δ over the last δ of the step (plus rounding)
        expect(jump).toBeLessThanOrEqual(Math.PI * delta + 1e-9);
      }),
      {
        numRuns: RUNS,
        examples: [
          [0, -2e17],
          [1e17, -2e17],
        ],
      },
    );
  });

  // Regression (fixed): motionBound3 / motionBound2 do not validate the vertex array. A NaN vertex is skipped (its
  // ρ is NaN and `NaN > best` is false), an infinite one too, so the bound silently ignores it:
  //   motionBound3(identityPose(), poseFromAxisAngle([0, 0, 1], 1), [Infinity, 0, 0]) // 0
  //   motionBound3(identityPose(), poseFromAxisAngle([0, 0, 1], 1), [NaN, 0, 0, 5, 0, 0]) // 5
  // a string or an object gives 0, and null throws a TypeError:
  //   motionBound3(identityPose(), poseFromAxisAngle([0, 0, 1], 1), null) // TypeError
  // Expected: a FirstTouchError (NON_FINITE / BAD_LENGTH), as every other entry point does.
  it('BUG: motionBound3 / motionBound2 reject hostile vertex arrays', { timeout: TIMEOUT }, () => {
    const I = { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] };
    const Z = poseFromAxisAngle([0, 0, 1], 1);
    fc.assert(
      fc.property(vectorArb(6), (xyz) => {
        const r3 = run(() => motionBound3(I, Z, xyz as ArrayLike<number>));
        if (r3.ok) expect(finiteVector(xyz, (xyz as ArrayLike<unknown>).length)).toBe(true);
        const r2 = run(() => motionBound2(pose2(0), pose2(1), xyz as ArrayLike<number>));
        if (r2.ok) expect(finiteVector(xyz, (xyz as ArrayLike<unknown>).length)).toBe(true);
      }),
      {
        numRuns: RUNS,
        examples: [[[Number.POSITIVE_INFINITY, 0, 0]], [[Number.NaN, 0, 0, 5, 0, 0]], [null], ['abcdef']],
      },
    );
  });

  // Regression (fixed): RigidMotion / RigidMotion2 accept two valid poses whose translations are so far apart that
  // t1 − t0 (or its length) overflows: Δ or |Δ| is Infinity, the speed bound is Infinity, and poseAt
  // returns infinite translations; nothing is thrown. Downstream, timeOfImpact then fails with
  // "mu must be a finite number ≥ 0, got Infinity" (INVALID_OPTION), which names neither the motion
  // nor the pose. Reproduction:
  //   new RigidMotion(identityPose(), poseFromAxisAngle([0, 0, 1], 0, [-1.7e308, -1.7e308, 0])).bound([1, 0, 0])
  //     // Infinity (|Δ| overflows; the poses along the way are finite)
  //   new RigidMotion(poseFromAxisAngle([0, 0, 1], 0, [1e308, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [-1e308, 0, 0]))
  //     .poseAt(0.5).t // [-Infinity, 0, 0] (Δ itself overflows)
  // Expected: INVALID_POSE naming the motion (its translation does not fit in a double), or a
  // motion that stays finite.
  it('BUG: a motion between two valid poses has a finite speed bound and finite poses', {
    timeout: TIMEOUT,
  }, () => {
    const big = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE, 1e308, -1e308),
    );
    fc.assert(
      fc.property(
        fc.tuple(big, big, big),
        fc.tuple(big, big, big),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (t0, t1, s) => {
          const r = run(
            () => new RigidMotion(poseFromAxisAngle([0, 0, 1], 0, t0), poseFromAxisAngle([0, 0, 1], 0.5, t1)),
          );
          if (r.ok) {
            expect(Number.isFinite(r.value.bound([1, 0, 0]))).toBe(true);
            for (const x of r.value.poseAt(s).t) expect(Number.isFinite(x)).toBe(true);
          }
          const r2 = run(() => new RigidMotion2(pose2(0, [t0[0], t0[1]]), pose2(0.5, [t1[0], t1[1]])));
          if (r2.ok) {
            expect(Number.isFinite(r2.value.bound([1, 0]))).toBe(true);
            for (const x of r2.value.poseAt(s).t) expect(Number.isFinite(x)).toBe(true);
          }
        },
      ),
      {
        numRuns: RUNS,
        examples: [
          [[0, 0, 0], [-1.7e308, -1.7e308, 0], 0.5],
          [[1e308, 0, 0], [-1e308, 0, 0], 0.5],
        ],
      },
    );
  });

  // Regression (fixed): interpolatePose / interpolatePose2 check that s is finite, but a finite s far outside
  // [0, 1] overflows: interpolatePose(p0, p1, 1e308) returns a pose with NaN rotation entries and
  // an infinite translation instead of a FirstTouchError.
  it('BUG: interpolatePose never returns a non-finite pose for a finite s', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (s) => {
        const r = run(() => interpolatePose(P0, P1, s));
        if (r.ok) for (const x of [...r.value.R, ...r.value.t]) expect(Number.isFinite(x)).toBe(true);
      }),
      { numRuns: RUNS, examples: [[1e308]] },
    );
  });

  // Regression (fixed): describeValue (used in every validation message) reads value.constructor.name for typed
  // arrays, so a typed array whose prototype is null (or whose `constructor` is shadowed) throws a
  // TypeError from inside a validator instead of the FirstTouchError:
  //   const v = new Float64Array(2); Object.setPrototypeOf(v, null);
  //   poseFromAxisAngle([v, 0, 1], 1) // TypeError: Cannot read properties of undefined (reading 'name')
  it('BUG: exotic objects in a vector give a FirstTouchError, not a TypeError', () => {
    const orphan = new Float64Array(2);
    Object.setPrototypeOf(orphan, null);
    const shadowed = new Float32Array(3);
    Object.defineProperty(shadowed, 'constructor', { value: undefined });
    for (const v of [orphan, shadowed]) {
      expect(() => describeValue(v)).not.toThrow();
      expect(() => poseFromAxisAngle([v as unknown as number, 0, 1], 1)).toThrow(FirstTouchError);
      expect(() => assertPose2({ angle: v, t: [0, 0] }, 'q')).toThrow(FirstTouchError);
    }
  });

  // Regression (fixed): a DataView has no length, and was described as "DataView of length undefined".
  it('describes a DataView by its size in bytes, with or without its prototype', () => {
    const view = new DataView(new ArrayBuffer(16), 4);
    expect(describeValue(view)).toBe('a DataView of 12 bytes');
    Object.setPrototypeOf(view, null);
    expect(describeValue(view)).toBe('a DataView of 12 bytes');
    expect(describeValue(new Float64Array(3))).toBe('Float64Array of length 3');
    expect(() => poseFromAxisAngle([0, 0, 1], 1, new DataView(new ArrayBuffer(24)) as never)).toThrow(
      /DataView of 24 bytes/,
    );
  });

  // Regressions (fixed; an adversarial probe): a typed array without its prototype read "a typed
  // array of length undefined", a subclass's name of 10⁷ characters was printed whole, and a revoked
  // proxy threw a raw TypeError out of the message itself.
  it('describes typed arrays by their kind and length whatever their prototype, and a revoked proxy', () => {
    const bare = new Float64Array(3);
    Object.setPrototypeOf(bare, null);
    expect(describeValue(bare)).toBe('Float64Array of length 3');
    class Long extends Float32Array {}
    Object.defineProperty(Long, 'name', { value: 'x'.repeat(1e6) });
    expect(describeValue(new Long(2))).toBe('Float32Array of length 2');
    const r = Proxy.revocable({}, {});
    r.revoke();
    expect(describeValue(r.proxy)).toBe('a value that cannot be read (a revoked proxy?)');
  });
});
