import { triangleEdgeGapIo, triangleGapBoundIo } from '../geometry/triangle-bound.js';
import { TRIANGLE_MEET, triangleDistanceIo } from '../geometry/triangle-distance.js';
import { firstElementsOf } from '../tree/first-elements.js';
import { DIVES } from '../tree/pair-heap.js';
import { GAP_BOUND } from '../tree/rss-place.js';
import { sameLowerBound } from './surface-lower-bound.js';
import { facetBoxA, facetBoxGap2 } from './surface-refit.js';
import type { SurfaceSearch } from './surface-search.js';
import { splitsA } from './surface-split.js';

const NONE = new Uint32Array(0);

/** A gap proved above this is not 0 once squared and rooted (squares underflow below about 1e-154). */
const MEET_FLOOR = 1e-100;

/**
 * Whether every facet pair under a node pair whose first facets are `fa` and `fb` comes after the
 * pair (bestA, bestB) in (facetA, facetB) order, or is that pair.
 */
function laterThan(fa: number, fb: number, bestA: number, bestB: number): boolean {
  return fa > bestA || (fa === bestA && fb >= bestB);
}

/**
 * A search from the candidates runs while the candidates needing a new bound, times this, are fewer
 * than the node pairs of the last search from the roots (a candidate needing a new bound costs one to
 * one and a half node pairs: DECISIONS.md).
 */
const FULL_RATIO = 3;

/**
 * The search down the two trees, leaf pairs pruned facet pair by facet pair. A node pair is skipped
 * once its bound exceeds `best · shrink` (`shrink` = 1 / (1 + relative error)). Leaves the closest
 * pair in `q` (its gap, facets, points, `lowestPruned`, counters).
 *
 * With `collect`, the node pairs it leaves out and the leaf pairs it searches become the candidates
 * of the next `evaluateMoved` (the traversal itself is unchanged: the same node pairs, in the same
 * order, as without). With `fromCandidates`, the search starts from the last candidates instead of
 * the roots (unless too many of them need a new bound: then it searches from the roots), every other
 * facet pair bounded by `outsideNow` (their bound then, less how far B moved since); it returns
 * false, and the caller searches from the roots, when that bound does not prove them farther than
 * the gap, or when `lowerBound` could differ from the one of the search from the roots.
 */
