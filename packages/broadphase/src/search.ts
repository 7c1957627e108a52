import {
  CcdStatus,
  type CcdStatusValue,
  type DirectionalMode,
  defaultTolerance,
  type ResolvedOptions,
  resolveOptions,
} from '@firsttouch/ccd';
import { type AbortSignalLike, assertCallback, describeValue, FirstTouchError } from '@firsttouch/pose';
import { boxesMeetInStep, impactLowerBound, type StepBodies, spinOver, sweptBoxes } from './bodies.js';
import type { PairSource } from './pair-source.js';
import { F64, type Scratch, U32 } from './scratch.js';
import { checkBoxes, lexicographic, overlapsIn, sweepAndPrune } from './sweep-and-prune.js';

/**
 * Options of the many-body queries.
 *
 * @example
 * ```ts
 * import type { ImpactOptions } from '@firsttouch/broadphase';
 * const options: ImpactOptions = { tolerance: 1e-6, directional: 'auto' };
 * ```
 */
export interface ImpactOptions {
  /** Default: 1e-6 of the largest bounding-box diagonal of all the bodies. */
  tolerance?: number;
  /** Passed to every pair's time of impact (default 1000). */
  maxIterations?: number;
  /** Passed to every pair's time of impact (default `'auto'`). */
  directional?: DirectionalMode;
  /** Passed to every pair's time of impact (default true: convex pairs take the convex path). */
  convex?: boolean;
  /** Passed to every 3-D pair's time of impact (default 1e-6; 0: every step from the exact gap). */
  gapRelativeError?: number;
  /**
   * Stops the query with `FirstTouchError` `ABORTED`: checked after every pair run and inside each
   * pair's advancement, after every step (see ccd's `signal` for what a synchronous call can see).
   */
  signal?: AbortSignalLike;
  /** Told after every pair run (one record, rewritten each time). */
  onProgress?: (progress: ImpactProgress) => void;
}

/**
 * What {@link ImpactOptions.onProgress} is told after every pair run.
 *
 * @example
 * ```ts
 * import { firstImpact, type ImpactProgress } from '@firsttouch/broadphase';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const seen: ImpactProgress[] = [];
 * firstImpact([box(1), box(1)], [at(0), at(3)], [at(0), at(-3)], { onProgress: (p) => seen.push({ ...p }) });
 * console.log(seen.length, seen[0].runs, seen[0].earliest.toFixed(4)); // 1 1 0.3333
 * ```
 */
export interface ImpactProgress {
  /** Pair runs so far (a pair searched again in a later time window counts again). */
  runs: number;
  /** The earliest toi among the pairs run so far that did not end Separate (1 while none). */
  earliest: number;
}

/**
 * A pair's outcome, as the search needs it. `impact()` builds the pair's full result; the search
 * calls it only for a pair that becomes the best so far, right after its run (a runner may build it
 * from state that the next run overwrites).
 */
export interface PairOutcome<R> {
  status: CcdStatusValue;
  toi: number;
  /** The pair stopped at the horizon it was given: no contact up to it. */
  horizonReached: boolean;
  impact: () => R;
}

/** Runs one pair's time of impact up to `horizon`. */
export type PairRunner<R> = (i: number, j: number, horizon: number) => PairOutcome<R>;

/** The candidate pairs of a step, with their lower bounds. */
export interface Candidates {
  /** Flat pairs `i, j` (`i < j`), in the order (i, j). */
  pairs: Uint32Array;
  /** The lower bound of each pair's time of impact. */
  bounds: Float64Array;
  /** Each body's chord over the window (`spinOver`). */
  spin: Float64Array;
  /**
   * The pairs whose boxes met in the window: all of `pairs`, or with `refine` more (those whose
   * bound passes the window's end are counted here and left out of `pairs`).
   */
  candidates: number;
}

/** Validates the options and fills in the default tolerance. */
export function resolveImpactOptions(
  options: ImpactOptions | undefined,
  largestDiagonal: number,
): ResolvedOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new FirstTouchError('INVALID_OPTION', `options must be an object, got ${describeValue(options)}`);
  }
  assertCallback(options?.onProgress, 'onProgress');
  const tolerance = options?.tolerance ?? defaultTolerance(largestDiagonal);
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || !(tolerance > 0)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `tolerance must be a positive finite number, got ${describeValue(tolerance)}`,
    );
  }
  // the pair options are checked now, not only when a pair happens to run
  return resolveOptions(
    {
      tolerance,
      maxIterations: options?.maxIterations,
      directional: options?.directional,
      convex: options?.convex,
      gapRelativeError: options?.gapRelativeError,
      signal: options?.signal,
    },
    tolerance,
  );
}

