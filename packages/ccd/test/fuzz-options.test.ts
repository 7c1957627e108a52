// Hostile options, motions and bodies into timeOfImpact, timeOfImpact2 and conservativeAdvance (the
// reliability issue's "hostile input" section). The bodies are tiny (a triangle against a
// tetrahedron, a triangle loop against a segment), so that each valid call is fast. 10⁴ cases each:
//   - nothing but a FirstTouchError is ever thrown, with a documented code (INVALID_OPTION,
//     INVALID_POSE, EMPTY; NON_FINITE for evaluators and overflowing motions);
//   - every call returns or throws within a bounded time (a hang guard, not a performance test);
//   - invalid options are refused exactly when an independent check here says they are invalid;
//   - every result is well formed: a known status, toi in [0, 1] (never past the horizon), at most
//     maxIterations steps, the gap and the statuses consistent with the tolerance used;
//   - a valid query right after a hostile one gives the same bits as before (the bodies and their
//     trees are shared with the hostile calls).
// A valid maxIterations is the caller's budget of distance queries, so it is drawn up to 2000 here:
// with a tolerance below the rounding of the distance (the README's "do not ask for one") a query
// may run to any cap it is given.

import { box, Curve, Surface } from '@firsttouch/mesh';
import { FirstTouchError, identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CcdStatus,
  conservativeAdvance,
  DEFAULT_MAX_ITERATIONS,
  type DistanceEvaluator,
  timeOfImpact,
  timeOfImpact2,
} from '../src/index.js';

const RUNS = 10_000;
const HANG_MS = 2000;
const TIMEOUT = 240_000;

type Outcome<T> = { ok: true; value: T } | { ok: false; error: FirstTouchError };

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

/** A plain check, cheaper than expect() inside 10⁴-run properties. */
function assert(cond: boolean, what: string): void {
  if (!cond) throw new Error(`expected ${what}`);
}

// ---------------------------------------------------------------------------------------------
// Tiny bodies, and the valid neighbour

const TRIANGLE = Surface.fromTriangles([0, 0, 0, 1, 0, 0, 0, 1, 0]);
const TETRA = Surface.fromIndexed(
  [0, 0, 0, 0.3, 0, 0, 0, 0.3, 0, 0, 0, 0.3],
  [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3],
);
const LOOP = Curve.fromLoops([0, 1, 0], [0, 0, 1], [3]);
const STICK = Curve.fromPolyline([-0.1, 0.1], [0, 0]);
const EMPTY_SURFACE = Surface.fromTriangles([]);

const NEIGHBOUR_MOTION = {
  a: [poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 0.3, [0.1, 0, 0])],
  b: [poseFromAxisAngle([1, 1, 0], 0, [0.3, 0.3, 1]), poseFromAxisAngle([1, 1, 0], 2, [0.2, 0.2, -1])],
} as const;

function neighbour(): number[] {
  const r = timeOfImpact(TRIANGLE, TETRA, NEIGHBOUR_MOTION);
  const q = timeOfImpact2(LOOP, STICK, {
    a: [pose2(), pose2()],
    b: [pose2(0, [0.3, 1]), pose2(2, [0.3, -1])],
  });
  return [
    r.toi,
    r.distance,
    r.iterations,
    r.facetA,
    r.facetB,
    ...r.pointA,
    q.toi,
    q.distance,
    q.iterations,
    q.segmentA,
  ];
}
const BASELINE = neighbour();
function sameAsBaseline(): void {
  const now = neighbour();
  for (let i = 0; i < BASELINE.length; i++) {
    if (!Object.is(now[i], BASELINE[i]))
      throw new Error(`a valid query changed after a hostile one (entry ${i})`);
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
  1e-300,
  1e-12,
  1e-6,
  0.5,
  1,
  2,
  1e300,
  Number.MAX_VALUE,
  -1,
  1.5,
  2 ** 31,
);
const anyNumber = fc.oneof(fc.double(), specialNumbers);
// (objects without a prototype are left to the last describe: they are a bug of their own there)
const notANumber = fc.constantFrom<unknown>(
  '1',
  '',
  'auto',
  'true',
  null,
  true,
  false,
  {},
  [],
  [1],
  () => 1,
  Symbol('s'),
  3n,
  new Date(0),
);
const anyValue = fc.oneof({ weight: 3, arbitrary: anyNumber }, { weight: 1, arbitrary: notANumber });

const toleranceArb = fc.oneof(
  fc.constant(undefined),
  anyValue,
  fc.double({ min: 1e-9, max: 0.5, noNaN: true }),
);
const maxIterationsArb = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(1, 2, 3, 7, 1000, 2000), // valid
  fc.constantFrom<unknown>(0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, -0.5, '10', null, true, 3n), // invalid
);
const directionalArb = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom<unknown>(true, false, 'auto', 'AUTO', 'on', 1, 0, null, {}, 'true'),
);
const horizonArb = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom<unknown>(
    0,
    -0,
    1e-300,
    0.25,
    0.5,
    1,
    2,
    Number.POSITIVE_INFINITY,
    -1,
    Number.NaN,
    '1',
    null,
  ),
);
const gapRelativeErrorArb = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom<unknown>(
    0,
    -0,
    1e-12,
    1e-6,
    0.5,
    1 - 1e-16,
    1,
    -1e-9,
    2,
    Number.NaN,
    Infinity,
    '1e-6',
    null,
  ),
);
const optionsArb = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      {
        tolerance: toleranceArb,
        maxIterations: maxIterationsArb,
        directional: directionalArb,
        horizon: horizonArb,
        gapRelativeError: gapRelativeErrorArb,
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, null, 'fast', 1, true, [], () => 1) },
);