export function searchTrees(
  q: SurfaceSearch,
  maxDistance: number,
  shrink: number,
  collect: boolean,
  fromCandidates: boolean,
  outsideNow: number,
): boolean {
  const margin = q.margin;
  const ta = q.ta;
  const tb = q.tb;
  const refit = q.refit;
  const pa = q.a.positions;
  const ia = q.a.indices;
  const scratch = q.s;
  const tri = scratch.tri;
  const out = scratch.out;
  const work = scratch.work;
  const bound = scratch.bound;
  const candidates = q.candidates;
  // Any crossing pair will do (`SurfacePair.anyCrossing`): the search from the roots stops at the
  // first one it meets. The candidates of `evaluateMoved` need the full search: not there.
  const anyCrossing = q.anyCrossing && !collect && !fromCandidates;
  const hintA = q.hintA;
  const hintB = q.hintB;
  q.seed(maxDistance);
  let best = q.best;
  let bestA = q.bestA;
  let bestB = q.bestB;
  let intersecting = q.intersecting;
  let facetPairs = q.facetPairs;
  let volumePairs = 0;
  // What the search from the roots leaves out, for `lowerBound`: bounds, and exact gaps above the
  // best of the moment (their minimum is `lowestPruned`).
  let lowestBound = Number.POSITIVE_INFINITY;
  let lowestExact = q.lowestPruned;
  // From the candidates, every exact gap (the hint's apart) is kept for `lowerBound`.
  const gaps = q.gaps;
  gaps.count = 0;
  if (collect) candidates.nextCount = 0;
  // Bounds made by earlier searches carry their rounding, at most their margin.
  const oldMargin = candidates.marginMax > margin ? candidates.marginMax : margin;
  if (fromCandidates) {
    // The candidates whose bound then, less the drift, no longer clears the best each need a new
    // bound and maybe a descent: when they are many against the last search from the roots, that
    // search is the cheaper one (after a long step the candidates are finer than the gap needs).
    const keys = candidates.keys;
    const drift = candidates.drift;
    let unsettled = 0;
    for (let k = 0; k < candidates.count; k++) {
      const key = keys[k];
      if (!(key - drift - 1e-15 * (key + drift) - oldMargin > best)) unsettled++;
    }
    if (unsettled * FULL_RATIO > candidates.rootWork) fromCandidates = false;
  }
  // A search from the roots makes every key afresh: the drift starts again from 0.
  if (!fromCandidates) candidates.drift = 0;
  const drift = candidates.drift;

  const stack = scratch.stack;
  stack.size = 0;
  const pairKeys = scratch.keys;
  // Without a hint, nothing bounds the gap from above until the descent reaches facets: the search
  // dives from the most promising pair to the leaves (the nearer child first, as the descent does)
  // and leaves the other child in a heap by its bound; each dive starts from the lowest bound left.
  // The first leaves meet a gap within a few per cent of the answer sooner than a descent that
  // finishes every subtree it enters, with RSS trees and with a refitted B alike (DECISIONS.md).
  let dive = !fromCandidates && Number.isNaN(q.hintGap);
  // Without a hint, once the surfaces cross (and unless any crossing pair will do), the search goes
  // on in (first facet of A, first facet of B) order (`byIndex`): the node pairs left are taken from
  // a heap by the smallest facet pair each may hold, and the search ends at the first that cannot
  // come before the best. Each node pair it takes could hold a crossing pair before the answer
  // (DECISIONS.md, "Slivers"). With a hint it keeps the descent's order, which `evaluateMoved`
  // replays. Collected, the node pairs it takes or leaves are candidates under the bound 0 (their
  // bounds were at most the margin).
  const byIndex = !anyCrossing && !fromCandidates && Number.isNaN(q.hintGap);
  let indexed = false;
  let dives = 0;
  const heap = scratch.heap;
  heap.size = 0;
  if (fromCandidates) {
    lowestBound = outsideNow;
    const pairs = candidates.pairs;
    const keys = candidates.keys;
    for (let k = candidates.count - 1; k >= 0; k--) {
      const i = pairs[2 * k];
      const j = pairs[2 * k + 1];
      const key = keys[k];
      // Its bound then, less how far B may have moved since: if that still clears the best, the
      // pair is settled without a new bound (the allowance covers the rounding of the drift).
      const then = key - drift - 1e-15 * (key + drift);
      if (then - oldMargin > best) {
        if (then < lowestBound) lowestBound = then;
        candidates.pushKeyAt(i, j, keys, k);
        continue;
      }
      q.nodeBound(i, j);
      const lb = bound[GAP_BOUND];
      volumePairs++;
      if (lb - margin > best) {
        if (lb < lowestBound) lowestBound = lb;
        candidates.pushDrifted(i, j, bound, GAP_BOUND);
      } else stack.pushKeyAt(i, j, bound, GAP_BOUND);
    }
  } else {
    q.nodeBound(0, 0);
    volumePairs++;
    stack.pushKeyAt(0, 0, bound, GAP_BOUND);
  }
  const countA = ta.count;
  const countB = tb.count;
  const childA = ta.child;
  const childB = tb.child;
  const orderA = ta.order;
  const orderB = tb.order;
  // Once the surfaces cross (the best is 0), each node's first facet, for the prune by (facetA, facetB).
  let firstA = intersecting ? firstElementsOf(ta) : NONE;
  // Crossing, a facet pair is only asked whether it meets (not from the candidates, whose exact gaps
  // `evaluateMoved` keeps).
  let meetOnly = intersecting && !fromCandidates;
  let firstB = intersecting ? firstElementsOf(tb) : NONE;
  // The hint crosses: with any crossing pair allowed, it is the answer.
  if (anyCrossing && intersecting) stack.size = 0;
  if (byIndex && intersecting) {
    toIndexOrder(q, best * shrink, firstA, firstB, bestA, bestB, collect);
    indexed = true;
  }
  search: for (;;) {
    let i: number;
    let j: number;
    let lb: number;
    if (indexed) {
      if (heap.size === 0) break;
      const top = heap.pop();
      i = heap.nodes[2 * top];
      j = heap.nodes[2 * top + 1];
      // In (first facet of A, first facet of B) order: once one cannot come before the best, none can.
      if (laterThan(firstA[i], firstB[j], bestA, bestB)) {
        if (collect) {
          candidates.pushAtDrift(i, j);
          for (let k = 0; k < heap.size; k++)
            candidates.pushAtDrift(heap.nodes[2 * k], heap.nodes[2 * k + 1]);
        }
        heap.size = 0;
        break;
      }
      // Pushed with a bound within the best (0, once crossing), which cannot have moved since.
      lb = 0;
    } else {
      if (stack.size === 0) {
        if (heap.size === 0) break;
        const top = heap.pop();
        const key = heap.keys[top];
        if (key - margin > best * shrink) {
          // The lowest bound left clears the best: so does every other.
          if (key < lowestBound) lowestBound = key;
          if (collect) {
            candidates.pushDrifted(heap.nodes[2 * top], heap.nodes[2 * top + 1], heap.keys, top);
            for (let k = 0; k < heap.size; k++)
              candidates.pushDrifted(heap.nodes[2 * k], heap.nodes[2 * k + 1], heap.keys, k);
          }
          heap.size = 0;
          break;
        }
        stack.pushKeyAt(heap.nodes[2 * top], heap.nodes[2 * top + 1], heap.keys, top);
        if (++dives === DIVES) dive = false;
      }
      const slot = stack.pop();
      lb = stack.keys[slot];
      if (lb - margin > best * shrink) {
        if (lb < lowestBound) lowestBound = lb;
        if (collect)
          candidates.pushDrifted(stack.nodes[2 * slot], stack.nodes[2 * slot + 1], stack.keys, slot);
        continue;
      }
      i = stack.nodes[2 * slot];
      j = stack.nodes[2 * slot + 1];
      if (intersecting && laterThan(firstA[i], firstB[j], bestA, bestB)) {
        if (collect) candidates.pushDrifted(i, j, stack.keys, slot);
        continue;
      }
    }
    // The pair's bound, and below its children's, through the scratch's keys: the pushes and
    // `firstChild` read them there (a float passed to a call that is not inlined is boxed).
    pairKeys[0] = lb;
    const leafA = countA[i] > 0;
    const leafB = countB[j] > 0;
    if (leafA && leafB) {
      if (collect) candidates.pushDrifted(i, j, pairKeys, 0);
      const fa0 = childA[i];
      const fb0 = childB[j];
      for (let x = fa0; x < fa0 + countA[i]; x++) {
        const fa = orderA[x];
        if (refit) facetBoxA(pa, ia, fa, scratch);
        // A's facet stays in the scratch through the pairs below (the pair routines only read it).
        q.loadA(fa);
        for (let y = fb0; y < fb0 + countB[j]; y++) {
          const fb = orderB[y];
          if (fa === hintA && fb === hintB) continue;
          // Once a pair meets, only a pair before it in (facetA, facetB) order can take its place:
          // the others are not evaluated (the answer stays the all-pairs loop's).
          if (intersecting && (fa > bestA || (fa === bestA && fb > bestB))) continue;
          if (refit) {
            // The two facets' own boxes, both exact in A's frame: a few flops before any loading.
            const g2 = facetBoxGap2(fb, scratch);
            const limit = best * shrink + margin;
            if (g2 > limit * limit) {
              const g = Math.sqrt(g2);
              if (g < lowestBound) lowestBound = g;
              continue;
            }
          }
          q.loadB(fb);
          // Cheap separating-axis bound first: most candidate pairs stop here.
          work.io[0] = best * shrink + margin;
          triangleGapBoundIo(tri, 0, 9, undefined, work);
          const gap = work.io[1];
          if (gap - margin > best * shrink) {
            if (gap < lowestBound) lowestBound = gap;
            continue;
          }
          // Once the surfaces cross (the best 0), only a pair whose computed gap is 0 can take the
          // best's place, and the bounds left out no longer count (`lowerBound` is 0): a gap on an
          // edge-against-edge axis beyond the margin proves the gap positive, for a tenth of the
          // exact routine (the sliver strips' pairs that the three axes above leave: DECISIONS.md).
          // Far above the underflow of a squared gap, so the exact routine would not read 0 either.
          if (meetOnly && best === 0) {
            work.io[0] = margin;
            triangleEdgeGapIo(tri, 0, 9, work);
            const edge = work.io[1];
            if (edge > margin && edge > MEET_FLOOR) continue;
          }
          triangleDistanceIo(tri, 0, 9, out, work);
          const d = work.io[1];
          facetPairs++;
          if (out[TRIANGLE_MEET] === 1 && anyCrossing) {
            intersecting = true;
            best = d;
            bestA = fa;
            bestB = fb;
            q.keepPoints();
            break search;
          }
          if (out[TRIANGLE_MEET] === 1 && !intersecting) {
            intersecting = true;
            meetOnly = !fromCandidates;
            firstA = firstElementsOf(ta);
            firstB = firstElementsOf(tb);
          }
          if (d > best && d < lowestExact) lowestExact = d; // an exact gap above the best still bounds
          if (fromCandidates) gaps.pushAt(i, j, x, y, work.io, 1);
          if (d < best || (d === best && (bestA < 0 || fa < bestA || (fa === bestA && fb < bestB)))) {
            best = d;
            bestA = fa;
            bestB = fb;
            q.keepPoints();
          }
          if (intersecting && byIndex && !indexed) {
            toIndexOrder(q, best * shrink, firstA, firstB, bestA, bestB, collect);
            indexed = true;
          }
        }
      }
      continue;
    }
    // Split the larger box (or the one that is not a leaf).
    const splitA = splitsA(ta, tb, i, j);
    let a1 = i;
    let a2 = i;
    let b1 = j;
    let b2 = j;
    if (splitA) {
      a1 = i + 1;
      a2 = childA[i];
    } else {
      b1 = j + 1;
      b2 = childB[j];
    }
    // A child that cannot hold a pair before the best crossing one needs no bound: it is left out
    // (a candidate under its parent's bound, which holds for it too).
    const dead1 = intersecting && laterThan(firstA[a1], firstB[b1], bestA, bestB);
    const dead2 = intersecting && laterThan(firstA[a2], firstB[b2], bestA, bestB);
    pairKeys[1] = lb;
    if (!dead1) {
      q.nodeBound(a1, b1);
      pairKeys[0] = bound[GAP_BOUND];
      volumePairs++;
    }
    if (!dead2) {
      q.nodeBound(a2, b2);
      pairKeys[1] = bound[GAP_BOUND];
      volumePairs++;
    }
    const l1 = pairKeys[0];
    const l2 = pairKeys[1];
    const keep1 = !dead1 && l1 - margin <= best * shrink;
    const keep2 = !dead2 && l2 - margin <= best * shrink;
    // Left out: pruned by its bound (it bounds what the search leaves out) or by the crossing order.
    if (!keep1) {
      if (!dead1 && l1 < lowestBound) lowestBound = l1;
      if (collect) candidates.pushDrifted(a1, b1, pairKeys, 0);
    }
    if (!keep2) {
      if (!dead2 && l2 < lowestBound) lowestBound = l2;
      if (collect) candidates.pushDrifted(a2, b2, pairKeys, 1);
    }
    if (indexed) {
      // (keyed by first facets, fa · nB + fb: past 2³¹, a float too)
      if (keep1) {
        pairKeys[0] = firstA[a1] * tb.elementCount + firstB[b1];
        heap.pushKeyAt(a1, b1, pairKeys, 0);
      }
      if (keep2) {
        pairKeys[0] = firstA[a2] * tb.elementCount + firstB[b2];
        heap.pushKeyAt(a2, b2, pairKeys, 0);
      }
      continue;
    }
    // The child searched first is pushed last (see `firstChild`).
    if (keep1 && keep2) {
      // Diving, the other child waits in the heap (once the surfaces cross, the descent's order by
      // first facets serves the crossing prune better: both go on the stack).
      const wait = dive && !intersecting;
      if (q.firstChild(a1, b1, a2, b2)) {
        if (wait) heap.pushKeyAt(a2, b2, pairKeys, 1);
        else stack.pushKeyAt(a2, b2, pairKeys, 1);
        stack.pushKeyAt(a1, b1, pairKeys, 0);
      } else {
        if (wait) heap.pushKeyAt(a1, b1, pairKeys, 0);
        else stack.pushKeyAt(a1, b1, pairKeys, 0);
        stack.pushKeyAt(a2, b2, pairKeys, 1);
      }
    } else if (keep1) stack.pushKeyAt(a1, b1, pairKeys, 0);
    else if (keep2) stack.pushKeyAt(a2, b2, pairKeys, 1);
  }
  q.volumePairs = volumePairs;
  q.facetPairs = facetPairs;
  if (fromCandidates) {
    // Every facet pair under no candidate must be proved farther than the gap, as a pruned box is.
    if (!(outsideNow - oldMargin > best) || bestA < 0) return false;
    if (!intersecting && !sameLowerBound(q, best, lowestBound, oldMargin)) return false;
  } else q.lowestPruned = lowestBound < lowestExact ? lowestBound : lowestExact;
  q.best = best;
  q.bestA = bestA;
  q.bestB = bestB;
  q.intersecting = intersecting;
  if (collect)
    candidates.swap(
      best,
      margin,
      fromCandidates ? outsideNow : Number.POSITIVE_INFINITY,
      fromCandidates ? -1 : volumePairs,
    );
  return true;
}

