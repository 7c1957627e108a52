import {
  SEGMENT_DISTANCE,
  SEGMENT_LIMIT,
  SEGMENT_MEET,
  segmentPairDistance2,
} from '../geometry/segment-distance2.js';
import { firstElementsOf } from '../tree/first-elements.js';
import { DIVES } from '../tree/pair-heap.js';
import { nodeBound } from './curve-node-bound.js';
import type { CurveSearch } from './curve-search.js';
import { keepBound, precedes } from './curve-search-rules.js';
import { loadSegment } from './curve-segment-load.js';

const NONE = new Uint32Array(0);

/**
 * Whether every segment pair under a node pair whose first segments are `sa` and `sb` comes after
 * the pair (bestA, bestB) in (segmentA, segmentB) order, or is that pair.
 */
function laterThan(sa: number, sb: number, bestA: number, bestB: number): boolean {
  return sa > bestA || (sa === bestA && sb >= bestB);
}

/**
 * The search down the two trees, leaf pairs pruned segment pair by segment pair (large curves).
 * With `collect`, the node pairs within the keep bound that were not searched further (and the leaf
 * pairs searched) become the candidates of the next `evaluateMoved`; with `fromCandidates` the search
 * starts from the last candidates instead of the roots, every other pair bounded by `q.outsideNow`,
 * and returns false (nothing kept) when that bound does not prove them farther. Leaves the closest
 * pair in `q` (its gap, segments, `lowest`, counters).
 */