/** The documented validation, written here: is this options argument valid? (null is not absent.) */
function validOptions(o: unknown): boolean {
  if (o === undefined) return true;
  if (typeof o !== 'object' || o === null) return false;
  const { tolerance, maxIterations, directional, horizon, gapRelativeError } = o as Record<string, unknown>;
  const given = (x: unknown) => x !== undefined;
  if (given(tolerance) && !(typeof tolerance === 'number' && Number.isFinite(tolerance) && tolerance > 0))
    return false;
  if (
    given(maxIterations) &&
    !(typeof maxIterations === 'number' && Number.isInteger(maxIterations) && maxIterations >= 1)
  )
    return false;
  if (given(directional) && directional !== true && directional !== false && directional !== 'auto')
    return false;
  if (given(horizon) && !(typeof horizon === 'number' && horizon >= 0)) return false;
  if (
    given(gapRelativeError) &&
    !(typeof gapRelativeError === 'number' && gapRelativeError >= 0 && gapRelativeError < 1)
  )
    return false;
  return true;
}

// Poses: valid ones of moderate size (so that valid motions never overflow), and hostile ones.
const small = fc.double({ min: -2, max: 2, noNaN: true });
const axis = fc.tuple(small, small, small).filter((k) => Math.hypot(...k) > 1e-3);
const validPose3 = fc
  .tuple(axis, fc.double({ min: -4, max: 4, noNaN: true }), fc.tuple(small, small, small))
  .map(([k, a, t]) => poseFromAxisAngle(k, a, t));
const hostilePose3: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({
    R: fc.array(anyNumber, { minLength: 9, maxLength: 9 }),
    t: fc.array(anyNumber, { minLength: 3, maxLength: 3 }),
  }),
  fc.record({ R: fc.constant([1, 0, 0, 0, 1, 0, 0, 0, -1]), t: fc.constant([0, 0, 0]) }), // reflection
  fc.record({ R: fc.constant([1, 0, 0, 0, 1, 0, 0, 0, 1 + 1e-6]), t: fc.constant([0, 0, 0]) }),
  fc.record({ R: fc.array(anyValue, { maxLength: 10 }), t: fc.array(anyValue, { maxLength: 4 }) }),
  fc.record({ R: fc.sparseArray(small, { maxLength: 9 }), t: fc.sparseArray(small, { maxLength: 3 }) }),
  fc.record({ angle: small, t: fc.tuple(small, small) }), // a 2-D pose in a 3-D motion
  anyValue,
);
const pose3Arb = fc.oneof(
  { weight: 6, arbitrary: validPose3 as fc.Arbitrary<unknown> },
  { weight: 1, arbitrary: hostilePose3 },
);
const motion3Arb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ a: fc.tuple(pose3Arb, pose3Arb), b: fc.tuple(pose3Arb, pose3Arb) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      a: fc.array(pose3Arb, { maxLength: 3 }),
      b: fc.array(pose3Arb, { maxLength: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(
      anyValue,
      fc.constant({ a: 'xy', b: [identityPose(), identityPose()] }),
      fc.constant({ a: new Float64Array(2), b: [] }),
    ),
  },
);
const validPose2 = fc
  .tuple(fc.double({ min: -7, max: 7, noNaN: true }), small, small)
  .map(([a, x, y]) => pose2(a, [x, y]));
