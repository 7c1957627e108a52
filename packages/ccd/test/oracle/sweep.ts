// A step seen by the oracle: the exact distance at any s (bodies moved to interpolatePose /
// interpolatePose2, the motion pose's own tests cover), a dense grid of s over [0, 1], bisection of
// the first crossing below tol/2, and the checks every time-of-impact result must pass.

import type { Curve, Surface } from '@firsttouch/mesh';
import { interpolatePose, interpolatePose2, type Pose2, type Pose3 } from '@firsttouch/pose';
import { expect } from 'vitest';
import type { Motion2, Motion3, TimeOfImpact2Result, TimeOfImpactResult } from '../../src/index.js';
import {
  distance2,
  distance3,
  type OracleBody,
  type OracleDistance,
  oracleBody2,
  oracleBody3,
  world2,
  world3,
} from './bodies.js';
import { pointSegment2, pointTriangle3, segmentSegment2, triangleTriangle3 } from './geometry.js';
import { speedBound2, speedBound3 } from './motion.js';

export interface Sweep {
  readonly dim: 2 | 3;
  readonly A: OracleBody;
  readonly B: OracleBody;
  /** The test's own speed bound μ_A + μ_B (exact formula, own code). */
  readonly mu: number;
  /** How large world coordinates get over the step: the unit of the rounding slack. */
  readonly scale: number;
  /** The smaller of the two bounding-box diagonals. */
  readonly size: number;
  /** The larger of the two bounding-box diagonals. */
  readonly diagonal: number;
  /** The oracle distance at s (exact when ≤ cap). */
  at(s: number, cap?: number): OracleDistance;
  /** World coordinates of facet (segment) `f` of body `which` at s: 9 (or 4) numbers. */
  element(which: 'a' | 'b', f: number, s: number): Float64Array;
}

function maxNorm(...vs: ArrayLike<number>[]): number {
  let m = 0;
  for (const v of vs) {
    let s = 0;
    for (let i = 0; i < v.length; i++) s += v[i] * v[i];
    m = Math.max(m, Math.sqrt(s));
  }
  return m;
}

function element(body: OracleBody, world: Float64Array, f: number): Float64Array {
  const n = body.dim;
  const out = new Float64Array(n * n);
  for (let k = 0; k < n; k++) {
    const v = body.indices[n * f + k];
    for (let a = 0; a < n; a++) out[k * n + a] = world[v * n + a];
  }
  return out;
}

export function sweep3(a: Surface, b: Surface, motion: Motion3): Sweep {
  const A = oracleBody3(a);
  const B = oracleBody3(b);
  const pose = (which: 'a' | 'b', s: number): Pose3 => {
    const m = which === 'a' ? motion.a : motion.b;
    return interpolatePose(m[0], m[1], s);
  };
  return {
    dim: 3,
    A,
    B,
    mu: speedBound3(A, motion.a[0], motion.a[1]) + speedBound3(B, motion.b[0], motion.b[1]),
    scale: maxNorm(motion.a[0].t, motion.a[1].t) + A.reach + maxNorm(motion.b[0].t, motion.b[1].t) + B.reach,
    size: Math.min(A.diagonal, B.diagonal),
    diagonal: Math.max(A.diagonal, B.diagonal),
    at: (s, cap) => distance3(A, B, pose('a', s), pose('b', s), cap),
    element: (which, f, s) => {
      const body = which === 'a' ? A : B;
      return element(body, world3(body, pose(which, s)), f);
    },
  };
}

export function sweep2(a: Curve, b: Curve, motion: Motion2): Sweep {
  const A = oracleBody2(a);
  const B = oracleBody2(b);
  const pose = (which: 'a' | 'b', s: number): Pose2 => {
    const m = which === 'a' ? motion.a : motion.b;
    return interpolatePose2(m[0], m[1], s);
  };
  return {
    dim: 2,
    A,
    B,
    mu: speedBound2(A, motion.a[0], motion.a[1]) + speedBound2(B, motion.b[0], motion.b[1]),
    scale: maxNorm(motion.a[0].t, motion.a[1].t) + A.reach + maxNorm(motion.b[0].t, motion.b[1].t) + B.reach,
    size: Math.min(A.diagonal, B.diagonal),
    diagonal: Math.max(A.diagonal, B.diagonal),
    at: (s, cap) => distance2(A, B, pose('a', s), pose('b', s), cap),
    element: (which, f, s) => {
      const body = which === 'a' ? A : B;
      return element(body, world2(body, pose(which, s)), f);
    },
  };
}

/** The rounding slack of distances over a step: 1e-12 of its world coordinates. */
export function slackOf(sw: Sweep): number {
  return 1e-12 * sw.scale;
}

/**
 * The grid: n + 1 samples i/n. n is chosen so that μ Δs ≤ 2 % of the smaller body's diagonal
 * (between two samples no point moves farther than that, so a body that passes through the other
 * is seen inside it at some sample unless it is thinner than that along its path), clamped to
 * [200, 2000]; thinner crossings are found by the geometric samples before each toi and by the
 * bisection. Every check made on the grid is a necessary condition, sound at any density.
 */
