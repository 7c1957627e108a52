import {
  bodyLayout,
  boxesMeetInStep,
  impactLowerBound,
  type StepBodies,
  sweptBoxes,
  windowChords,
} from './bodies.js';
import { PairBound } from './pair-bound.js';
import type { PairSource } from './pair-source.js';
import { F64, type Scratch, U32 } from './scratch.js';
import { checkBoxes, lexicographic, overlapsIn, sweepAndPrune } from './sweep-and-prune.js';

/** The candidate pairs of a step, with their lower bounds. */
export interface Candidates {
  /** Flat pairs `i, j` (`i < j`), in the order (i, j). */
  pairs: Uint32Array;
  /** The lower bound of each pair's time of impact. */
  bounds: Float64Array;
  /**
   * The pairs whose boxes met in the window: all of `pairs`, or with `refine` more (those whose
   * bound passes the window's end are counted here and left out of `pairs`).
   */
  candidates: number;
}

/**
 * Where a search takes the candidates of a window block by block (see {@link candidatePairs}).
 */
export interface CandidateSink {
  /**
   * True when a pair whose reported toi is at least `lower` can no longer change the search: the
   * pair pass then leaves it out before its bound's iterations (asked only once `found`).
   */
  cannotBeat(lower: number, i: number, j: number): boolean;
  /** True once a pair has given the search a toi to beat. */
  readonly found: boolean;
  /** One block of candidates (views valid during the call only), in the order (i, j). */
  take(block: Candidates): void;
}

/**
 * The candidate pairs of the window [0, h] of the step (h = 1: the whole step): sweep-and-prune over
 * the boxes swept over the window (grown by tol/2), then the 4-D box test (the moving boxes meet at
 * some s in the window), each with the specification's lower bound, in the order (i, j). A pair
 * left out stays farther apart than the tolerance over the whole window. With `refine`, a pair's
 * bound is raised by its {@link PairBound} advancement, and a pair whose bound passes h is left out
 * too (it is past h: see `searchFirst`). With `scratch`, the
 * candidates and the chords are views of it (valid until its next use), and so are the boxes unless
 * a `source` takes them.
 *
 * With a `sink` (and a `scratch`), the overlapping boxes are taken `blockPairs` pairs at a time and
 * each block's candidates go to `sink.take` as soon as they are known, so that a scene whose boxes
 * all overlap (n bodies at one place: n²/2 pairs) is searched in bounded memory; once the sink has
 * `found` a toi, a pair that cannot beat it is left out on its box-gap bound alone. The candidates
 * returned are then the last block's, with `candidates` counted over all the blocks.
 */
export function candidatePairs(
  b: StepBodies,
  tolerance: number,
  h = 1,
  source?: PairSource,
  scratch?: Scratch,
  refine?: { maxIterations: number },
  sink?: CandidateSink,
  blockPairs = Number.POSITIVE_INFINITY,
): Candidates {
  const margin = 0.5 * tolerance;
  const n = b.count;
  const own = source === undefined ? scratch : undefined;
  const spin = windowSpin(b, h, scratch);
  const boxes = sweptBoxes(b, margin, h, own?.f64(F64.boxes, 2 * b.dim * n), spin);
  const whole = () => (h >= 1 ? boxes : sweptBoxes(b, margin, 1));
  const bound = refine === undefined ? undefined : new PairBound(b, tolerance, h, refine.maxIterations, spin);
  let met = 0;
  let last: Candidates | undefined;
  const block = (raw: Uint32Array): void => {
    last = pairPass(b, raw, tolerance, h, margin, spin, bound, scratch, sink);
    met += last.candidates;
    sink?.take(last);
  };
  // In the order of (i, j): the per-body arrays are then read in order on one side of each pair,
  // not at random on both (at 10⁵ bodies, cache misses are most of the pairs' cost).
  if (source !== undefined) block(source.overlaps(boxes, h, b, whole));
  else if (scratch === undefined) block(sweepAndPrune(boxes, b.dim));
  else {
    checkBoxes(boxes, b.dim);
    // The first block small enough that its pairs' bounds are cheap (a crowded scene's first block
    // finds the toi that leaves out the rest), large enough for a whole window of a scene spread out
    // (a few pairs a body); each block after it twice the one before, up to `blockPairs`.
    let size = Math.min(blockPairs, Math.max(8 * n, FIRST_BLOCK));
    const flush =
      sink === undefined
        ? undefined
        : (raw: Uint32Array) => {
            block(lexicographic(raw, n, scratch));
            size = Math.min(blockPairs, 2 * size);
            return size;
          };
    block(lexicographic(overlapsIn(boxes, b.dim, scratch, flush, size), n, scratch));
  }
  const c = last as Candidates;
  return { pairs: c.pairs, bounds: c.bounds, candidates: met };
}

/**
 * The pair pass over `raw` (pairs in the order (i, j)): each pair whose moving boxes meet in the
 * window, with its lower bound (see {@link candidatePairs}).
 */