/**
 * The candidate pairs of the window [0, h] of the step (h = 1: the whole step): sweep-and-prune over
 * the boxes swept over the window (grown by tol/2), then the 4-D box test (the moving boxes meet at
 * some s in the window), each with the specification's lower bound, in the order (i, j). A pair
 * left out stays farther apart than the tolerance over the whole window. With `refine`, a pair's
 * bound is raised by its {@link PairBound} advancement, and a pair whose bound passes h is left out
 * too (it is past h: see {@link searchFirst}). With `scratch`, the
 * candidates and the chords are views of it (valid until its next use), and so are the boxes unless
 * a `source` takes them.
 */
export function candidatePairs(
  b: StepBodies,
  tolerance: number,
  h = 1,
  source?: PairSource,
  scratch?: Scratch,
  refine?: { maxIterations: number },
): Candidates {
  const margin = 0.5 * tolerance;
  const n = b.count;
  const own = source === undefined ? scratch : undefined;
  const spin = windowSpin(b, h, scratch);
  const boxes = sweptBoxes(b, margin, h, own?.f64(F64.boxes, 2 * b.dim * n), spin);
  const whole = () => (h >= 1 ? boxes : sweptBoxes(b, margin, 1));
  // In the order of (i, j): the per-body arrays are then read in order on one side of each pair,
  // not at random on both (at 10⁵ bodies, cache misses are most of the pairs' cost).
  let raw: Uint32Array;
  if (source !== undefined) raw = source.overlaps(boxes, h, b, whole);
  else if (scratch === undefined) raw = sweepAndPrune(boxes, b.dim);
  else {
    checkBoxes(boxes, b.dim);
    raw = lexicographic(overlapsIn(boxes, b.dim, scratch), n, scratch);
  }
  const bound = refine === undefined ? undefined : new PairBound(b, tolerance, h, refine.maxIterations, spin);
  let met = 0;
  let kept = 0;
  const m = raw.length >>> 1;
  const pairs = scratch === undefined ? new Uint32Array(2 * m) : scratch.u32(U32.pairs, 2 * m);
  const bounds = scratch === undefined ? new Float64Array(m) : scratch.f64(F64.bounds, m);
  // One pass a pair, so that the numbers of j (at random in memory) are fetched once for all tests.
  // Each turn also reads the first number of each of j's arrays a few pairs ahead: those cache
  // misses then overlap the work on this pair (their sum is only compared, so it is not dropped).
  const { box0, delta, origin, radius, scale, mu } = b;
  const dim = b.dim;
  let ahead = 0;
  for (let k = 0; k < raw.length; k += 2) {
    const i = raw[k];
    const j = raw[k + 1];
    if (k + AHEAD < raw.length) {
      const q = raw[k + AHEAD + 1];
      ahead += box0[2 * dim * q] + delta[dim * q] + spin[q] + origin[dim * q] + radius[q] + scale[q] + mu[q];
    }
    if (!boxesMeetInStep(b, i, j, margin, h, spin)) continue;
    met++;
    let lower = impactLowerBound(b, i, j, tolerance);
    if (bound !== undefined) {
      if (lower > h) continue;
      const s = bound.advance(i, j, h);
      if (s > h) continue;
      if (s > lower) lower = s;
    }
    pairs[2 * kept] = i;
    pairs[2 * kept + 1] = j;
    bounds[kept] = lower;
    kept++;
  }
  // (NaN only from a NaN in the step data, which the checks before keep out: never true)
  if (ahead === Number.NEGATIVE_INFINITY) met += 0;
  const views = scratch !== undefined;
  return {
    pairs: views ? pairs.subarray(0, 2 * kept) : pairs.slice(0, 2 * kept),
    bounds: views ? bounds.subarray(0, kept) : bounds.slice(0, kept),
    spin,
    candidates: met,
  };
}

/** How far ahead (in numbers of the pair list: 2 a pair) the pair pass reads each second body's arrays. */
const AHEAD = 32;