export function gridSize(sw: Sweep): number {
  const n = Math.ceil(sw.mu / (0.02 * sw.size));
  return Math.min(2000, Math.max(200, Number.isFinite(n) ? n : 2000));
}

export interface Scan {
  readonly tol: number;
  readonly slack: number;
  /** tol/2 − slack: no instant of [0, toi] may come below it. */
  readonly level: number;
  readonly n: number;
  /** Oracle distance at the samples (exact up to 4 tol, a lower bound above that). */
  readonly d: Float64Array;
  /** Exact distances at s = 0 and s = 1. */
  readonly d0: number;
  readonly d1: number;
  /**
   * The first crossing below `level` seen on the grid, bisected to 1e-9: an instant where the
   * distance is < level (null when no sample is below it). Every toi must be ≤ it.
   */
  readonly below: number | null;
  /** The smallest sample (capped as `d`). */
  readonly min: number;
}

export function scan(sw: Sweep, tol: number, n = gridSize(sw)): Scan {
  const slack = slackOf(sw);
  const level = 0.5 * tol - slack;
  const cap = 4 * tol;
  const d = new Float64Array(n + 1);
  let first = -1;
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i <= n; i++) {
    d[i] = sw.at(i / n, cap).distance;
    min = Math.min(min, d[i]);
    if (first < 0 && d[i] < level) first = i;
  }
  let below: number | null = null;
  if (first === 0) below = 0;
  else if (first > 0) {
    let lo = (first - 1) / n;
    let hi = first / n;
    while (hi - lo > 1e-9) {
      const mid = 0.5 * (lo + hi);
      if (sw.at(mid, cap).distance < level) hi = mid;
      else lo = mid;
    }
    below = hi;
  }
  return { tol, slack, level, n, d, d0: sw.at(0).distance, d1: sw.at(1).distance, below, min };
}

export type AnyResult = TimeOfImpactResult | TimeOfImpact2Result;

/** The geometric samples toi − 2^−k (k = 1..40) that fall in [0, toi]. */
function before(toi: number): number[] {
  const out: number[] = [];
  for (let k = 1; k <= 40; k++) {
    const s = toi - 2 ** -k;
    if (s >= 0) out.push(s);
  }
  return out;
}

/**
 * The guarantee of a result against the oracle:
 * (1) no instant of [0, toi] is below tol/2 − slack: toi ≤ the bisected first crossing, and the
 *     geometric samples before toi are above it, and so is toi itself;
 * (2) Contact: the oracle distance at toi is ≤ tol (+ slack);
 * (3) Separate: toi = 1, no sample of [0, 1] below tol/2 − slack, d(1) > tol (− slack);
 * (4) NotConverged: toi < 1 is a lower bound ((1)), after exactly maxIterations steps;
 * (5) InitialContact ⇔ d(0) ≤ tol (each way up to the slack);
 * and the reported distance is the oracle's at toi.
 */
export function checkGuarantee(sw: Sweep, sc: Scan, r: AnyResult, label: string, maxIterations = 1000): void {
  const { tol, slack, level } = sc;
  expect(r.tolerance, `${label}: tolerance`).toBe(tol);
  // (5)
  if (sc.d0 <= tol - slack) expect(r.status, `${label}: d(0) = ${sc.d0} ≤ tol`).toBe('initial-contact');
  if (sc.d0 > tol + slack) expect(r.status, `${label}: d(0) = ${sc.d0} > tol`).not.toBe('initial-contact');
  if (r.status === 'initial-contact') {
    expect(r.toi, label).toBe(0);
    expect(r.iterations, label).toBe(0);
    expect(Math.abs(r.distance - sc.d0), `${label}: distance at 0`).toBeLessThanOrEqual(slack);
    return;
  }
  expect(r.iterations, label).toBeGreaterThanOrEqual(1);
  expect(r.iterations, label).toBeLessThanOrEqual(maxIterations);
  // (1)
  if (sc.below !== null) {
    expect(
      r.toi,
      `${label}: toi ${r.toi} after the oracle's crossing below tol/2 at ${sc.below}`,
    ).toBeLessThanOrEqual(sc.below);
  }
  for (const s of before(r.toi)) {
    const d = sw.at(s, 4 * tol).distance;
    expect(d, `${label}: d(${s}) below tol/2 before toi = ${r.toi}`).toBeGreaterThanOrEqual(level);
  }
  const atToi = sw.at(r.toi);
  expect(atToi.distance, `${label}: d(toi) below tol/2`).toBeGreaterThanOrEqual(level);
  expect(
    Math.abs(r.distance - atToi.distance),
    `${label}: reported distance vs oracle at toi`,
  ).toBeLessThanOrEqual(slack);
  if (r.status === 'contact') {
    // (2)
    expect(atToi.distance, `${label}: d(toi) > tol for a contact`).toBeLessThanOrEqual(tol + slack);
    expect(r.distance, label).toBeLessThanOrEqual(tol);
  } else if (r.status === 'separate') {
    // (3)
    expect(r.toi, label).toBe(1);
    expect(sc.below, `${label}: separate, but the oracle comes below tol/2 at s = ${sc.below}`).toBeNull();
    expect(sc.d1, `${label}: separate, d(1) ≤ tol`).toBeGreaterThan(tol - slack);
    expect(r.distance, label).toBeGreaterThan(tol);
  } else {
    // (4)
    expect(r.status, label).toBe('not-converged');
    expect(r.iterations, label).toBe(maxIterations);
    expect(r.toi, label).toBeLessThan(1);
    expect(r.distance, label).toBeGreaterThan(tol);
  }
}

