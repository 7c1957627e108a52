// Random bodies and motions for the property tests, as plain data (so that fast-check prints and
// shrinks them), and the runner that checks the three modes of a query against the oracle.

import { box, Curve, convexCurve, cylinder, disc, icosphere, rectangle, Surface } from '@firsttouch/mesh';
import { type Pose2, type Pose3, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  type DirectionalMode,
  type Motion2,
  type Motion3,
  type TimeOfImpact2Result,
  type TimeOfImpactOptions,
  type TimeOfImpactResult,
  timeOfImpact,
  timeOfImpact2,
} from '../src/index.js';
import { unitBunny } from './helpers.js';
import { checkGuarantee, checkWitness, type Scan, type Sweep, scan, sweep2, sweep3 } from './oracle/sweep.js';

export const MODES: DirectionalMode[] = [false, 'auto', true];

/**
 * A double in [min, max], with magnitudes below 1e-9 taken to 0: coordinates of 1e-300 are not
 * bodies, and their products underflow in any floating-point geometry (the oracle's too).
 */
export const real = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((x) => (Math.abs(x) < 1e-9 ? 0 : x));
export const vec3 = (r: number) => fc.tuple(real(-r, r), real(-r, r), real(-r, r));
export const axis3 = vec3(1).filter((v) => Math.hypot(v[0], v[1], v[2]) > 0.1);
/** A turn in [0, π], with π itself and 0 often. */
export const turn = fc.oneof(real(0, Math.PI), fc.constantFrom(0, Math.PI, Math.PI / 2));

// ------------------------------------------------------------------------------------------ bodies

export type BodySpec3 =
  | { kind: 'soup'; triangles: (readonly number[])[]; offset: readonly number[] }
  | { kind: 'sphere'; radius: number; level: number; offset: readonly number[] }
  | {
      kind: 'plate';
      sides: readonly number[];
      thickness: number;
      axis: readonly number[];
      angle: number;
      offset: readonly number[];
    }
  | { kind: 'cylinder'; radius: number; height: number; segments: number; offset: readonly number[] }
  | { kind: 'box'; sides: readonly number[]; offset: readonly number[] }
  | { kind: 'bunny'; scale: number; offset: readonly number[] };

const offset3 = fc.oneof(fc.constant([0, 0, 0]), vec3(0.6));

const coordinate = real(-0.5, 0.5);
/** A random triangle, now and then degenerate (two equal vertices, collinear, or a point). */
const triangle = fc
  .tuple(
    fc.array(coordinate, { minLength: 9, maxLength: 9 }),
    fc.constantFrom('', '', '', '', 'repeat', 'collinear', 'point'),
  )
  .map(([t, degenerate]) => {
    if (degenerate === 'repeat') return [...t.slice(0, 6), ...t.slice(0, 3)];
    if (degenerate === 'collinear') return [...t.slice(0, 6), ...[0, 1, 2].map((i) => 2 * t[3 + i] - t[i])];
    if (degenerate === 'point') return [...t.slice(0, 3), ...t.slice(0, 3), ...t.slice(0, 3)];
    return t;
  });

export const soupArb: fc.Arbitrary<BodySpec3> = fc.record({
  kind: fc.constant('soup' as const),
  triangles: fc.array(triangle, { minLength: 1, maxLength: 24 }),
  offset: offset3,
});

export const bodyArb3: fc.Arbitrary<BodySpec3> = fc.oneof(
  soupArb,
  fc.record({
    kind: fc.constant('sphere' as const),
    radius: real(0.05, 0.6),
    level: fc.integer({ min: 0, max: 1 }),
    offset: offset3,
  }),
  fc.record({
    kind: fc.constant('plate' as const),
    sides: fc.tuple(real(0.2, 1.2), real(0.2, 1.2)),
    thickness: fc.oneof(real(1e-4, 1e-2), fc.constant(1e-3)),
    axis: axis3,
    angle: real(0, Math.PI),
    offset: offset3,
  }),
  fc.record({
    kind: fc.constant('cylinder' as const),
    radius: real(0.05, 0.5),
    height: real(0.05, 1),
    segments: fc.integer({ min: 3, max: 12 }),
    offset: offset3,
  }),
  fc.record({
    kind: fc.constant('box' as const),
    sides: fc.tuple(real(0.02, 1), real(0.02, 1), real(0.02, 1)),
    offset: offset3,
  }),
);