/** Each body's chord over the window [0, h] (its spin when h = 1; else a view of `scratch` if given). */
function windowSpin(b: StepBodies, h: number, scratch?: Scratch): Float64Array {
  if (h >= 1) return b.spin;
  const spin = scratch === undefined ? new Float64Array(b.count) : scratch.f64(F64.windowSpin, b.count);
  for (let i = 0; i < b.count; i++) spin[i] = spinOver(b, i, h);
  return spin;
}

/** True when (toi, i, j) comes before the best so far: earlier, or as early and a smaller pair. */
function before(toi: number, i: number, j: number, best: number, bi: number, bj: number): boolean {
  return toi < best || (toi === best && (bi < 0 || i < bi || (i === bi && j < bj)));
}

/** What {@link searchFirst} returns. */
export interface FirstSearch<R> {
  status: CcdStatusValue;
  toi: number;
  pair: [number, number] | null;
  /** Distinct pairs that ran a time of impact (over all the windows). */
  tested: number;
  /** Time-of-impact runs (a pair searched again in a later window counts again). */
  runs: number;
  /** The candidates of the last window. */
  candidates: number;
  impact: R | null;
}

/** Each window is this many times longer than the one before (the last one is the whole step). */
const WINDOW_GROWTH = 8;
/** The ball-and-box advancement of a pair stops after this many steps (the pair then runs). */
const REFINE_STEPS = 128;
/** The ball-and-box advancement stops at a step shorter than this share of the way to the target. */
const STALL = 1 / 16;

/**
 * The first window [0, h] of the search: about an eighth of the time a body takes to cross its own
 * box at the mean speed bound, so that the boxes swept over it meet few neighbours.
 */
export function firstWindow(b: StepBodies): number {
  const { dim, count } = b;
  if (count === 0) return 1;
  let extent = 0;
  let mu = 0;
  for (let i = 0; i < count; i++) {
    let e = 0;
    for (let a = 0; a < dim; a++) e = Math.max(e, b.box0[2 * dim * i + dim + a] - b.box0[2 * dim * i + a]);
    extent += e;
    mu += b.mu[i];
  }
  if (!(mu > 0) || !(extent > 0)) return 1;
  const h = extent / mu / 8;
  return h >= 1 ? 1 : h > 1 / 4096 ? h : 1 / 4096;
}

/**
 * The earliest contact among many bodies: time windows [0, h] growing eightfold up to the whole
 * step. In a window, each candidate (a pair whose boxes swept over the window meet) gets a certified
 * lower bound of its reported toi, advanced up to the window's end; a pair whose bound passes the
 * end is left out. The others run in the order of (bound, i, j), and the search stops when the next
 * bound is later than the best found (a pair whose bound equals the best can only tie, so it runs
 * only when it is a smaller pair); each pair is searched only up to the best so far (or the
 * window's end). A window that finds a contact (or a NotConverged lower bound) gives the answer:
 * every pair left out of it stays beyond the tolerance up to its end. Otherwise the next window
 * starts over.
 *
 * The lower bound of a pair: the larger of the specification's `max(0, box gap at s = 0 − tol) /
 * (μ_i + μ_j)` and the last iterate of a conservative advancement on a cheap lower bound of the
 * pair's gap (see {@link PairBound}), neither of which the pair's reported toi comes before.
 *
 * `source`, when given, finds the overlapping boxes of each window in place of `sweepAndPrune`.
 */
export function searchFirst<R>(
  b: StepBodies,
  o: ResolvedOptions,
  run: PairRunner<R>,
  source?: PairSource,
  scratch?: Scratch,
): FirstSearch<R> {
  let runs = 0;
  // the pairs run so far, as i·n + j (exact in a double)
  const ran = new Set<number>();
  let h = firstWindow(b);
  for (;;) {
    const c = candidatePairs(b, o.tolerance, h, source, scratch, o);
    const r = searchWindow(b, c, h, run, ran, scratch);
    runs += r.tested;
    if (r.pair !== null || h >= 1) return { ...r, tested: ran.size, runs, candidates: c.candidates };
    h = WINDOW_GROWTH * h >= 1 ? 1 : WINDOW_GROWTH * h;
  }
}

