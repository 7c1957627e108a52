import {
  SEGMENT_DISTANCE,
  SEGMENT_LIMIT,
  SEGMENT_MEET,
  segmentPairDistance2,
} from '../geometry/segment-distance2.js';
import type { CurveSearch } from './curve-search.js';
import { keepSquared, precedes } from './curve-search-rules.js';
import { loadSegment } from './curve-segment-load.js';

/**
 * The search over every segment pair, each behind its box test (small curves: B's vertices are all
 * placed). With `collect`, the
 * pairs within the keep bound become the candidates of the next `evaluateMoved`. Leaves the closest
 * pair in `q` (its gap, segments, `lowest`, counters).
 */
export function searchFlat(q: CurveSearch, collect: boolean): void {
  const margin = q.margin;
  const a = q.a;
  const b = q.b;
  const ib = b.indices;
  const pa = a.positions;
  const ia = a.indices;
  const boxA = a.segmentBoxes();
  const vb = q.vb;
  const sbox = q.sb;
  const out = q.out;
  const seg = q.seg;
  const nA = a.segmentCount;
  const nB = b.segmentCount;
  // B's segment boxes in A's frame, and B's box.
  let bMinU = Number.POSITIVE_INFINITY;
  let bMinV = Number.POSITIVE_INFINITY;
  let bMaxU = Number.NEGATIVE_INFINITY;
  let bMaxV = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < nB; k++) {
    const i = 2 * ib[2 * k];
    const j = 2 * ib[2 * k + 1];
    const u0 = vb[i],
      v0 = vb[i + 1],
      u1 = vb[j],
      v1 = vb[j + 1];
    const lu = u0 < u1 ? u0 : u1;
    const hu = u0 < u1 ? u1 : u0;
    const lv = v0 < v1 ? v0 : v1;
    const hv = v0 < v1 ? v1 : v0;
    sbox[4 * k] = lu;
    sbox[4 * k + 1] = lv;
    sbox[4 * k + 2] = hu;
    sbox[4 * k + 3] = hv;
    if (lu < bMinU) bMinU = lu;
    if (lv < bMinV) bMinV = lv;
    if (hu > bMaxU) bMaxU = hu;
    if (hv > bMaxV) bMaxV = hv;
  }
  // The lowest squared box gap left out (with `lowestExact`, the lowest exact gap above the best: for `beyond`).
  let lowestPrunedSq = Number.POSITIVE_INFINITY;
  let hintA = q.hintA;
  let hintB = q.hintB;
  if (!(hintA >= 0 && hintA < nA && hintB >= 0 && hintB < nB)) {
    // No last pair: seed with the segment of A whose box lies closest to B's box, and the segment
    // of B whose box lies closest to that one's.
    hintA = closestBox(boxA, nA, bMinU, bMinV, bMaxU, bMaxV);
    const h = 4 * hintA;
    hintB = closestBox(sbox, nB, boxA[h], boxA[h + 1], boxA[h + 2], boxA[h + 3]);
    q.hintA = hintA;
    q.hintB = hintB;
  }
  q.seed();
  let best = q.best;
  let bestA = q.bestA;
  let bestB = q.bestB;
  let intersecting = q.intersecting;
  let segmentPairs = q.segmentPairs;
  let lowestExact = q.lowest;
  let volumePairs = 0;
  // A box gap is searched when its square is at most (best + margin)², and kept as a candidate
  // when at most (best + slack + margin)².
  let threshold = (best + margin) * (best + margin);
  let keep = collect ? keepSquared(best, margin) : threshold;
  const candidates = q.candidates;
  if (collect) {
    candidates.nextCount = 0;
    candidates.reserve(nA * nB);
  }
  const next = candidates.next;
  let count = 0;
  for (let sa = 0; sa < nA; sa++) {
    const o = 4 * sa;
    const lu = boxA[o],
      lv = boxA[o + 1],
      hu = boxA[o + 2],
      hv = boxA[o + 3];
    volumePairs++;
    // Against B's box first: no pair of this segment can come closer than that.
    const gu0 = bMinU - hu > lu - bMaxU ? bMinU - hu : lu - bMaxU;
    const gv0 = bMinV - hv > lv - bMaxV ? bMinV - hv : lv - bMaxV;
    const g0 = (gu0 > 0 ? gu0 * gu0 : 0) + (gv0 > 0 ? gv0 * gv0 : 0);
    if (g0 > keep) {
      if (g0 < lowestPrunedSq) lowestPrunedSq = g0;
      continue;
    }
    // Segment sa stays in seg[0..3] through the pairs below (the distance only reads it).
    loadSegment(seg, 0, pa, ia, sa);
    for (let sb = 0; sb < nB; sb++) {
      const r = 4 * sb;
      volumePairs++;
      const gu = sbox[r] - hu > lu - sbox[r + 2] ? sbox[r] - hu : lu - sbox[r + 2];
      const gv = sbox[r + 1] - hv > lv - sbox[r + 3] ? sbox[r + 1] - hv : lv - sbox[r + 3];
      const g = (gu > 0 ? gu * gu : 0) + (gv > 0 ? gv * gv : 0);
      if (g > keep) {
        if (g < lowestPrunedSq) lowestPrunedSq = g;
        continue;
      }
      if (collect) {
        next[2 * count] = sa;
        next[2 * count + 1] = sb;
        count++;
      }
      if (g > threshold || (sa === hintA && sb === hintB)) continue;
      loadSegment(seg, 4, vb, ib, sb);
      seg[SEGMENT_LIMIT] = best + margin;
      segmentPairDistance2(seg, out);
      if (out[SEGMENT_MEET] === -1) {
        // Proved beyond the best by one segment's line: a bound, not a gap.
        if (out[SEGMENT_DISTANCE] < lowestExact) lowestExact = out[SEGMENT_DISTANCE];
        continue;
      }
      const d = out[SEGMENT_DISTANCE];
      segmentPairs++;
      if (out[SEGMENT_MEET] === 1) intersecting = true;
      if (d > best && d < lowestExact) lowestExact = d; // an exact gap above the best still bounds
      if (precedes(d, best, sa, sb, bestA, bestB)) {
        best = d;
        bestA = sa;
        bestB = sb;
        q.take(sa, sb);
        threshold = (best + margin) * (best + margin);
        keep = collect ? keepSquared(best, margin) : threshold;
      }
    }
  }
  const lowest = Math.min(Math.sqrt(lowestPrunedSq), lowestExact);
  if (collect) {
    candidates.nextCount = count;
    candidates.swap(Math.sqrt(lowestPrunedSq));
  }
  q.lowest = lowest;
  q.finish(intersecting, volumePairs, segmentPairs);
}

/** The box (of `count`, 4 numbers each) whose gap to the box `lu lv hu hv` is smallest; the first of equals. */
function closestBox(
  boxes: Float64Array,
  count: number,
  lu: number,
  lv: number,
  hu: number,
  hv: number,
): number {
  let best = 0;
  let bestGap = Number.POSITIVE_INFINITY;
  for (let k = 0; k < count; k++) {
    const r = 4 * k;
    const gu = boxes[r] - hu > lu - boxes[r + 2] ? boxes[r] - hu : lu - boxes[r + 2];
    const gv = boxes[r + 1] - hv > lv - boxes[r + 3] ? boxes[r + 1] - hv : lv - boxes[r + 3];
    const g = (gu > 0 ? gu * gu : 0) + (gv > 0 ? gv * gv : 0);
    if (g < bestGap) {
      bestGap = g;
      best = k;
    }
  }
  return best;
}
