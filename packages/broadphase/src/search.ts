import {
  CcdStatus,
  type CcdStatusValue,
  type DirectionalMode,
  defaultTolerance,
  type ResolvedOptions,
  resolveOptions,
} from '@firsttouch/ccd';
import { type AbortSignalLike, assertCallback, describeValue, FirstTouchError } from '@firsttouch/pose';
import type { StepBodies } from './bodies.js';
import { heapByBound, popByBound } from './bound-order.js';
import { type CandidateSink, type Candidates, candidatePairs } from './candidates.js';
import type { PairSource } from './pair-source.js';
import { type Scratch, U32 } from './scratch.js';

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

/**
 * The options with each field read once, into a record of their own: a getter answers one value,
 * which the checks and the search then both see (options read again after their check let a getter
 * answer a valid value to the check and another to the search). What is not an object is returned
 * as it is, for the checks to refuse.
 *
 * @example
 * ```ts
 * import { impactOptionsOnce } from '@firsttouch/broadphase/internal';
 * let reads = 0;
 * const o = impactOptionsOnce({ get tolerance() { return ++reads; } });
 * console.log(o?.tolerance, o?.tolerance, reads); // 1 1 1
 * ```
 */
export function impactOptionsOnce(options: ImpactOptions | undefined): ImpactOptions | undefined {
  if (typeof options !== 'object' || options === null) return options;
  const { tolerance, maxIterations, directional, convex, gapRelativeError, signal, onProgress } = options;
  return { tolerance, maxIterations, directional, convex, gapRelativeError, signal, onProgress };
}

/**
 * Validates the options and fills in the default tolerance (1e-6 of the largest diagonal, at least
 * ccd's rounding floor of `inPlay`: see `StepBodies.inPlay`).
 */
export function resolveImpactOptions(
  options: ImpactOptions | undefined,
  largestDiagonal: number,
  inPlay = 0,
): ResolvedOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new FirstTouchError('INVALID_OPTION', `options must be an object, got ${describeValue(options)}`);
  }
  assertCallback(options?.onProgress, 'onProgress');
  const tolerance = options?.tolerance ?? defaultTolerance(largestDiagonal, 1, inPlay);
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

/**
 * Overlapping pairs a block of a window's search, at most (about 40 MB of the scratch's arrays):
 * far more than a scene of bodies spread out makes (10⁵ pebbles make about 5·10⁴ in a window), so
 * such a scene's window is one block; n bodies at one place make n²/2, searched a block at a time.
 */
export const BLOCK_PAIRS = 1 << 20;

/**
 * The first window [0, h] of the search: about an eighth of the time a body takes to cross its own
 * box at the mean speed bound, so that the boxes swept over it meet few neighbours.
 */
export function firstWindow(b: StepBodies): number {
  if (b.count === 0) return 1;
  const extent = b.sums[0];
  const mu = b.sums[1];
  if (!(mu > 0) || !(extent > 0)) return 1;
  const h = extent / mu / 8;
  return h >= 1 ? 1 : h > 1 / 4096 ? h : 1 / 4096;
}

/**
 * The earliest contact among many bodies: time windows [0, h] growing eightfold up to the whole
 * step. In a window, each candidate (a pair whose boxes swept over the window meet) gets a certified
 * lower bound of its reported toi, advanced up to the window's end; a pair whose bound passes the
 * end is left out. The others run in the order of (bound, i, j), and the search stops at the first
 * that cannot come before the best found: its bound is later, or equal (it could only tie) with a
 * larger pair (then so is every one after it); each pair is searched only up to the best so far (or
 * the window's end). A window that finds a contact (or a NotConverged lower bound) gives the answer:
 * every pair left out of it stays beyond the tolerance up to its end. Otherwise the next window
 * starts over.
 *
 * The lower bound of a pair: the larger of the specification's `max(0, box gap at s = 0 − tol) /
 * (μ_i + μ_j)` and the last iterate of a conservative advancement on a cheap lower bound of the
 * pair's gap (see {@link PairBound}), neither of which the pair's reported toi comes before.
 *
 * With a `scratch`, a window whose boxes overlap in more than `blockPairs` pairs is searched a block
 * at a time (see {@link candidatePairs}), the best so far carried from block to block: the same
 * answer (status, toi, pair, result), in memory that does not grow with the pairs; `tested` and
 * `runs` may then count pairs that a single pass would have left out.
 *
 * `source`, when given, finds the overlapping boxes of each window in place of `sweepAndPrune`.
 */