/**
 * A cheap, certified lower bound g of the gap of a pair over the window [0, h], less a rounding
 * slack: the largest of
 * - the gap of the balls about the origins, each carried by its body's translation (so it holds
 *   the body at every s, whatever the turn);
 * - the gap of the boxes at s = 0 carried by the translations and grown by the chords of the turns
 *   over the window (world axes; Euclidean, the exact gap of two aligned boxes);
 * - in 3-D, the same for the oriented boxes (each body's box in its own frame, placed at s = 0):
 *   the Euclidean gap of their projections on the axes of one frame (the other box lies in its
 *   aligned box in that frame), for either frame, and the gap along each cross product of an axis
 *   of one with an axis of the other (separating axes).
 *
 * Each term is a gap `|p + s v| − r` along a fixed axis (or a Euclidean norm of such over
 * orthonormal axes, or the ball's centre distance), so g changes no faster than
 * `|Δ_i − Δ_j| ≤ μ_i + μ_j`.
 *
 * The bound: let `s'_0 = 0`, `s'_{k+1} = s'_k + (g(s'_k) − tol) / μ` (μ a hair over the pair's
 * speed bound), while `g(s'_k) > tol` and k stays within the iteration cap. The map `s ↦ s + (g(s)
 * − tol) / μ` is monotone and below the pair's own advancement step `s ↦ s + (d(s) − tol/2) / μ`
 * on [0, h] (g ≤ d there), so by induction the pair's k-th iterate is past h or at least `s'_k`;
 * and g > tol on [0, s'_k), so no contact comes before `s'_k` either. So the pair's reported toi,
 * whatever its status, is past h or at least `s'_k`.
 *
 * @example
 * ```ts
 * import { PairBound, stepBodies3 } from '@firsttouch/broadphase/internal';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const step = stepBodies3([box(1), box(1)], [at(0), at(3)], [at(1), at(3)]);
 * // the pair cannot touch before the first body has crossed the gap of 2
 * console.log(new PairBound(step, 1e-6, 1, 1000).advance(0, 1, 1) > 1); // true
 * ```
 */
export class PairBound {
  readonly #b: StepBodies;
  readonly #tol: number;
  readonly #spin: Float64Array;
  readonly #cap: number;
  // the axes of the pair being advanced: gap |p + s v| − r each; 0..dim−1 the world axes, then
  // (3-D) frame i, frame j (3 each), then up to 9 cross axes
  readonly #p = new Float64Array(18);
  readonly #v = new Float64Array(18);
  readonly #r = new Float64Array(18);
  #axes = 0;
  #frames = false;
  #frames3 = false;
  // the pair's oriented boxes (see StepBodies.orientedBox) and chords
  readonly #fi = new Float64Array(15);
  readonly #fj = new Float64Array(15);
  #grow = 0;
  // the balls: centre offset, its rate, the radii
  readonly #bp = new Float64Array(3);
  readonly #bv = new Float64Array(3);
  #br = 0;
  #slack = 0;

  /** `spin`, when given, holds each body's chord over the window, as `spinOver(b, i, h)` computes it. */
  constructor(b: StepBodies, tolerance: number, h: number, maxIterations: number, spin?: Float64Array) {
    this.#b = b;
    this.#tol = tolerance;
    if (spin === undefined) {
      spin = new Float64Array(b.count);
      for (let i = 0; i < b.count; i++) spin[i] = spinOver(b, i, h);
    }
    this.#spin = spin;
    this.#cap = Math.min(maxIterations, REFINE_STEPS);
  }