const hostilePose2: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ angle: anyValue, t: fc.array(anyValue, { maxLength: 3 }) }),
  fc.record({ angle: anyNumber, t: fc.tuple(anyNumber, anyNumber) }),
  fc.record({ R: fc.constant([1, 0, 0, 0, 1, 0, 0, 0, 1]), t: fc.constant([0, 0, 0]) }), // a 3-D pose
  anyValue,
);
const pose2Arb = fc.oneof(
  { weight: 6, arbitrary: validPose2 as fc.Arbitrary<unknown> },
  { weight: 1, arbitrary: hostilePose2 },
);
const motion2Arb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ a: fc.tuple(pose2Arb, pose2Arb), b: fc.tuple(pose2Arb, pose2Arb) }) },
  { weight: 1, arbitrary: anyValue },
);

/** Checks a returned result against the statuses' contract. */
function wellFormed(
  r: {
    status: string;
    toi: number;
    distance: number;
    iterations: number;
    tolerance: number;
    mu: number;
    horizonReached: boolean;
  },
  options: unknown,
): void {
  const o = (options ?? {}) as {
    tolerance?: number | null;
    maxIterations?: number | null;
    horizon?: number | null;
  };
  const cap = o.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const horizon = o.horizon ?? 1;
  assert(Object.values(CcdStatus).includes(r.status as never), `a known status, got ${r.status}`);
  assert(r.toi >= 0 && r.toi <= 1, `toi in [0, 1], got ${r.toi}`);
  assert(r.toi <= Math.max(horizon, 0) || r.toi === 0, `toi ${r.toi} not past the horizon ${horizon}`);
  assert(
    Number.isInteger(r.iterations) && r.iterations >= 0 && r.iterations <= cap,
    `iterations in [0, ${cap}]`,
  );
  assert(Number.isFinite(r.distance) && r.distance >= 0, 'a finite gap ≥ 0');
  assert(Number.isFinite(r.mu) && r.mu >= 0, 'a finite μ ≥ 0');
  if (o.tolerance !== undefined && o.tolerance !== null)
    assert(r.tolerance === o.tolerance, 'the tolerance given');
  else assert(r.tolerance > 0 && Number.isFinite(r.tolerance), 'a default tolerance > 0');
  switch (r.status) {
    case CcdStatus.InitialContact:
      assert(
        r.toi === 0 && r.iterations === 0 && r.distance <= r.tolerance,
        'initial contact: toi 0, no step, gap ≤ tol',
      );
      break;
    case CcdStatus.Contact:
      assert(r.distance <= r.tolerance && r.toi > 0, 'contact: gap ≤ tol after a step');
      break;
    case CcdStatus.Separate:
      assert(r.toi === 1 && r.distance > r.tolerance, 'separate: toi 1, gap > tol');
      break;
    default:
      assert(r.iterations === cap || r.horizonReached, 'not converged: the cap or the horizon');
      assert(r.distance > r.tolerance, 'not converged: gap > tol');
  }
}

// ---------------------------------------------------------------------------------------------

