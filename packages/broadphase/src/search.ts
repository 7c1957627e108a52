import {
  CcdStatus,
  type CcdStatusValue,
  type DirectionalMode,
  defaultTolerance,
  resolveOptions,
} from '@firsttouch/ccd';
import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { boxesMeetInStep, impactLowerBound, type StepBodies, sweptBoxes } from './bodies.js';
import { overlappingPairs } from './sweep-and-prune.js';

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
}

/** A pair's outcome, as the search needs it. */
export interface PairOutcome<R> {
  status: CcdStatusValue;
  toi: number;
  /** The pair stopped at the horizon it was given: no contact up to it. */
  horizonReached: boolean;
  impact: R;
}

/** The candidate pairs of a step, with their lower bounds. */
export interface Candidates {
  /** Flat pairs `i, j` (`i < j`), in no particular order. */
  pairs: Uint32Array;
  /** The lower bound of each pair's time of impact. */
  bounds: Float64Array;
}

/** Validates the options and fills in the default tolerance. */
export function resolveImpactOptions(
  options: ImpactOptions | undefined,
  largestDiagonal: number,
): Required<ImpactOptions> {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new FirstTouchError('INVALID_OPTION', `options must be an object, got ${describeValue(options)}`);
  }
  const tolerance = options?.tolerance ?? defaultTolerance(largestDiagonal);
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || !(tolerance > 0)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `tolerance must be a positive finite number, got ${describeValue(tolerance)}`,
    );
  }
  // the pair options are checked now, not only when a pair happens to run
  return resolveOptions(
    { tolerance, maxIterations: options?.maxIterations, directional: options?.directional },
    tolerance,
  );
}

/**
 * The candidate pairs: sweep-and-prune over the swept boxes (grown by tol/2), then the 4-D box test
 * (the moving boxes meet at some s), each with the specification's lower bound, in no particular
 * order: {@link CandidateQueue} hands them out by (bound, pair).
 */
export function candidatePairs(b: StepBodies, tolerance: number): Candidates {
  const margin = 0.5 * tolerance;
  const raw = overlappingPairs(sweptBoxes(b, margin), b.dim);
  let kept = 0;
  const pairs = new Uint32Array(raw.length);
  for (let k = 0; k < raw.length; k += 2) {
    if (!boxesMeetInStep(b, raw[k], raw[k + 1], margin)) continue;
    pairs[2 * kept] = raw[k];
    pairs[2 * kept + 1] = raw[k + 1];
    kept++;
  }
  const bounds = new Float64Array(kept);
  for (let x = 0; x < kept; x++) bounds[x] = impactLowerBound(b, pairs[2 * x], pairs[2 * x + 1], tolerance);
  return { pairs: pairs.slice(0, 2 * kept), bounds };
}

/**
 * A binary min-heap of candidate indices by (lower bound, i, j): the search usually stops after a
 * few pairs, so sorting them all would be wasted (O(n) to build, O(log n) a pair taken).
 */
export class CandidateQueue {
  readonly #heap: Uint32Array;
  readonly #key: Float64Array;
  readonly #pairs: Uint32Array;
  #size: number;

  constructor(c: Candidates) {
    const bounds = c.bounds;
    this.#key = bounds;
    this.#pairs = c.pairs;
    this.#size = bounds.length;
    this.#heap = new Uint32Array(bounds.length);
    for (let x = 0; x < bounds.length; x++) this.#heap[x] = x;
    for (let x = (this.#size >> 1) - 1; x >= 0; x--) this.#down(x);
  }

  /** Candidates left. */
  get size(): number {
    return this.#size;
  }

  /** The index of the smallest (bound, index) left, without taking it. */
  peek(): number {
    return this.#heap[0];
  }

  /** Takes the smallest (bound, index) left. */
  pop(): number {
    const top = this.#heap[0];
    this.#size--;
    if (this.#size > 0) {
      this.#heap[0] = this.#heap[this.#size];
      this.#down(0);
    }
    return top;
  }

  #less(p: number, q: number): boolean {
    const kp = this.#key[p];
    const kq = this.#key[q];
    if (kp !== kq) return kp < kq;
    const P = this.#pairs;
    return P[2 * p] < P[2 * q] || (P[2 * p] === P[2 * q] && P[2 * p + 1] < P[2 * q + 1]);
  }

  #down(x: number): void {
    const h = this.#heap;
    for (;;) {
      const l = 2 * x + 1;
      if (l >= this.#size) return;
      const r = l + 1;
      const c = r < this.#size && this.#less(h[r], h[l]) ? r : l;
      if (!this.#less(h[c], h[x])) return;
      const t = h[c];
      h[c] = h[x];
      h[x] = t;
      x = c;
    }
  }
}

/** True when (toi, i, j) comes before the best so far: earlier, or as early and a smaller pair. */
function before(toi: number, i: number, j: number, best: number, bi: number, bj: number): boolean {
  return toi < best || (toi === best && (bi < 0 || i < bi || (i === bi && j < bj)));
}

/**
 * The earliest contact among the candidates: pairs run in the order of their lower bounds and the
 * search stops when the next bound is later than the best found (a pair whose bound equals the best
 * toi can only tie, so it runs only when it is a smaller pair). Contacts and NotConverged lower
 * bounds both count, so nothing is missed before the result either way.
 */
export function searchFirst<R>(
  c: Candidates,
  run: (i: number, j: number, horizon: number) => PairOutcome<R>,
): { status: CcdStatusValue; toi: number; pair: [number, number] | null; tested: number; impact: R | null } {
  let best = Number.POSITIVE_INFINITY;
  let bi = -1;
  let bj = -1;
  let status: CcdStatusValue = CcdStatus.Separate;
  let impact: R | null = null;
  let tested = 0;
  const queue = new CandidateQueue(c);
  while (queue.size > 0) {
    const x = queue.pop();
    const bound = c.bounds[x];
    if (bound > best) break;
    const i = c.pairs[2 * x];
    const j = c.pairs[2 * x + 1];
    if (!before(bound, i, j, best, bi, bj)) continue;
    // Box2D's trick: a pair only needs searching up to the best contact so far. Its iterates up to
    // there are those of the full query, so the result still equals the loop over all pairs.
    const r = run(i, j, best < 1 ? best : 1);
    tested++;
    if (r.status === CcdStatus.Separate || r.horizonReached) continue;
    if (before(r.toi, i, j, best, bi, bj)) {
      best = r.toi;
      bi = i;
      bj = j;
      status = r.status;
      impact = r.impact;
    }
  }
  if (bi < 0) return { status: CcdStatus.Separate, toi: 1, pair: null, tested, impact: null };
  return { status, toi: best, pair: [bi, bj], tested, impact };
}

/** Every candidate's outcome that is not Separate, sorted by (toi, i, j). */
export function searchAll<R>(
  c: Candidates,
  run: (i: number, j: number, horizon: number) => PairOutcome<R>,
): { impacts: { pair: [number, number]; status: CcdStatusValue; toi: number; impact: R }[]; tested: number } {
  const impacts: { pair: [number, number]; status: CcdStatusValue; toi: number; impact: R }[] = [];
  for (let x = 0; x < c.bounds.length; x++) {
    const i = c.pairs[2 * x];
    const j = c.pairs[2 * x + 1];
    const r = run(i, j, 1);
    if (r.status !== CcdStatus.Separate)
      impacts.push({ pair: [i, j], status: r.status, toi: r.toi, impact: r.impact });
  }
  impacts.sort((p, q) => p.toi - q.toi || p.pair[0] - q.pair[0] || p.pair[1] - q.pair[1]);
  return { impacts, tested: c.bounds.length };
}
