import { Curve, Surface } from '@firsttouch/mesh';
import {
  describeValue,
  FirstTouchError,
  isArrayLike,
  type Pose2Like,
  type Pose3Like,
  RigidMotion,
  RigidMotion2,
} from '@firsttouch/pose';

/**
 * What the broad phase knows of each body over the step: its box at s = 0 (`dim` mins then `dim`
 * maxes a body), its translation, how far its spin can carry a point (`2 ρ sin(θ/2)`, the longest
 * chord of the turn), and its speed bound μ.
 */
export interface StepBodies {
  dim: 2 | 3;
  count: number;
  box0: Float64Array;
  delta: Float64Array;
  spin: Float64Array;
  mu: Float64Array;
  /** The largest bounding-box diagonal of the bodies (body frames). */
  largestDiagonal: number;
}

/** Distinct vertices of a body (shared bodies are welded once a call). */
function distinctVertices(
  points: Float64Array,
  dim: number,
  cache: Map<object, Float64Array>,
  key: object,
): Float64Array {
  const hit = cache.get(key);
  if (hit) return hit;
  const seen = new Set<string>();
  const out: number[] = [];
  for (let i = 0; i < points.length; i += dim) {
    const k = dim === 3 ? `${points[i]},${points[i + 1]},${points[i + 2]}` : `${points[i]},${points[i + 1]}`;
    if (seen.has(k)) continue;
    seen.add(k);
    for (let a = 0; a < dim; a++) out.push(points[i + a]);
  }
  const v = Float64Array.from(out);
  cache.set(key, v);
  return v;
}

/** Checks the arrays of a many-body call: the same length, bodies of the right kind. */
export function checkArrays(
  bodies: unknown,
  poses0: unknown,
  poses1: unknown,
  kind: 'Surface' | 'Curve',
): void {
  if (!Array.isArray(bodies))
    throw new FirstTouchError(
      'INVALID_OPTION',
      `bodies must be an array of ${kind}s, got ${describeValue(bodies)}`,
    );
  if (!isArrayLike(poses0) || !isArrayLike(poses1))
    throw new FirstTouchError('BAD_LENGTH', 'poses0 and poses1 must be arrays of poses');
  if (poses0.length !== bodies.length || poses1.length !== bodies.length) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `bodies, poses0 and poses1 must have the same length, got ${bodies.length}, ${poses0.length}, ${poses1.length}`,
    );
  }
  const ok = kind === 'Surface' ? Surface.isSurface : Curve.isCurve;
  bodies.forEach((b, i) => {
    if (!ok(b))
      throw new FirstTouchError('INVALID_OPTION', `bodies[${i}] must be a ${kind}, got ${describeValue(b)}`);
  });
}

/** The step data of surfaces moving from poses0 to poses1 (validates the poses). */
export function stepBodies3(
  bodies: readonly Surface[],
  poses0: readonly Pose3Like[],
  poses1: readonly Pose3Like[],
): StepBodies {
  const n = bodies.length;
  const out: StepBodies = {
    dim: 3,
    count: n,
    box0: new Float64Array(6 * n),
    delta: new Float64Array(3 * n),
    spin: new Float64Array(n),
    mu: new Float64Array(n),
    largestDiagonal: 0,
  };
  const cache = new Map<object, Float64Array>();
  const diagonals = new Map<object, number>();
  for (let i = 0; i < n; i++) {
    const s = bodies[i];
    s.assertNotEmpty(`bodies[${i}]`);
    const m = new RigidMotion(poses0[i], poses1[i], [`poses0[${i}]`, `poses1[${i}]`]);
    const v = cache.get(s) ?? distinctVertices(s.vertices(), 3, cache, s);
    let diag = diagonals.get(s);
    if (diag === undefined) {
      diag = s.bounds().diagonal;
      diagonals.set(s, diag);
    }
    if (diag > out.largestDiagonal) out.largestDiagonal = diag;
    const rho = m.maxRadius(v);
    out.mu[i] = m.translationLength + m.theta * rho;
    out.spin[i] = 2 * rho * Math.sin(0.5 * m.theta);
    for (let a = 0; a < 3; a++) out.delta[3 * i + a] = m.delta[a];
    const R = m.p0.R;
    const t = m.p0.t;
    const o = 6 * i;
    for (let a = 0; a < 3; a++) {
      out.box0[o + a] = Number.POSITIVE_INFINITY;
      out.box0[o + 3 + a] = Number.NEGATIVE_INFINITY;
    }
    for (let k = 0; k < v.length; k += 3) {
      const x = v[k],
        y = v[k + 1],
        z = v[k + 2];
      for (let a = 0; a < 3; a++) {
        const w = R[3 * a] * x + R[3 * a + 1] * y + R[3 * a + 2] * z + t[a];
        if (w < out.box0[o + a]) out.box0[o + a] = w;
        if (w > out.box0[o + 3 + a]) out.box0[o + 3 + a] = w;
      }
    }
  }
  return out;
}