describe('timeOfImpact with hostile options and motions', () => {
  it('only FirstTouchError; refused exactly when invalid; results well formed', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(optionsArb, motion3Arb, (options, motion) => {
        const r = run(() => timeOfImpact(TRIANGLE, TETRA, motion as never, options as never));
        if (r.ok) {
          assert(validOptions(options), 'invalid options refused');
          wellFormed(r.value, options);
        } else {
          // NON_FINITE: a valid pose whose translation is so large that the gap or μ overflows
          assert(
            ['INVALID_OPTION', 'INVALID_POSE', 'NON_FINITE'].includes(r.error.code),
            `a documented code, got ${r.error.code}`,
          );
        }
        sameAsBaseline();
      }),
      { numRuns: RUNS },
    );
  });

  it('valid motions: refused exactly the invalid options', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(optionsArb, validPose3, validPose3, validPose3, validPose3, (options, a0, a1, b0, b1) => {
        const r = run(() => timeOfImpact(TRIANGLE, TETRA, { a: [a0, a1], b: [b0, b1] }, options as never));
        assert(
          r.ok === validOptions(options),
          `accepted iff valid: ${String(r.ok ? 'accepted' : r.error.message)}`,
        );
        if (r.ok) wellFormed(r.value, options);
        else assert(r.error.code === 'INVALID_OPTION', 'INVALID_OPTION');
      }),
      { numRuns: RUNS },
    );
    sameAsBaseline();
  });

  it('hostile bodies: not surfaces, empty surfaces, curves', () => {
    const motion = { a: [identityPose(), identityPose()], b: [identityPose(), identityPose()] } as const;
    const bodies: unknown[] = [
      null,
      undefined,
      {},
      [],
      'box',
      1,
      LOOP,
      EMPTY_SURFACE,
      { facetCount: 1 },
      Object.create(null),
    ];
    for (const x of bodies) {
      for (const [a, b] of [
        [x, TETRA],
        [TRIANGLE, x],
      ]) {
        const r = run(() => timeOfImpact(a as Surface, b as Surface, motion));
        expect(r.ok).toBe(false);
        if (!r.ok) expect(['INVALID_OPTION', 'EMPTY']).toContain(r.error.code);
      }
    }
    const curves: unknown[] = [null, {}, 'loop', TRIANGLE, Curve.fromLoops([], [], []), Object.create(null)];
    for (const x of curves) {
      for (const [a, b] of [
        [x, STICK],
        [LOOP, x],
      ]) {
        const r = run(() =>
          timeOfImpact2(a as Curve, b as Curve, { a: [pose2(), pose2()], b: [pose2(), pose2()] }),
        );
        expect(r.ok).toBe(false);
        if (!r.ok) expect(['INVALID_OPTION', 'EMPTY']).toContain(r.error.code);
      }
    }
    sameAsBaseline();
  });
});

describe('timeOfImpact2 with hostile options and motions', () => {
  it('only FirstTouchError; refused exactly when invalid; results well formed', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(optionsArb, motion2Arb, (options, motion) => {
        const r = run(() => timeOfImpact2(LOOP, STICK, motion as never, options as never));
        if (r.ok) {
          assert(validOptions(options), 'invalid options refused');
          wellFormed(r.value, options);
        } else {
          // NON_FINITE: a valid pose whose translation is so large that the gap or μ overflows
          assert(
            ['INVALID_OPTION', 'INVALID_POSE', 'NON_FINITE'].includes(r.error.code),
            `a documented code, got ${r.error.code}`,
          );
        }
        sameAsBaseline();
      }),
      { numRuns: RUNS },
    );
  });
});

describe('conservativeAdvance with hostile evaluators, μ and options', () => {
  // Evaluators: gaps of every kind (NaN, negative, infinite, non-numbers), directional steps of
  // every kind. A gap function that throws is the caller's own error and is not fuzzed.
  const gapArb = fc.oneof(
    fc.double({ min: 0, max: 3, noNaN: true }).map((g) => (s: number) => Math.abs(g - 2 * s)),
    fc.double({ min: 0, max: 3, noNaN: true }).map((g) => () => g),
    anyValue.map((v) => () => v),
    fc.constant((s: number) => (s > 0.5 ? Number.NaN : 1)),
    fc.constant((s: number) => (s > 0.5 ? -1 : 1)),
  );
  // (a step that is a symbol, or a numeric string, is a bug of its own: the last describe)
  const stepArb = fc.oneof(
    fc.constant(undefined),
    anyValue.filter((v) => typeof v !== 'symbol' && typeof v !== 'string').map((v) => () => v),
    fc.constant('not a function'),
  );
  const evaluatorArb: fc.Arbitrary<unknown> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(gapArb, stepArb)
        .map(([distance, directionalStep]) => ({ distance, directionalStep })),
    },
    { weight: 1, arbitrary: fc.oneof(anyValue, fc.constant({ distance: 1 }), fc.constant({})) },
  );
  const muArb = fc.oneof(fc.double({ min: 0, max: 10, noNaN: true }), anyValue);
  const caOptions = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record(
        {
          tolerance: anyValue,
          maxIterations: maxIterationsArb,
          directional: directionalArb,
          horizon: horizonArb,
        },
        { requiredKeys: [] },
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, null, {}, 'x') },
  );

  it('only FirstTouchError; results well formed', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(evaluatorArb, muArb, caOptions, (evaluator, mu, options) => {
        const r = run(() =>
          conservativeAdvance(evaluator as DistanceEvaluator, mu as number, options as never),
        );
        if (r.ok) {
          const o = options as { tolerance?: unknown };
          // the loop knows nothing of the bodies: a tolerance is required, μ must be finite ≥ 0
          assert(
            validOptions(options) && o !== undefined && o.tolerance !== undefined && o.tolerance !== null,
            'options with a tolerance',
          );
          assert(typeof mu === 'number' && Number.isFinite(mu) && mu >= 0, 'a finite μ ≥ 0');
          const v = r.value;
          assert(Object.values(CcdStatus).includes(v.status as never), 'a known status');
          assert(typeof v.toi === 'number' && v.toi >= 0 && v.toi <= 1, 'toi a number in [0, 1]');
          assert(
            v.iterations <=
              ((options as { maxIterations?: number | null }).maxIterations ?? DEFAULT_MAX_ITERATIONS),
            'the cap',
          );
        } else {
          assert(
            ['INVALID_OPTION', 'NON_FINITE'].includes(r.error.code),
            `a documented code, got ${r.error.code}`,
          );
        }
      }),
      { numRuns: RUNS },
    );
    sameAsBaseline();
  });
});