/**
 * Moves the node pairs left on the stack and in the heap (keyed by their bounds) into the heap keyed
 * by (first facet of A, first facet of B), as one number (`fa · nB + fb`, exact below 2⁵³), leaving
 * out (as candidates, when collected) those whose bound clears `limit` (the best, shrunk) or that
 * cannot hold a pair before the best.
 */
function toIndexOrder(
  q: SurfaceSearch,
  limit: number,
  firstA: Uint32Array,
  firstB: Uint32Array,
  bestA: number,
  bestB: number,
  collect: boolean,
): void {
  const { stack, heap } = q.s;
  const margin = q.margin;
  const nB = q.tb.elementCount;
  const candidates = q.candidates;
  const order = q.s.keys;
  for (let k = 0; k < heap.size; k++) stack.pushKeyAt(heap.nodes[2 * k], heap.nodes[2 * k + 1], heap.keys, k);
  heap.size = 0;
  for (let k = 0; k < stack.size; k++) {
    const i = stack.nodes[2 * k];
    const j = stack.nodes[2 * k + 1];
    const lb = stack.keys[k];
    if (lb - margin > limit || laterThan(firstA[i], firstB[j], bestA, bestB)) {
      if (collect) candidates.pushDrifted(i, j, stack.keys, k);
      continue;
    }
    order[0] = firstA[i] * nB + firstB[j];
    heap.pushKeyAt(i, j, order, 0);
  }
  stack.size = 0;
}