  /** Sets up the axes of the pair (i, j): the balls and world boxes, and with `full` the oriented boxes. */
  #setup(i: number, j: number, full: boolean): void {
    const b = this.#b;
    const { dim } = b;
    const P = this.#p;
    const V = this.#v;
    const Rr = this.#r;
    const D = b.delta;
    const O = b.origin;
    const B = b.box0;
    const grow = this.#spin[i] + this.#spin[j];
    this.#grow = grow;
    const oi = 2 * dim * i;
    const oj = 2 * dim * j;
    for (let a = 0; a < dim; a++) {
      this.#bp[a] = O[dim * j + a] - O[dim * i + a];
      this.#bv[a] = D[dim * j + a] - D[dim * i + a];
      P[a] = 0.5 * (B[oj + a] + B[oj + dim + a]) - 0.5 * (B[oi + a] + B[oi + dim + a]);
      V[a] = this.#bv[a];
      Rr[a] = 0.5 * (B[oi + dim + a] - B[oi + a]) + 0.5 * (B[oj + dim + a] - B[oj + a]) + grow;
    }
    this.#br = b.radius[i] + b.radius[j];
    this.#slack = 1e-12 * (b.scale[i] + b.scale[j]);
    this.#axes = dim;
    this.#frames = false;
    const box = b.orientedBox;
    this.#frames3 = dim === 3 && box !== undefined;
    if (!full || box === undefined) return;
    const Fi = this.#fi;
    const Fj = this.#fj;
    box(i, Fi);
    box(j, Fj);
    // the frames' axes (the columns of R0), then the cross products of one's with the other's
    let n = 3;
    for (let k = 0; k < 3; k++) n = this.#axis(n, Fi[k], Fi[3 + k], Fi[6 + k]);
    for (let k = 0; k < 3; k++) n = this.#axis(n, Fj[k], Fj[3 + k], Fj[6 + k]);
    // (a rotation's columns have length 1 to 1e-9, so none is dropped; if one were, no frames)
    this.#frames = n === 9;
    if (!this.#frames) n = 3;
    for (let k = 0; k < 3; k++) {
      const ax = Fi[k],
        ay = Fi[3 + k],
        az = Fi[6 + k];
      for (let l = 0; l < 3; l++) {
        const bx = Fj[l],
          by = Fj[3 + l],
          bz = Fj[6 + l];
        n = this.#axis(n, ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx);
      }
    }
    this.#axes = n;
  }

  /**
   * Adds the axis u (normalised here; dropped when nearly zero) as entry n: the oriented boxes'
   * centre offset and its rate along u, and their projected half-widths grown by the chords.
   * Returns the next entry.
   */
  #axis(n: number, ux: number, uy: number, uz: number): number {
    const len = Math.sqrt(ux * ux + uy * uy + uz * uz);
    if (!(len > 1e-6)) return n;
    ux /= len;
    uy /= len;
    uz /= len;
    const Fi = this.#fi;
    const Fj = this.#fj;
    let r = this.#grow;
    for (let k = 0; k < 3; k++) {
      r += Fi[12 + k] * Math.abs(Fi[k] * ux + Fi[3 + k] * uy + Fi[6 + k] * uz);
      r += Fj[12 + k] * Math.abs(Fj[k] * ux + Fj[3 + k] * uy + Fj[6 + k] * uz);
    }
    this.#p[n] = (Fj[9] - Fi[9]) * ux + (Fj[10] - Fi[10]) * uy + (Fj[11] - Fi[11]) * uz;
    this.#v[n] = this.#bv[0] * ux + this.#bv[1] * uy + this.#bv[2] * uz;
    this.#r[n] = r;
    return n + 1;
  }

  /** g at s for the pair set up last. */
  #gap(s: number): number {
    const { dim } = this.#b;
    const P = this.#p;
    const V = this.#v;
    const Rr = this.#r;
    let c2 = 0;
    let w2 = 0;
    for (let a = 0; a < dim; a++) {
      const c = this.#bp[a] + s * this.#bv[a];
      c2 += c * c;
      const q = Math.abs(P[a] + s * V[a]) - Rr[a];
      if (q > 0) w2 += q * q;
    }
    let g = Math.sqrt(c2) - this.#br;
    const w = Math.sqrt(w2);
    if (w > g) g = w;
    const n = this.#axes;
    let k = dim;
    if (this.#frames) {
      // the two frames: Euclidean over three orthonormal axes (shaved: R0 is orthonormal to 1e-9)
      for (let f = 0; f < 2; f++, k += 3) {
        let e2 = 0;
        for (let a = k; a < k + 3; a++) {
          const q = Math.abs(P[a] + s * V[a]) - Rr[a];
          if (q > 0) e2 += q * q;
        }
        const e = Math.sqrt(e2) * (1 - 1e-8);
        if (e > g) g = e;
      }
    }
    for (; k < n; k++) {
      const q = Math.abs(P[k] + s * V[k]) - Rr[k];
      if (q > g) g = q;
    }
    return g - this.#slack;
  }

  /** The lower bound g of the pair's gap at s (valid for s in the window). */
  gap(i: number, j: number, s: number): number {
    this.#setup(i, j, true);
    return this.#gap(s);
  }

  /**
   * The pair's bound: advances `s'_k` from 0 until it passes `target`, or goes no further (g ≤ tol,
   * the step cap, or steps too short to pass `target` soon). Returns the last `s'_k`: the pair's
   * reported toi is past h or at least that.
   */
  advance(i: number, j: number, target: number): number {
    const b = this.#b;
    const tol = this.#tol;
    const mu = (b.mu[i] + b.mu[j]) * (1 + 1e-9);
    // the balls and the world boxes first (cheap); the oriented boxes only for a pair they leave
    this.#setup(i, j, false);
    if (!(mu > 0)) {
      // at rest relative to each other: the pair is Separate unless it touches at s = 0
      this.#setup(i, j, true);
      return this.#gap(0) > tol ? Number.POSITIVE_INFINITY : 0;
    }
    // the pair's steps too short for the argument to survive rounding: no bound
    if (0.5 * tol < 1e-12 * mu) return 0;
    let s = 0;
    let full = false;
    for (let k = 0; k < this.#cap; k++) {
      const g = this.#gap(s);
      // shaved, so that the rounded iterate never passes the exact one
      const step = g > tol ? ((g - tol) / mu) * (1 - 1e-12) : 0;
      // closing in on g = tol: more steps would not pass the target soon
      if (step === 0 || step < STALL * (target - s)) {
        if (!full && this.#frames3) {
          // (each step may take its own lower bound of the gap: the argument holds step by step)
          full = true;
          this.#setup(i, j, true);
          k--;
          continue;
        }
        return step === 0 ? s : s + step - 4.5e-16;
      }
      s = s + step - 4.5e-16;
      if (s > target) return s;
    }
    return s;
  }
}