describe('a body far away in the float range', () => {
  // Found here against an earlier build (since fixed in @firsttouch/mesh): a body whose coordinates
  // are finite but beyond ~1.3e154 overflowed the distance into "intersecting", and timeOfImpact
  // reported InitialContact (toi 0, gap 0, NaN witness points) for a point 1.7e156 away from a unit
  // box. Kept as a regression test: such a query may fail (the gap overflows to Infinity: NON_FINITE)
  // but never claims a contact.
  it('a body far away in the float range is never in initial contact', () => {
    const rest = [identityPose(), identityPose()] as const;
    for (const X of [1e156, 1e200, 1e300]) {
      const far = Surface.fromTriangles([X, X, X, X, X, X, X, X, X]);
      const r = run(() => timeOfImpact(far, box(1), { a: rest, b: rest }));
      if (r.ok) {
        expect(r.value.status).not.toBe(CcdStatus.InitialContact);
        for (const x of r.value.pointA) expect(Number.isNaN(x)).toBe(false);
      }
    }
  });
});

describe('bugs found by this fuzzing', () => {
  // Regression (fixed): conservativeAdvance builds its messages with String(g) / String(mu), which throws a
  // TypeError on an object without a prototype (the options go through describeValue and are fine):
  //   conservativeAdvance({ distance: () => Object.create(null) }, 1, { tolerance: 1e-6 }) // TypeError
  //   conservativeAdvance({ distance: () => 1 }, Object.create(null), { tolerance: 1e-6 }) // TypeError
  it('BUG: an evaluator gap or a μ without a prototype gives a FirstTouchError', () => {
    const orphan = Object.create(null);
    expect(() => conservativeAdvance({ distance: () => orphan }, 1, { tolerance: 1e-6 })).toThrow(
      FirstTouchError,
    );
    expect(() => conservativeAdvance({ distance: () => 1 }, orphan, { tolerance: 1e-6 })).toThrow(
      FirstTouchError,
    );
  });

  // Regression (fixed): the loop checks the type of the gap its evaluator returns, but not of the directional
  // step: a step given as a string is compared as a number ('0.6' > 0.06) and then added as a
  // string, so the result's toi is the string "00.6"; a step that is a symbol throws a TypeError
  // from the comparison. Reproduction:
  //   conservativeAdvance({ distance: (s) => Math.abs(0.6 - s), directionalStep: () => '0.6' }, 10,
  //     { tolerance: 1e-6, directional: true }) // { status: 'contact', toi: '00.6', ... }
  //   ... directionalStep: () => Symbol() ... // TypeError: Cannot convert a Symbol value to a number
  // Expected: a non-number step ignored (as NaN is) or a NON_FINITE error; toi always a number.
  it('BUG: a directional step that is not a number never reaches the result', () => {
    for (const step of ['0.6', '0.3', [0.4], Symbol('step')]) {
      const r = run(() =>
        conservativeAdvance(
          { distance: (s) => Math.abs(0.6 - s), directionalStep: () => step as never },
          10,
          {
            tolerance: 1e-6,
            directional: true,
          },
        ),
      );
      if (r.ok) expect(typeof r.value.toi).toBe('number');
    }
  });
});
