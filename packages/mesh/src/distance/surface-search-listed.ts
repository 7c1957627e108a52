import type { ConvexCandidates } from '../convex/convex-candidates.js';
import { triangleGapBoundIo } from '../geometry/triangle-bound.js';
import { TRIANGLE_MEET, triangleDistanceIo } from '../geometry/triangle-distance.js';
import type { SurfaceSearch } from './surface-search.js';

/**
 * The closest pair among the candidate facet pairs of two convex surfaces apart (every other pair
 * proved farther by {@link ConvexCandidates}), pairs in lexicographic order, so that the first of
 * tied pairs is kept as the search over the trees keeps it. A pair is skipped when its depths below
 * the support planes, or its separating-axis gap, already put it beyond the best. Leaves the result
 * in `q` as the tree search does (placed by `q.place`, `q.margin` set); false when the proof fails
 * (a pair meets, or the gap found exceeds the hull points' distance): the trees answer then.
 */
export function searchListed(q: SurfaceSearch, c: ConvexCandidates): boolean {
  const margin = q.margin;
  const tri = q.s.tri;
  const out = q.s.out;
  const work = q.s.work;
  const facetsA = c.facetsA;
  const facetsB = c.facetsB;
  const depthsA = c.depthsA;
  const depthsB = c.depthsB;
  let best = Number.POSITIVE_INFINITY;
  let bestA = -1;
  let bestB = -1;
  let facetPairs = 0;
  let met = false;
  for (let i = 0; i < c.countA && !met; i++) {
    const fa = facetsA[i];
    const below = c.floor + depthsA[i];
    for (let j = 0; j < c.countB; j++) {
      if (below + depthsB[j] - margin > best) continue;
      const fb = facetsB[j];
      q.loadPair(fa, fb);
      work.io[0] = best + margin;
      triangleGapBoundIo(tri, 0, 9, undefined, work);
      const gap = work.io[1];
      if (gap - margin > best) continue;
      triangleDistanceIo(tri, 0, 9, out, work);
      const d = work.io[1];
      facetPairs++;
      if (out[TRIANGLE_MEET] === 1) {
        met = true;
        break;
      }
      if (d < best) {
        best = d;
        bestA = fa;
        bestB = fb;
        q.keepPoints();
      }
    }
  }
  q.volumePairs = 0;
  q.facetPairs = facetPairs;
  if (met || bestA < 0 || !(best <= c.upper + margin)) return false;
  q.best = best;
  q.bestA = bestA;
  q.bestB = bestB;
  q.intersecting = false;
  // Every pair left out is proved farther than the best: the gap is exact.
  q.lowestPruned = Number.POSITIVE_INFINITY;
  return true;
}
