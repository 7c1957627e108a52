import { type AbortSignalLike, throwIfAborted } from '@firsttouch/pose';
import { centerSplit, leastFirst } from './center-split.js';
import { SELECT_SCRATCH, select } from './select.js';
import { SMALL_NODE, type SmallSubtrees, type SmallSubtreeTarget } from './small-split.js';

/** What {@link splitNodes} works on: one build's arrays and what it reports to. */
export interface SplitJob {
  readonly order: Uint32Array;
  readonly key: Float64Array;
  readonly dim: 2 | 3;
  readonly leafSize: number;
  readonly child: Uint32Array;
  readonly count: Uint8Array;
  /** A surface of slivers: its subtrees of at most `SMALL_NODE` facets built whole. */
  readonly small: SmallSubtrees | undefined;
  readonly target: SmallSubtreeTarget;
  /** The nodes above those subtrees, listed for their boxes (with `small` only). */
  readonly upper: Uint32Array;
  readonly signal: AbortSignalLike | undefined;
  readonly onProgress: ((progress: { done: number; total: number }) => void) | undefined;
  /** Told every `TELL` elements placed in their leaves (and an abort checked there). */
  readonly progress: { done: number; total: number };
}

/**
 * The splits of a tree build, top-down from the root with an explicit stack: each node's elements
 * placed (`order` and the keys moved together), `child` and `count` written, nodes numbered depth
 * first (the left child of `n` is `n + 1`). A surface that is not mostly slivers splits a node at the
 * middle of its centroids' spread along the longest axis (`centerSplit`: the median where that would
 * leave less than 3/8 on one side); a curve, and a surface of slivers above its small subtrees,
 * at the median. Returns how many nodes `upper` lists. Its own function (the build's loops each in
 * one): a loop compiled on the stack during its first call leaves that code where the code after it
 * begins, without feedback for what it has not run, at every later call.
 */
export function splitNodes(job: SplitJob): number {
  const { order, key, dim, leafSize, child, count, small, target, upper, signal, onProgress, progress } = job;
  const n = progress.total;
  let uppers = 0;
  // Work stack: start, end, parent (or -1), as int triples.
  let work = new Int32Array(3 * 64);
  let top = 0;
  work[top++] = 0;
  work[top++] = n;
  work[top++] = -1;
  let next = 0;
  const scratch = new Int32Array(SELECT_SCRATCH);
  const pick = new Float64Array(12);
  // A surface that is not mostly slivers splits its nodes at the middle of their centroids' spread
  // (the median where that would leave less than 3/8 on one side).
  const centred = dim === 3 && small === undefined;
  const bounds = new Float64Array(6);
  let told = 0;
  while (top > 0) {
    const parent = work[--top];
    const end = work[--top];
    const start = work[--top];
    const node = next++;
    if (parent >= 0) child[parent] = node; // only right children are linked: left is parent + 1
    const size = end - start;
    const whole = small !== undefined && size <= SMALL_NODE;
    if (whole) next = small.build(target, start, end, node);
    else if (small !== undefined) upper[uppers++] = node;
    if (whole || size <= leafSize) {
      if (!whole) {
        child[node] = start;
        count[node] = size;
      }
      if (end - told >= TELL && (onProgress !== undefined || signal !== undefined)) {
        told = end;
        progress.done = end;
        onProgress?.(progress);
        throwIfAborted(signal, `the tree build, after ${end} of ${n} elements`);
      }
      continue;
    }
    const axis =
      dim === 3
        ? size <= PICKED
          ? longestAxisPicked3(key, start, end, pick, bounds)
          : longestAxis3(key, start, end, centred && size > SAMPLED_FROM ? SAMPLE_STEP : 1, bounds)
        : longestAxis2(key, start, end);
    let mid: number;
    if (!centred) {
      // Half the leaves to the left, whole: the tree has ⌈n / leafSize⌉ leaves, the fewest nodes.
      mid = start + leafSize * (Math.ceil(size / leafSize) >>> 1);
      select(order, key, dim, axis, start, end - 1, mid, scratch);
    } else if (size <= 2 * leafSize) mid = leastFirst(order, key, axis, start, end, leafSize);
    else mid = centerSplit(order, key, axis, start, end, leafSize, bounds[axis], bounds[3 + axis], scratch);
    if (top + 6 > work.length) {
      const grown = new Int32Array(2 * work.length);
      grown.set(work);
      work = grown;
    }
    // Right first on the stack, so the left child is numbered node + 1.
    work[top++] = mid;
    work[top++] = end;
    work[top++] = node;
    work[top++] = start;
    work[top++] = mid;
    work[top++] = -1;
  }
  return uppers;
}