export function buildBody3(spec: BodySpec3): Surface {
  switch (spec.kind) {
    case 'soup':
      return Surface.fromTriangles(spec.triangles.flat()).translate(spec.offset);
    case 'sphere':
      return icosphere(spec.radius, spec.level).translate(spec.offset);
    case 'plate':
      return box([spec.sides[0], spec.sides[1], spec.thickness])
        .rotate(spec.axis, spec.angle)
        .translate(spec.offset);
    case 'cylinder':
      return cylinder(spec.radius, spec.height, spec.segments).translate(spec.offset);
    case 'box':
      return box(spec.sides).translate(spec.offset);
    case 'bunny':
      return unitBunny().scale(spec.scale).translate(spec.offset);
  }
}

// ----------------------------------------------------------------------------------------- motions

/** Row-major product of two 3×3 matrices. */
function mul3(A: ArrayLike<number>, B: ArrayLike<number>): Float64Array {
  const C = new Float64Array(9);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      C[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
  return C;
}

export interface StepSpec3 {
  /** Start orientation (axis, angle), the turn over the step (axis, angle), and the path. */
  axis0: readonly number[];
  angle0: number;
  axis: readonly number[];
  theta: number;
  /** The body's origin passes `through` at s = `at`, with velocity `velocity` (per unit s). */
  through: readonly number[];
  at: number;
  velocity: readonly number[];
}

export function stepPoses3(m: StepSpec3): [Pose3, Pose3] {
  const p0 = poseFromAxisAngle(m.axis0, m.angle0);
  const q = poseFromAxisAngle(m.axis, m.theta);
  const t0 = m.through.map((x, i) => x - m.at * m.velocity[i]);
  const t1 = m.through.map((x, i) => x + (1 - m.at) * m.velocity[i]);
  return [
    { R: p0.R, t: Float64Array.from(t0) },
    { R: mul3(q.R, p0.R), t: Float64Array.from(t1) },
  ];
}

/** A step: a random start orientation, a turn up to π, a straight path up to 10 long (or at rest). */
export function stepArb3(reach: number, maxSpeed: number, still = true): fc.Arbitrary<StepSpec3> {
  const moving = [vec3(maxSpeed / 2), vec3(maxSpeed)];
  return fc.record({
    axis0: axis3,
    angle0: real(0, Math.PI),
    axis: axis3,
    theta: turn,
    through: vec3(reach),
    at: real(0, 1),
    velocity: still ? fc.oneof(fc.constant([0, 0, 0]), ...moving) : fc.oneof(...moving),
  });
}

export const restStep: StepSpec3 = {
  axis0: [0, 0, 1],
  angle0: 0,
  axis: [0, 0, 1],
  theta: 0,
  through: [0, 0, 0],
  at: 0,
  velocity: [0, 0, 0],
};

// ------------------------------------------------------------------------------------------ runner

export interface Outcome<R> {
  results: R[];
  scan: Scan;
  sweep: Sweep;
}

/** Counts of what the property runs produced (coverage of the generators). */
export class Tally {
  readonly counts = new Map<string, number>();
  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}

/**
 * The three modes of one 3-D query against the oracle: the guarantee and the witness data of each,
 * the speed bound, and the directional runs never taking more steps than the plain one.
 */
export function checkQuery3(
  a: Surface,
  b: Surface,
  motion: Motion3,
  tolerance: number | undefined,
  tally?: Tally,
  maxIterations = 1000,
  extra?: TimeOfImpactOptions,
): Outcome<TimeOfImpactResult> {
  const results = MODES.map((directional) =>
    timeOfImpact(a, b, motion, { tolerance, directional, maxIterations, ...extra }),
  );
  const sw = sweep3(a, b, motion);
  const sc = scan(sw, results[0].tolerance);
  checkModes(sw, sc, results, maxIterations, tally);
  return { results, scan: sc, sweep: sw };
}

export function checkQuery2(
  a: Curve,
  b: Curve,
  motion: Motion2,
  tolerance: number | undefined,
  tally?: Tally,
  maxIterations = 1000,
): Outcome<TimeOfImpact2Result> {
  const results = MODES.map((directional) =>
    timeOfImpact2(a, b, motion, { tolerance, directional, maxIterations }),
  );
  const sw = sweep2(a, b, motion);
  const sc = scan(sw, results[0].tolerance);
  // Two small convex rings take the path of two small turning polygons, whose first step may come
  // from the bodies' reach discs before any gap is measured.
  const rings = convexCurve(a).polygon !== null && convexCurve(b).polygon !== null;
  checkModes(sw, sc, results, maxIterations, tally, rings);
  return { results, scan: sc, sweep: sw };
}

function checkModes(
  sw: Sweep,
  sc: Scan,
  results: (TimeOfImpactResult | TimeOfImpact2Result)[],
  maxIterations: number,
  tally?: Tally,
  rings = false,
): void {
  results.forEach((r, i) => {
    const label = `directional ${MODES[i]} (${r.status} at ${r.toi} after ${r.iterations})`;
    checkGuarantee(sw, sc, r, label, maxIterations);
    checkWitness(sw, r, label);
    expect(Math.abs(r.mu - sw.mu), `${label}: μ`).toBeLessThanOrEqual(1e-12 * Math.max(1, sw.mu));
    // every gap evaluation (s = 0 and one a step) evaluates at least one pair exactly, or the hulls
    // (s = 0's may be skipped by a first step from the reach discs on the rings' path)
    expect(
      r.pairEvaluations - r.directionalPairEvaluations + r.convexEvaluations,
      label,
    ).toBeGreaterThanOrEqual(r.iterations + (rings ? 0 : 1));
    expect(r.directionalPairEvaluations, label).toBeGreaterThanOrEqual(0);
    tally?.add(`${MODES[i]}:${r.status}`);
  });
  const [plain, auto, directional] = results;
  expect(plain.directionalPairEvaluations).toBe(0);
  const ended = (r: { status: string }) => r.status === 'contact' || r.status === 'separate';
  for (const r of [auto, directional]) {
    if (ended(plain) && ended(r)) {
      expect(r.iterations, `directional steps vs plain (${r.status} / ${plain.status})`).toBeLessThanOrEqual(
        plain.iterations,
      );
    }
  }
  if (sc.below !== null) tally?.add('oracle:below-half');
  if (sc.d0 <= sc.tol) tally?.add('oracle:initial');
}

// ------------------------------------------------------------------------------------------- 2-D

export type CurveSpec =
  | { kind: 'disc'; radius: number; segments: number; offset: readonly number[] }
  | { kind: 'rectangle'; width: number; height: number; offset: readonly number[] }
  | { kind: 'polygon'; radii: readonly number[]; offset: readonly number[] }
  | { kind: 'polyline'; points: (readonly number[])[]; offset: readonly number[] }
  | { kind: 'annulus'; outer: number; inner: number; segments: number; offset: readonly number[] };

const offset2 = fc.oneof(fc.constant([0, 0]), fc.tuple(real(-0.6, 0.6), real(-0.6, 0.6)));

export const curveArb: fc.Arbitrary<CurveSpec> = fc.oneof(
  fc.record({
    kind: fc.constant('disc' as const),
    radius: real(0.02, 0.6),
    segments: fc.integer({ min: 3, max: 32 }),
    offset: offset2,
  }),
  fc.record({
    kind: fc.constant('rectangle' as const),
    width: fc.oneof(real(0.001, 1.5), fc.constant(1e-3)),
    height: real(0.01, 1.5),
    offset: offset2,
  }),
  fc.record({
    kind: fc.constant('polygon' as const),
    radii: fc.array(real(0.05, 0.7), { minLength: 3, maxLength: 24 }),
    offset: offset2,
  }),
  fc.record({
    kind: fc.constant('annulus' as const),
    outer: real(0.2, 0.7),
    inner: real(0.05, 0.95),
    segments: fc.integer({ min: 3, max: 24 }),
    offset: offset2,
  }),
  fc.record({
    kind: fc.constant('polyline' as const),
    points: fc.array(fc.tuple(real(-0.7, 0.7), real(-0.7, 0.7)), { minLength: 2, maxLength: 16 }),
    offset: offset2,
  }),
);

export function buildCurve(spec: CurveSpec): Curve {
  switch (spec.kind) {
    case 'disc':
      return disc(spec.radius, spec.segments).translate(spec.offset);
    case 'rectangle':
      return rectangle(spec.width, spec.height).translate(spec.offset);
    case 'polygon': {
      // star-shaped: vertex i at angle 2πi/n and its own radius
      const n = spec.radii.length;
      const u = spec.radii.map((r, i) => r * Math.cos((2 * Math.PI * i) / n) + spec.offset[0]);
      const v = spec.radii.map((r, i) => r * Math.sin((2 * Math.PI * i) / n) + spec.offset[1]);
      return Curve.fromLoops(u, v, [n]);
    }
    case 'annulus': {
      // two loops: a ring (the inner loop a share of the outer radius), a hole other bodies fit in
      const u: number[] = [];
      const v: number[] = [];
      for (const r of [spec.outer, spec.outer * spec.inner]) {
        for (let i = 0; i < spec.segments; i++) {
          u.push(r * Math.cos((2 * Math.PI * i) / spec.segments) + spec.offset[0]);
          v.push(r * Math.sin((2 * Math.PI * i) / spec.segments) + spec.offset[1]);
        }
      }
      return Curve.fromLoops(u, v, [spec.segments, spec.segments]);
    }
    case 'polyline':
      return Curve.fromPolyline(
        spec.points.map((p) => p[0] + spec.offset[0]),
        spec.points.map((p) => p[1] + spec.offset[1]),
      );
  }
}

export interface StepSpec2 {
  angle0: number;
  theta: number;
  through: readonly number[];
  at: number;
  velocity: readonly number[];
}

export function stepPoses2(m: StepSpec2): [Pose2, Pose2] {
  const t0 = m.through.map((x, i) => x - m.at * m.velocity[i]);
  const t1 = m.through.map((x, i) => x + (1 - m.at) * m.velocity[i]);
  return [pose2(m.angle0, t0), pose2(m.angle0 + m.theta, t1)];
}

export function stepArb2(reach: number, maxSpeed: number, still = true): fc.Arbitrary<StepSpec2> {
  const moving = [
    fc.tuple(real(-maxSpeed / 2, maxSpeed / 2), real(-maxSpeed / 2, maxSpeed / 2)),
    fc.tuple(real(-maxSpeed, maxSpeed), real(-maxSpeed, maxSpeed)),
  ];
  return fc.record({
    angle0: real(-Math.PI, Math.PI),
    theta: fc.oneof(real(-Math.PI, Math.PI), fc.constantFrom(0, Math.PI, -Math.PI / 2, 3, -3)),
    through: fc.tuple(real(-reach, reach), real(-reach, reach)),
    at: real(0, 1),
    velocity: still ? fc.oneof(fc.constant([0, 0]), ...moving) : fc.oneof(...moving),
  });
}

export const restStep2: StepSpec2 = { angle0: 0, theta: 0, through: [0, 0], at: 0, velocity: [0, 0] };

/** The tolerance of a run: the default (1e-6 of the larger diagonal) or a larger share of it. */
export const toleranceShare = fc.constantFrom(undefined, 1e-4, 1e-3, 5e-3);

/**
 * The seed of a property: fixed, so that a run reproduces and its time is known; set
 * CCD_PROPERTY_SEED to explore others. The oracle-backed properties stop at the first failure
 * (endOnFailure) rather than shrink: each run costs up to a second, and fast-check prints the
 * counterexample, the seed and the path to replay it.
 */
export function seedFor(base: number): number {
  const env = process.env.CCD_PROPERTY_SEED;
  return env === undefined ? base : Number(env) + base;
}