export function searchFirst<R>(
  b: StepBodies,
  o: ResolvedOptions,
  run: PairRunner<R>,
  source?: PairSource,
  scratch?: Scratch,
  blockPairs = BLOCK_PAIRS,
): FirstSearch<R> {
  let runs = 0;
  // the pairs run so far, as i·n + j (exact in a double)
  const ran = new Set<number>();
  let h = firstWindow(b);
  for (;;) {
    const w = new WindowSearch(b, h, run, ran, scratch);
    const c = candidatePairs(b, o.tolerance, h, source, scratch, o, w, blockPairs);
    runs += w.tested;
    if (w.bi >= 0 || h >= 1) {
      const pair: [number, number] | null = w.bi < 0 ? null : [w.bi, w.bj];
      const status = w.bi < 0 ? CcdStatus.Separate : w.status;
      const toi = w.bi < 0 ? 1 : w.best;
      return { status, toi, pair, tested: ran.size, runs, candidates: c.candidates, impact: w.impact };
    }
    h = WINDOW_GROWTH * h >= 1 ? 1 : WINDOW_GROWTH * h;
  }
}

/** The search of one window (see {@link searchFirst}), fed its candidates a block at a time. */
class WindowSearch<R> implements CandidateSink {
  /** The best toi so far (+∞ while none), its pair (−1 while none), status and result. */
  best = Number.POSITIVE_INFINITY;
  bi = -1;
  bj = -1;
  status: CcdStatusValue = CcdStatus.Separate;
  impact: R | null = null;
  /** Pair runs in this window. */
  tested = 0;

  constructor(
    readonly b: StepBodies,
    readonly h: number,
    readonly run: PairRunner<R>,
    readonly ran: Set<number>,
    readonly scratch: Scratch | undefined,
  ) {}

  get found(): boolean {
    return this.bi >= 0;
  }

  cannotBeat(lower: number, i: number, j: number): boolean {
    return !before(lower, i, j, this.best, this.bi, this.bj);
  }

  take(c: Candidates): void {
    // The candidates' bounds, advanced up to the window's end (the pairs whose bound passes h are out).
    const count = c.bounds.length;
    const P = c.pairs;
    const key = c.bounds;
    const { h, run, ran, scratch } = this;
    const n = this.b.count;
    // In the order of (bound, i, j), popped from a heap only as far as the loop goes (it usually
    // stops after a few of the window's candidates: a full sort was O(m log m) for them all).
    const heap = scratch === undefined ? new Uint32Array(count) : scratch.u32(U32.live, count);
    heapByBound(heap, key, P);
    let best = this.best;
    let bi = this.bi;
    let bj = this.bj;
    for (let size = count; size > 0; size--) {
      const x = heap[0];
      const L = key[x];
      const i = P[2 * x];
      const j = P[2 * x + 1];
      // A pair whose bound is past the best toi cannot beat it, and one whose bound equals it can only
      // tie, so it runs only when it is a smaller pair. In the order of (bound, i, j), every candidate
      // after one that cannot come before the best cannot either (a later bound, or the same bound and
      // a larger pair), and none of them runs to move the best: the block's search ends at the first.
      if (!before(L, i, j, best, bi, bj)) break;
      popByBound(heap, size, key, P);
      // Box2D's trick: a pair only needs searching up to the best contact so far. Its iterates up to
      // there are those of the full query, so the result still equals the loop over all pairs.
      const r = run(i, j, best < h ? best : h);
      this.tested++;
      ran.add(i * n + j);
      if (r.status === CcdStatus.Separate || r.horizonReached) continue;
      if (before(r.toi, i, j, best, bi, bj)) {
        best = r.toi;
        bi = i;
        bj = j;
        this.best = best;
        this.bi = bi;
        this.bj = bj;
        this.status = r.status;
        this.impact = r.impact();
      }
    }
  }
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
