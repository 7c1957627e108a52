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
 * The search over the candidate segment pairs of the last flat search, every other pair bounded by
 * `q.outsideNow`. False (nothing kept) when that bound does not prove them farther than the gap.
 */
export function searchCandidatesFlat(q: CurveSearch): boolean {
  const margin = q.margin;
  const pa = q.a.positions;
  const ia = q.a.indices;
  const vb = q.vb;
  const ib = q.b.indices;
  const eager = q.eager;
  const boxA = q.a.segmentBoxes();
  const out = q.out;
  const seg = q.seg;
  const candidates = q.candidates;
  const pairs = candidates.pairs;
  const n = candidates.count;
  candidates.nextCount = 0;
  candidates.reserve(n);
  const next = candidates.next;
  let count = 0;
  q.seed();
  // The last pair gave no gap at all (not a number: non-finite coordinates): only the full search
  // decides.
  if (q.segmentPairs > 0 && q.bestA < 0) return false;
  const hintA = q.hintA;
  const hintB = q.hintB;
  let best = q.best;
  let bestA = q.bestA;
  let bestB = q.bestB;
  let intersecting = q.intersecting;
  let segmentPairs = q.segmentPairs;
  let lowest = q.outsideNow;
  let threshold = (best + margin) * (best + margin);
  let keep = keepSquared(best, margin);
  for (let k = 0; k < n; k++) {
    const sa = pairs[2 * k];
    const sb = pairs[2 * k + 1];
    if (!eager) q.placeSegment(sb);
    loadSegment(seg, 4, vb, ib, sb);
    const u0 = seg[4],
      v0 = seg[5],
      u1 = seg[6],
      v1 = seg[7];
    const o = 4 * sa;
    const lu = boxA[o],
      lv = boxA[o + 1],
      hu = boxA[o + 2],
      hv = boxA[o + 3];
    const gu = u0 < u1 ? (u0 - hu > lu - u1 ? u0 - hu : lu - u1) : u1 - hu > lu - u0 ? u1 - hu : lu - u0;
    const gv = v0 < v1 ? (v0 - hv > lv - v1 ? v0 - hv : lv - v1) : v1 - hv > lv - v0 ? v1 - hv : lv - v0;
    const g = (gu > 0 ? gu * gu : 0) + (gv > 0 ? gv * gv : 0);
    if (g > keep) {
      const r = Math.sqrt(g);
      if (r < lowest) lowest = r;
      continue;
    }
    next[2 * count] = sa;
    next[2 * count + 1] = sb;
    count++;
    if (g > threshold || (sa === hintA && sb === hintB)) continue;
    loadSegment(seg, 0, pa, ia, sa);
    seg[SEGMENT_LIMIT] = best + margin;
    segmentPairDistance2(seg, out);
    // Proved beyond the best by one segment's line (it stays a candidate).
    if (out[SEGMENT_MEET] === -1) continue;
    const d = out[SEGMENT_DISTANCE];
    segmentPairs++;
    if (out[SEGMENT_MEET] === 1) intersecting = true;
    if (precedes(d, best, sa, sb, bestA, bestB)) {
      best = d;
      bestA = sa;
      bestB = sb;
      q.take(sa, sb);
      threshold = (best + margin) * (best + margin);
      keep = keepSquared(best, margin);
    }
  }
  // Every pair left out must be proved farther than the gap, as a pruned box would be.
  if (!(lowest - margin > best) || bestA < 0) return false;
  candidates.nextCount = count;
  candidates.swap(lowest);
  q.lowest = lowest;
  q.finish(intersecting, count, segmentPairs);
  return true;
}