/**
 * The witness data are those of the returned toi: the points lie on the facets (segments) named, at
 * toi, their distance is the reported one and is that of the pair (recomputed by the oracle), the
 * pair is a closest pair, and the normal is the unit vector between the points.
 */
export function checkWitness(sw: Sweep, r: AnyResult, label: string): void {
  const slack = slackOf(sw);
  const fa = 'facetA' in r ? r.facetA : r.segmentA;
  const fb = 'facetB' in r ? r.facetB : r.segmentB;
  expect(Number.isInteger(fa) && fa >= 0 && fa < sw.A.count, `${label}: facet of A ${fa}`).toBe(true);
  expect(Number.isInteger(fb) && fb >= 0 && fb < sw.B.count, `${label}: facet of B ${fb}`).toBe(true);
  const ea = sw.element('a', fa, r.toi);
  const eb = sw.element('b', fb, r.toi);
  const pa = r.pointA;
  const pb = r.pointB;
  expect(pa.length, label).toBe(sw.dim);
  expect(pb.length, label).toBe(sw.dim);
  const onA = sw.dim === 3 ? pointTriangle3(pa[0], pa[1], pa[2], ea, 0) : pointSegment2(pa[0], pa[1], ea, 0);
  const onB = sw.dim === 3 ? pointTriangle3(pb[0], pb[1], pb[2], eb, 0) : pointSegment2(pb[0], pb[1], eb, 0);
  expect(onA, `${label}: pointA off facet ${fa} at toi`).toBeLessThanOrEqual(slack);
  expect(onB, `${label}: pointB off facet ${fb} at toi`).toBeLessThanOrEqual(slack);
  const len =
    sw.dim === 3
      ? Math.hypot(pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2])
      : Math.hypot(pb[0] - pa[0], pb[1] - pa[1]);
  expect(Math.abs(len - r.distance), `${label}: |pointB − pointA| vs distance`).toBeLessThanOrEqual(slack);
  const out = new Float64Array(6);
  const pair = sw.dim === 3 ? triangleTriangle3(ea, 0, eb, 0, out) : segmentSegment2(ea, 0, eb, 0, out);
  expect(Math.abs(pair - r.distance), `${label}: the pair's own distance vs distance`).toBeLessThanOrEqual(
    slack,
  );
  const whole = sw.at(r.toi);
  expect(
    Math.abs(whole.distance - r.distance),
    `${label}: the pair is not a closest pair`,
  ).toBeLessThanOrEqual(slack);
  const n = r.normal;
  expect(n.length, label).toBe(sw.dim);
  if (len > 0) {
    for (let k = 0; k < sw.dim; k++) {
      expect(Math.abs(n[k] - (pb[k] - pa[k]) / len), `${label}: normal[${k}]`).toBeLessThanOrEqual(1e-12);
    }
  } else if (sw.dim === 3) {
    // coincident points: the normal of facet A at toi, unit, orthogonal to its edges. A facet
    // without area has none (NaN then), and one with almost none has a direction of rounding: for
    // those (the sine of its angle below 1e-6) only NaN or a unit vector is asked.
    const u = [ea[3] - ea[0], ea[4] - ea[1], ea[5] - ea[2]];
    const v = [ea[6] - ea[0], ea[7] - ea[1], ea[8] - ea[2]];
    const area = Math.hypot(u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]);
    const sine = area / (Math.hypot(u[0], u[1], u[2]) * Math.hypot(v[0], v[1], v[2]));
    if (!(sine >= 1e-6)) {
      const allNaN = Array.from(n).every(Number.isNaN);
      const isUnit = Math.abs(Math.hypot(n[0], n[1], n[2]) - 1) <= 1e-12;
      expect(allNaN || isUnit, `${label}: the normal of a degenerate facet is NaN or unit`).toBe(true);
      return;
    }
    expect(Math.abs(Math.hypot(n[0], n[1], n[2]) - 1), `${label}: unit normal`).toBeLessThanOrEqual(1e-12);
    for (const [i, j] of [
      [0, 3],
      [0, 6],
    ]) {
      const e = [ea[j] - ea[i], ea[j + 1] - ea[i + 1], ea[j + 2] - ea[i + 2]];
      const dot = (e[0] * n[0] + e[1] * n[1] + e[2] * n[2]) / Math.hypot(e[0], e[1], e[2]);
      expect(Math.abs(dot), `${label}: facet normal ⟂ edge`).toBeLessThanOrEqual(1e-9);
    }
  } else {
    expect(Number.isNaN(n[0]) && Number.isNaN(n[1]), `${label}: NaN normal at coincident points`).toBe(true);
  }
}