export function searchTrees(q: CurveSearch, collect: boolean, fromCandidates: boolean): boolean {
  const margin = q.margin;
  const pa = q.a.positions;
  const ia = q.a.indices;
  const vb = q.vb;
  const ib = q.b.indices;
  const eager = q.eager;
  const ta = q.ta!;
  const tb = q.tb!;
  const boxA = q.a.segmentBoxes();
  const out = q.out;
  const seg = q.seg;
  const ra = ta.boxes;
  const rb = tb.boxes;
  const candidates = q.candidates;
  let volumePairs = 1;
  // The lowest squared box gap of a segment pair left out (with `lowestPruned`: for `beyond`).
  let lowestPrunedSq = Number.POSITIVE_INFINITY;
  // The lowest node bound left out (not an exact gap): what bounds the pairs not kept.
  let lowestNode = fromCandidates ? q.outsideNow : Number.POSITIVE_INFINITY;
  const hintA = q.hintA;
  const hintB = q.hintB;
  q.seed();
  let best = q.best;
  let bestA = q.bestA;
  let bestB = q.bestB;
  let intersecting = q.intersecting;
  let segmentPairs = q.segmentPairs;
  let lowestPruned = q.lowest;
  let threshold = (best + margin) * (best + margin);
  let keep = collect ? keepBound(best, margin) : best + margin;
  const stack = q.stack;
  stack.size = 0;
  // Without a hint, the search dives as the surfaces' does (see its `searchTrees`): the farther
  // child waits in a heap by its bound, each dive starts from the lowest bound left, for DIVES dives.
  let dive =
    !fromCandidates && !(hintA >= 0 && hintA < q.a.segmentCount && hintB >= 0 && hintB < q.b.segmentCount);
  let dives = 0;
  const heap = q.heap;
  heap.size = 0;
  if (collect) candidates.nextCount = 0;
  // A search from the roots stores every key afresh: the drift can start again from 0.
  if (!fromCandidates) candidates.drift = 0;
  const drift = candidates.drift;
  if (fromCandidates) {
    const pairs = candidates.pairs;
    const keys = candidates.keys;
    const n = candidates.count;
    candidates.reserve(n);
    for (let k = n - 1; k >= 0; k--) {
      const i = pairs[2 * k];
      const j = pairs[2 * k + 1];
      // Its bound then, less how far the bodies may have moved since: if that still clears the
      // best, the pair is settled without a new bound.
      // (Less a relative allowance for the rounding of adding and taking away the drift.)
      const then = keys[k] - drift - 1e-15 * keys[k];
      let lb = then;
      let key = keys[k];
      if (!(then - margin > best)) {
        nodeBound(q, i, j);
        lb = q.bound;
        key = lb + drift;
        volumePairs++;
      }
      if (lb - margin > best) {
        if (lb > keep) {
          if (lb < lowestNode) lowestNode = lb;
        } else candidates.push(i, j, key);
      } else stack.push(i, j, lb);
    }
  } else {
    nodeBound(q, 0, 0);
    stack.push(0, 0, q.bound);
  }
  const countA = ta.count;
  const countB = tb.count;
  const childA = ta.child;
  const childB = tb.child;
  const orderA = ta.order;
  const orderB = tb.order;
  // Once the curves cross (the best is 0), each node's first segment, for the prune by (segmentA,
  // segmentB) order: a node pair whose first segments come after the best crossing pair's holds
  // no pair that could take its place.
  let firstA = intersecting ? firstElementsOf(ta) : NONE;
  let firstB = intersecting ? firstElementsOf(tb) : NONE;
  for (;;) {
    if (stack.size === 0) {
      if (heap.size === 0) break;
      const top = heap.pop();
      const key = heap.keys[top];
      if (key - margin > best) {
        // The lowest bound left clears the best: so does every other, left out as a pop would.
        heap.size++;
        for (let k = 0; k < heap.size; k++) {
          const b = heap.keys[k];
          if (collect && b <= keep) candidates.push(heap.nodes[2 * k], heap.nodes[2 * k + 1], b + drift);
          else if (b < lowestNode) lowestNode = b;
        }
        heap.size = 0;
        break;
      }
      stack.push(heap.nodes[2 * top], heap.nodes[2 * top + 1], key);
      if (++dives === DIVES) dive = false;
    }
    const slot = stack.pop();
    const lb = stack.keys[slot];
    const i = stack.nodes[2 * slot];
    const j = stack.nodes[2 * slot + 1];
    if (lb - margin > best) {
      if (collect && lb <= keep) candidates.push(i, j, lb + drift);
      else if (lb < lowestNode) lowestNode = lb;
      continue;
    }
    if (intersecting && laterThan(firstA[i], firstB[j], bestA, bestB)) {
      if (collect) candidates.push(i, j, lb + drift);
      continue;
    }
    const leafA = countA[i] > 0;
    const leafB = countB[j] > 0;
    if (leafA && leafB) {
      if (collect) candidates.push(i, j, lb + drift);
      for (let x = childA[i]; x < childA[i] + countA[i]; x++) {
        const sa = orderA[x];
        const o = 4 * sa;
        const lu = boxA[o],
          lv = boxA[o + 1],
          hu = boxA[o + 2],
          hv = boxA[o + 3];
        // Segment sa stays in seg[0..3] through the pairs below (the distance only reads it).
        loadSegment(seg, 0, pa, ia, sa);
        for (let y = childB[j]; y < childB[j] + countB[j]; y++) {
          const sb = orderB[y];
          if (sa === hintA && sb === hintB) continue;
          if (intersecting && (sa > bestA || (sa === bestA && sb > bestB))) continue;
          if (!eager) q.placeSegment(sb);
          loadSegment(seg, 4, vb, ib, sb);
          const u0 = seg[4],
            v0 = seg[5],
            u1 = seg[6],
            v1 = seg[7];
          // The two segment boxes first.
          const gu =
            u0 < u1 ? (u0 - hu > lu - u1 ? u0 - hu : lu - u1) : u1 - hu > lu - u0 ? u1 - hu : lu - u0;
          const gv =
            v0 < v1 ? (v0 - hv > lv - v1 ? v0 - hv : lv - v1) : v1 - hv > lv - v0 ? v1 - hv : lv - v0;
          const g = (gu > 0 ? gu * gu : 0) + (gv > 0 ? gv * gv : 0);
          if (g > threshold) {
            // Left out while its leaf pair is kept: it bounds nothing but `beyond`.
            if (g < lowestPrunedSq) lowestPrunedSq = g;
            continue;
          }
          seg[SEGMENT_LIMIT] = best + margin;
          segmentPairDistance2(seg, out);
          if (out[SEGMENT_MEET] === -1) {
            // Proved beyond the best by one segment's line: a bound, not a gap.
            if (out[SEGMENT_DISTANCE] < lowestPruned) lowestPruned = out[SEGMENT_DISTANCE];
            continue;
          }
          const d = out[SEGMENT_DISTANCE];
          segmentPairs++;
          if (out[SEGMENT_MEET] === 1 && !intersecting) {
            intersecting = true;
            firstA = firstElementsOf(ta);
            firstB = firstElementsOf(tb);
          }
          if (d > best && d < lowestPruned) lowestPruned = d; // an exact gap above the best still bounds
          if (precedes(d, best, sa, sb, bestA, bestB)) {
            best = d;
            bestA = sa;
            bestB = sb;
            q.take(sa, sb);
            threshold = (best + margin) * (best + margin);
            keep = collect ? keepBound(best, margin) : best + margin;
          }
        }
      }
      continue;
    }
    let splitA: boolean;
    if (leafA) splitA = false;
    else if (leafB) splitA = true;
    else {
      const p = 4 * i;
      const o = 4 * j;
      splitA =
        (ra[p + 2] - ra[p]) ** 2 + (ra[p + 3] - ra[p + 1]) ** 2 >=
        (rb[o + 2] - rb[o]) ** 2 + (rb[o + 3] - rb[o + 1]) ** 2;
    }
    const a1 = splitA ? i + 1 : i;
    const a2 = splitA ? childA[i] : i;
    const b1 = splitA ? j : j + 1;
    const b2 = splitA ? j : childB[j];
    nodeBound(q, a1, b1);
    const l1 = q.bound;
    nodeBound(q, a2, b2);
    const l2 = q.bound;
    volumePairs += 2;
    // The closer child is pushed last, so it is searched first (the second on a tie); a child beyond
    // the best is pushed all the same when it is to be kept (the pop sorts it out).
    const secondFar = l1 <= l2;
    const farA = secondFar ? a2 : a1;
    const farB = secondFar ? b2 : b1;
    const far = secondFar ? l2 : l1;
    const near = secondFar ? l1 : l2;
    if (far - margin <= best || (collect && far <= keep)) {
      // Diving (and the curves not yet crossing), the farther child waits in the heap.
      if (dive && !intersecting) heap.push(farA, farB, far);
      else stack.push(farA, farB, far);
    } else if (far < lowestNode) lowestNode = far;
    const nearA = secondFar ? a1 : a2;
    const nearB = secondFar ? b1 : b2;
    if (near - margin <= best || (collect && near <= keep)) stack.push(nearA, nearB, near);
    else if (near < lowestNode) lowestNode = near;
  }
  if (fromCandidates && (!(lowestNode - margin > best) || bestA < 0)) return false;
  if (collect) candidates.swap(lowestNode);
  q.lowest = Math.min(lowestPruned, Math.sqrt(lowestPrunedSq), lowestNode);
  q.finish(intersecting, volumePairs, segmentPairs);
  return true;
}