/** The step data of curves moving from poses0 to poses1 (validates the poses). */
export function stepBodies2(
  bodies: readonly Curve[],
  poses0: readonly Pose2Like[],
  poses1: readonly Pose2Like[],
): StepBodies {
  const n = bodies.length;
  const out: StepBodies = {
    dim: 2,
    count: n,
    box0: new Float64Array(4 * n),
    delta: new Float64Array(2 * n),
    spin: new Float64Array(n),
    mu: new Float64Array(n),
    largestDiagonal: 0,
  };
  const cache = new Map<object, Float64Array>();
  for (let i = 0; i < n; i++) {
    const c = bodies[i];
    c.assertNotEmpty(`bodies[${i}]`);
    const m = new RigidMotion2(poses0[i], poses1[i], [`poses0[${i}]`, `poses1[${i}]`]);
    const v = distinctVertices(c.positions, 2, cache, c);
    const diag = c.bounds().diagonal;
    if (diag > out.largestDiagonal) out.largestDiagonal = diag;
    const rho = m.maxRadius(v);
    const theta = Math.abs(m.theta);
    out.mu[i] = m.translationLength + theta * rho;
    out.spin[i] = 2 * rho * Math.sin(0.5 * theta);
    out.delta[2 * i] = m.delta[0];
    out.delta[2 * i + 1] = m.delta[1];
    const cs = Math.cos(m.q0.angle);
    const sn = Math.sin(m.q0.angle);
    const o = 4 * i;
    out.box0[o] = out.box0[o + 1] = Number.POSITIVE_INFINITY;
    out.box0[o + 2] = out.box0[o + 3] = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < v.length; k += 2) {
      const u = cs * v[k] - sn * v[k + 1] + m.q0.t[0];
      const w = sn * v[k] + cs * v[k + 1] + m.q0.t[1];
      if (u < out.box0[o]) out.box0[o] = u;
      if (w < out.box0[o + 1]) out.box0[o + 1] = w;
      if (u > out.box0[o + 2]) out.box0[o + 2] = u;
      if (w > out.box0[o + 3]) out.box0[o + 3] = w;
    }
  }
  return out;
}

/**
 * The box each body sweeps over the step, grown by `margin` (tol/2) and a rounding slack: the box at
 * s = 0 and its translate by Δ, hulled, grown by the spin chord. Every point of the body stays in it.
 */
export function sweptBoxes(b: StepBodies, margin: number): Float64Array {
  const { dim, count } = b;
  const out = new Float64Array(2 * dim * count);
  for (let i = 0; i < count; i++) {
    const o = 2 * dim * i;
    for (let a = 0; a < dim; a++) {
      const lo = b.box0[o + a];
      const hi = b.box0[o + dim + a];
      const d = b.delta[dim * i + a];
      const grow = b.spin[i] + margin + slack(lo, hi, d, b.spin[i]);
      out[o + a] = Math.min(lo, lo + d) - grow;
      out[o + dim + a] = Math.max(hi, hi + d) + grow;
    }
  }
  return out;
}

/** A few ulps of the magnitudes in play, so that rounding never drops a pair. */
export function slack(lo: number, hi: number, d: number, spin: number): number {
  return 1e-13 * (Math.abs(lo) + Math.abs(hi) + Math.abs(d) + spin);
}

/**
 * True when the boxes of bodies i and j, each moving with its translation and grown by its spin and
 * `margin`, overlap at some s in [0, 1] (the 4-D box test: one interval of s a side, intersected).
 */
export function boxesMeetInStep(b: StepBodies, i: number, j: number, margin: number): boolean {
  const { dim } = b;
  let s0 = 0;
  let s1 = 1;
  const oi = 2 * dim * i;
  const oj = 2 * dim * j;
  for (let a = 0; a < dim; a++) {
    const loI = b.box0[oi + a],
      hiI = b.box0[oi + dim + a];
    const loJ = b.box0[oj + a],
      hiJ = b.box0[oj + dim + a];
    const di = b.delta[dim * i + a],
      dj = b.delta[dim * j + a];
    const grow =
      b.spin[i] + b.spin[j] + 2 * margin + slack(loI, hiI, di, b.spin[i]) + slack(loJ, hiJ, dj, b.spin[j]);
    const v = di - dj;
    // loI + s di − grow ≤ hiJ + s dj  and  loJ + s dj ≤ hiI + s di + grow
    const c1 = hiJ - loI + grow; // s v ≤ c1
    const c2 = hiI - loJ + grow; // −s v ≤ c2
    if (v > 0) {
      s1 = Math.min(s1, c1 / v);
      s0 = Math.max(s0, -c2 / v);
    } else if (v < 0) {
      s0 = Math.max(s0, c1 / v);
      s1 = Math.min(s1, -c2 / v);
    } else if (c1 < 0 || c2 < 0) {
      return false;
    }
    if (s0 > s1) return false;
  }
  return true;
}

/**
 * The specification's lower bound of a pair's time of impact: `max(0, box gap at s = 0 − tol) /
 * (μ_i + μ_j)`, the box gap the Euclidean distance of the boxes at s = 0. No iterate of the pair's
 * advancement comes before it (its first step already reaches it).
 */
export function impactLowerBound(b: StepBodies, i: number, j: number, tolerance: number): number {
  const { dim } = b;
  const oi = 2 * dim * i;
  const oj = 2 * dim * j;
  let g2 = 0;
  for (let a = 0; a < dim; a++) {
    const g = Math.max(b.box0[oj + a] - b.box0[oi + dim + a], b.box0[oi + a] - b.box0[oj + dim + a], 0);
    g2 += g * g;
  }
  const gap = Math.sqrt(g2) - tolerance;
  if (!(gap > 0)) return 0;
  const mu = b.mu[i] + b.mu[j];
  // shaved by a relative 1e-9, so that rounding never puts it after the pair's first iterate
  return mu > 0 ? (gap / mu) * (1 - 1e-9) : Number.POSITIVE_INFINITY;
}