/** The search of one window (see {@link searchFirst}). */
function searchWindow<R>(
  b: StepBodies,
  c: Candidates,
  h: number,
  run: PairRunner<R>,
  ran: Set<number>,
  scratch?: Scratch,
): { status: CcdStatusValue; toi: number; pair: [number, number] | null; tested: number; impact: R | null } {
  // The candidates' bounds, advanced up to the window's end (the pairs whose bound passes h are out).
  const count = c.bounds.length;
  const P = c.pairs;
  const key = c.bounds;
  // In the order of (bound, i, j).
  const order = scratch === undefined ? new Uint32Array(count) : scratch.u32(U32.live, count);
  for (let x = 0; x < count; x++) order[x] = x;
  order.sort((p, q) => key[p] - key[q] || P[2 * p] - P[2 * q] || P[2 * p + 1] - P[2 * q + 1]);
  let best = Number.POSITIVE_INFINITY;
  let bi = -1;
  let bj = -1;
  let status: CcdStatusValue = CcdStatus.Separate;
  let impact: R | null = null;
  let tested = 0;
  for (let y = 0; y < count; y++) {
    const x = order[y];
    const L = key[x];
    if (L > best) break;
    const i = P[2 * x];
    const j = P[2 * x + 1];
    // a pair whose bound equals the best toi can only tie: it runs only when it is a smaller pair
    if (!before(L, i, j, best, bi, bj)) continue;
    // Box2D's trick: a pair only needs searching up to the best contact so far. Its iterates up to
    // there are those of the full query, so the result still equals the loop over all pairs.
    const r = run(i, j, best < h ? best : h);
    tested++;
    ran.add(i * b.count + j);
    if (r.status === CcdStatus.Separate || r.horizonReached) continue;
    if (before(r.toi, i, j, best, bi, bj)) {
      best = r.toi;
      bi = i;
      bj = j;
      status = r.status;
      impact = r.impact();
    }
  }
  if (bi < 0) return { status: CcdStatus.Separate, toi: 1, pair: null, tested, impact: null };
  return { status, toi: best, pair: [bi, bj], tested, impact };
}

/** Every candidate's outcome that is not Separate, sorted by (toi, i, j). */
export function searchAll<R>(
  c: Candidates,
  run: PairRunner<R>,
): { impacts: { pair: [number, number]; status: CcdStatusValue; toi: number; impact: R }[]; tested: number } {
  const impacts: { pair: [number, number]; status: CcdStatusValue; toi: number; impact: R }[] = [];
  for (let x = 0; x < c.bounds.length; x++) {
    const i = c.pairs[2 * x];
    const j = c.pairs[2 * x + 1];
    const r = run(i, j, 1);
    if (r.status !== CcdStatus.Separate)
      impacts.push({ pair: [i, j], status: r.status, toi: r.toi, impact: r.impact() });
  }
  impacts.sort((p, q) => p.toi - q.toi || p.pair[0] - q.pair[0] || p.pair[1] - q.pair[1]);
  return { impacts, tested: c.bounds.length };
}