/** Elements placed between two progress reports. */
const TELL = 1 << 15;

/**
 * A surface's nodes of more than this many elements (not of slivers) take their spread from every
 * {@link SAMPLE_STEP}-th key: the middle of a sample's spread splits such a node as well as the
 * middle of all of them (the same node pairs a distance query visits, within ±1.3 %: the package's
 * DECISIONS.md), and the scans of the top levels were the largest part of a build's axis scans.
 */
export const SAMPLED_FROM = 4096;

/** The keys a sampled node's spread is taken from: positions `start`, `start + SAMPLE_STEP`, …. */
export const SAMPLE_STEP = 4;

/**
 * The axis (0, 1, 2) of the longest spread of the keys at `start`, `start + step`, … below `end` (3
 * numbers a key), the first if tied; their least keys, then their largest, into `span` (six numbers).
 */
function longestAxis3(
  key: Float64Array,
  start: number,
  end: number,
  step: number,
  span: Float64Array,
): number {
  let lx = Number.POSITIVE_INFINITY,
    ly = Number.POSITIVE_INFINITY,
    lz = Number.POSITIVE_INFINITY;
  let hx = Number.NEGATIVE_INFINITY,
    hy = Number.NEGATIVE_INFINITY,
    hz = Number.NEGATIVE_INFINITY;
  for (let i = 3 * start; i < 3 * end; i += 3 * step) {
    const x = key[i],
      y = key[i + 1],
      z = key[i + 2];
    if (x < lx) lx = x;
    if (x > hx) hx = x;
    if (y < ly) ly = y;
    if (y > hy) hy = y;
    if (z < lz) lz = z;
    if (z > hz) hz = z;
  }
  return longestSpan(lx, ly, lz, hx, hy, hz, span);
}

/** Nodes of at most this many elements take {@link longestAxisPicked3}. */
const PICKED = 32;

/**
 * {@link longestAxis3} for a few keys, where each new extreme is a coin toss a branch would
 * mispredict: each extreme is picked from `pick` (12 slots: the current one and the candidate, for
 * each of the six) at the comparison's 0 or 1, the same numbers without a branch.
 */
function longestAxisPicked3(
  key: Float64Array,
  start: number,
  end: number,
  pick: Float64Array,
  span: Float64Array,
): number {
  let i = 3 * start;
  let lx = key[i],
    ly = key[i + 1],
    lz = key[i + 2];
  let hx = lx,
    hy = ly,
    hz = lz;
  for (i += 3; i < 3 * end; i += 3) {
    const x = key[i],
      y = key[i + 1],
      z = key[i + 2];
    pick[0] = lx;
    pick[1] = x;
    lx = pick[+(x < lx)];
    pick[2] = hx;
    pick[3] = x;
    hx = pick[2 + +(x > hx)];
    pick[4] = ly;
    pick[5] = y;
    ly = pick[4 + +(y < ly)];
    pick[6] = hy;
    pick[7] = y;
    hy = pick[6 + +(y > hy)];
    pick[8] = lz;
    pick[9] = z;
    lz = pick[8 + +(z < lz)];
    pick[10] = hz;
    pick[11] = z;
    hz = pick[10 + +(z > hz)];
  }
  return longestSpan(lx, ly, lz, hx, hy, hz, span);
}

/**
 * The axis of the longest of three spreads, the first if tied; the bounds into `span` (least, then
 * largest: six numbers).
 */
function longestSpan(
  lx: number,
  ly: number,
  lz: number,
  hx: number,
  hy: number,
  hz: number,
  span: Float64Array,
): number {
  span[0] = lx;
  span[1] = ly;
  span[2] = lz;
  span[3] = hx;
  span[4] = hy;
  span[5] = hz;
  let axis = 0;
  let spread = hx - lx;
  if (hy - ly > spread) {
    axis = 1;
    spread = hy - ly;
  }
  if (hz - lz > spread) axis = 2;
  return axis;
}

/** {@link longestAxis3} for keys of 2. */
function longestAxis2(key: Float64Array, start: number, end: number): number {
  let lx = Number.POSITIVE_INFINITY,
    ly = Number.POSITIVE_INFINITY;
  let hx = Number.NEGATIVE_INFINITY,
    hy = Number.NEGATIVE_INFINITY;
  for (let i = 2 * start; i < 2 * end; i += 2) {
    const x = key[i],
      y = key[i + 1];
    if (x < lx) lx = x;
    if (x > hx) hx = x;
    if (y < ly) ly = y;
    if (y > hy) hy = y;
  }
  return hy - ly > hx - lx ? 1 : 0;
}