function pairPass(
  b: StepBodies,
  raw: Uint32Array,
  tolerance: number,
  h: number,
  margin: number,
  spin: Float64Array | undefined,
  bound: PairBound | undefined,
  scratch: Scratch | undefined,
  sink: CandidateSink | undefined,
): Candidates {
  // (a sink that has found a toi: the pairs that cannot beat it are left out on their box gap)
  const pruning = sink?.found === true;
  let met = 0;
  let kept = 0;
  const m = raw.length >>> 1;
  const pairs = scratch === undefined ? new Uint32Array(2 * m) : scratch.u32(U32.pairs, 2 * m);
  const bounds = scratch === undefined ? new Float64Array(m) : scratch.f64(F64.bounds, m);
  // One pass a pair, so that the numbers of j (at random in memory) are fetched once for all tests,
  // in chunks: a short loop first reads the record of each j of the chunk (at 10⁵ bodies each is a
  // cache miss; a loop that does nothing else keeps many in flight, where the tests' long loop had
  // them one after the other), then the tests find them in the cache. The sum of what the first
  // loop reads is only compared, so that its loads are not dropped.
  const { body } = b;
  const stride = bodyLayout(b.dim).stride;
  let ahead = 0;
  // a chunk's pairs put by for the bound's second stage, and what its first stage found (NaN: none)
  const hold = new Uint32Array(2 * CHUNK);
  const heldAt = new Float64Array(CHUNK);
  for (let k0 = 0; k0 < raw.length; k0 += 2 * CHUNK) {
    const k1 = k0 + 2 * CHUNK < raw.length ? k0 + 2 * CHUNK : raw.length;
    for (let k = k0 + 1; k < k1; k += 2) {
      const q = raw[k];
      // (the first, middle and last number of the record: the lines it may span, wherever the
      // buffer starts; and the window's chord)
      ahead += body[stride * q] + body[stride * q + (stride >> 1)] + body[stride * q + stride - 1];
      if (spin !== undefined) ahead += spin[q];
    }
    // Then the tests on the records; with the bound, in two stages: the pairs that the balls do
    // not leave out (about one in seven) are put by, a short loop reads their oriented boxes'
    // numbers (again at random: a miss each at 10⁵ bodies, now in flight together), and the rest of
    // the advancement runs on them in the chunk's order.
    let held = 0;
    for (let k = k0; k < k1; k += 2) {
      const i = raw[k];
      const j = raw[k + 1];
      if (!boxesMeetInStep(b, i, j, margin, h, spin)) continue;
      met++;
      if (pruning && (sink as CandidateSink).cannotBeat(impactLowerBound(b, i, j, tolerance), i, j)) continue;
      if (bound !== undefined) {
        // (NaN: the rest of the advancement decides)
        let s = Number.NaN;
        if (bound.nearInto(i, j, h)) {
          s = bound.reached[0];
          if (s > h) continue;
        }
        hold[2 * held] = i;
        hold[2 * held + 1] = j;
        heldAt[held++] = s;
        continue;
      }
      const lower = impactLowerBound(b, i, j, tolerance);
      pairs[2 * kept] = i;
      pairs[2 * kept + 1] = j;
      bounds[kept] = lower;
      kept++;
    }
    if (bound === undefined || held === 0) continue;
    for (let x = 0; x < held; x++)
      if (Number.isNaN(heldAt[x])) ahead += bound.touch(hold[2 * x], hold[2 * x + 1]);
    for (let x = 0; x < held; x++) {
      const i = hold[2 * x];
      const j = hold[2 * x + 1];
      let s = heldAt[x];
      if (Number.isNaN(s)) {
        // the advancement first: it leaves out most pairs in closed form, and the box gap's bound
        // only matters for the pairs it keeps (either bound past h leaves a pair out)
        bound.restInto(i, j, h);
        s = bound.reached[0];
        if (s > h) continue;
      }
      let lower = impactLowerBound(b, i, j, tolerance);
      if (lower > h) continue;
      if (s > lower) lower = s;
      pairs[2 * kept] = i;
      pairs[2 * kept + 1] = j;
      bounds[kept] = lower;
      kept++;
    }
  }
  // (NaN only from a NaN in the step data, which the checks before keep out: never true)
  if (ahead === Number.NEGATIVE_INFINITY) met += 0;
  const views = scratch !== undefined;
  return {
    pairs: views ? pairs.subarray(0, 2 * kept) : pairs.slice(0, 2 * kept),
    bounds: views ? bounds.subarray(0, kept) : bounds.slice(0, kept),
    candidates: met,
  };
}

/** Pairs in the first block of a search's window, at least (see {@link candidatePairs}). */
const FIRST_BLOCK = 1 << 16;

/** Pairs a chunk of the pair pass (the lines of their j: about 16 KB, within the first-level cache). */
const CHUNK = 32;

/**
 * Each body's chord over the window [0, h] (a view of `scratch` if given), or undefined when h = 1:
 * the chords are then the records' spins.
 */
function windowSpin(b: StepBodies, h: number, scratch?: Scratch): Float64Array | undefined {
  if (h >= 1) return undefined;
  return windowChords(
    b,
    h,
    scratch === undefined ? new Float64Array(b.count) : scratch.f64(F64.windowSpin, b.count),
  );
}
