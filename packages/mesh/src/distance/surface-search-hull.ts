import { pointSet } from '../convex/convex-surface.js';
import { ConvexSurfacePair } from '../convex/convex-surface-pair.js';
import { triangleGapBound } from '../geometry/triangle-bound.js';
import { triangleDistance } from '../geometry/triangle-distance.js';
import { facetBoxA, facetBoxGap2, refitBound } from './surface-refit.js';
import { S } from './surface-scratch.js';
import type { SurfaceSearch } from './surface-search.js';

/**
 * The search for a small convex B refitted in A's frame: down A's tree alone, against B's box, and
 * at each facet of A that box, then the gap between the facet and B's vertex hull by GJK. That gap
 * bounds the facet's distance to every facet of B from below (the hull holds them all) and, B being
 * convex, it is the facet's own distance to B: a facet of A whose gap exceeds the best is done with
 * B in one bound, where the search down both trees must separate it from B's facets pair by pair
 * (hundreds of pairs lie within a few per cent of the gap when B is small against it). GJK's two
 * points also bound the gap from above, so the first pass prunes with the nearest facet met so far;
 * the facets it keeps then meet B's facets one by one, nearest first, with the tests of the search
 * down both trees. The answer (distance, pair, points, `intersecting`) is the all-pairs loop's, as
 * that search's; `lowestPruned` holds this search's own bounds.
 */
export function searchHull(q: SurfaceSearch, maxDistance: number, shrink: number): void {
  // One GJK pair for every search (they never overlap): the facet in hand against B's hull.
  triangle.reach = q.reachA;
  if (hullPair === undefined) hullPair = new ConvexSurfacePair(q.b, q.b);
  hullPair.bindHulls(triangle, q.convexB!);
  const hull = hullPair;
  const margin = q.margin;
  const ta = q.ta;
  const pa = q.a.positions;
  const ia = q.a.indices;
  const corners = triangle.points;
  const rb = S.rb;
  const box = S.fa;
  q.seed(maxDistance);
  // Pruning runs below the best exact gap so far, less its relative allowance, or below a gap some
  // facet pair is known to come within (GJK's points, below).
  let cap = q.best * shrink;
  let volumePairs = 1;
  let lowestBound = Number.POSITIVE_INFINITY;
  const boxesA = ta.boxes;
  const slabsA = ta.slabs;
  const countA = ta.count;
  const childA = ta.child;
  const orderA = ta.order;
  const stack = S.stack;
  stack.size = 0;
  kept.count = 0;
  refitBound(boxesA, slabsA, 0, 0);
  stack.push(0, 0, S.bound[0]);
  // First A's tree, the facets that may hold the closest pair kept with their bounds; then their
  // pairs, nearest facet first, so that the first ones set the best and the rest mostly fall to it.
  while (stack.size > 0) {
    const slot = stack.pop();
    const lb = stack.keys[slot];
    if (lb - margin > cap) {
      if (lb < lowestBound) lowestBound = lb;
      continue;
    }
    const i = stack.nodes[2 * slot];
    if (countA[i] > 0) {
      for (let x = childA[i]; x < childA[i] + countA[i]; x++) {
        const fa = orderA[x];
        const limit = cap + margin;
        // The facet's box against B's: a few flops.
        facetBoxA(pa, ia, fa);
        let s = 0;
        let g = rb[0] - box[3];
        let h = box[0] - rb[3];
        if (h > g) g = h;
        if (g > 0) s += g * g;
        g = rb[1] - box[4];
        h = box[1] - rb[4];
        if (h > g) g = h;
        if (g > 0) s += g * g;
        g = rb[2] - box[5];
        h = box[2] - rb[5];
        if (h > g) g = h;
        if (g > 0) s += g * g;
        if (s > limit * limit) {
          const d = Math.sqrt(s);
          if (d < lowestBound) lowestBound = d;
          continue;
        }
        // The facet against B's hull (its vertices placed as the pairs place them).
        const a = 3 * ia[3 * fa];
        const b = 3 * ia[3 * fa + 1];
        const c = 3 * ia[3 * fa + 2];
        corners[0] = pa[a];
        corners[1] = pa[a + 1];
        corners[2] = pa[a + 2];
        corners[3] = pa[b];
        corners[4] = pa[b + 1];
        corners[5] = pa[b + 2];
        corners[6] = pa[c];
        corners[7] = pa[c + 1];
        corners[8] = pa[c + 2];
        hull.stopAbove = limit;
        const gap = hull.evaluateBound(S.R, S.t);
        volumePairs++;
        if (gap - margin > cap) {
          if (gap < lowestBound) lowestBound = gap;
          continue;
        }
        kept.push(fa, gap);
        // The facet apart from the hull (beyond the rounding): the segment between GJK's two points,
        // one on the facet and one in B's hull, crosses the hull's boundary, which B's facets cover
        // (`hullCovered`), so some facet pair is at most |v| apart; the margin covers the rounding.
        // No relative allowance on it: that pair is still to be measured, and may take the allowance.
        if (gap > margin) {
          const far = hull.upperBound + margin;
          if (far < cap) cap = far;
        }
      }
      continue;
    }
    // Both children against B's box, the closer searched first (on a tie, the nearer centre).
    const a1 = i + 1;
    const a2 = childA[i];
    refitBound(boxesA, slabsA, a1, 0);
    const l1 = S.bound[0];
    refitBound(boxesA, slabsA, a2, 0);
    const l2 = S.bound[0];
    volumePairs += 2;
    const firstIsCloser = l1 < l2 || (l1 === l2 && q.centres2(a1, 0) <= q.centres2(a2, 0));
    const nearNode = firstIsCloser ? a1 : a2;
    const farNode = firstIsCloser ? a2 : a1;
    const nearKey = firstIsCloser ? l1 : l2;
    const farKey = firstIsCloser ? l2 : l1;
    if (farKey - margin <= cap) stack.push(farNode, 0, farKey);
    else if (farKey < lowestBound) lowestBound = farKey;
    if (nearKey - margin <= cap) stack.push(nearNode, 0, nearKey);
    else if (nearKey < lowestBound) lowestBound = nearKey;
  }
  kept.sort();
  q.volumePairs = volumePairs;
  // What the seed left there (the hint's gap above maxDistance) and the bounds of the first pass.
  if (lowestBound < q.lowestPruned) q.lowestPruned = lowestBound;
  for (let k = 0; k < kept.count; k++) {
    const fa = kept.facets[k];
    const gap = kept.gaps[k];
    if (gap - margin > q.best * shrink) {
      if (gap < q.lowestPruned) q.lowestPruned = gap;
      continue;
    }
    pairsWith(q, fa, shrink);
  }
}

/**
 * The pairs of facet fa of A with every facet of B, in order, behind the tests of the search down
 * both trees; reads and updates the best in `q`.
 */
function pairsWith(q: SurfaceSearch, fa: number, shrink: number): void {
  const margin = q.margin;
  let best = q.best;
  let bestA = q.bestA;
  let bestB = q.bestB;
  let intersecting = q.intersecting;
  if (intersecting && fa > bestA) return;
  let facetPairs = q.facetPairs;
  let lowest = q.lowestPruned;
  const tri = S.tri;
  const out = S.out;
  const hintA = q.hintA;
  const hintB = q.hintB;
  const facetsB = q.b.facetCount;
  facetBoxA(q.a.positions, q.a.indices, fa);
  for (let fb = 0; fb < facetsB; fb++) {
    if (fa === hintA && fb === hintB) continue;
    // Once a pair meets, only a pair before it in (facetA, facetB) order can take its place.
    if (intersecting && (fa > bestA || (fa === bestA && fb > bestB))) continue;
    const g2 = facetBoxGap2(fb);
    const near = best * shrink + margin;
    if (g2 > near * near) {
      const d = Math.sqrt(g2);
      if (d < lowest) lowest = d;
      continue;
    }
    q.loadPair(fa, fb);
    const bound = triangleGapBound(tri, 0, 9, near);
    if (bound - margin > best * shrink) {
      if (bound < lowest) lowest = bound;
      continue;
    }
    const d = triangleDistance(tri, 0, 9, out);
    facetPairs++;
    if (out[6] === 1) intersecting = true;
    // An exact gap above the best still bounds what was left out.
    if (d > best && d < lowest) lowest = d;
    if (d < best || (d === best && (bestA < 0 || fa < bestA || (fa === bestA && fb < bestB)))) {
      best = d;
      bestA = fa;
      bestB = fb;
      q.keepPoints();
    }
  }
  q.best = best;
  q.bestA = bestA;
  q.bestB = bestB;
  q.intersecting = intersecting;
  q.facetPairs = facetPairs;
  q.lowestPruned = lowest;
}

/** The facets of A the first pass keeps, with their hull bounds (grown by doubling, kept between searches). */
class KeptFacets {
  facets = new Int32Array(64);
  gaps = new Float64Array(64);
  count = 0;

  push(fa: number, gap: number): void {
    if (this.count === this.facets.length) {
      const facets = new Int32Array(2 * this.count);
      facets.set(this.facets);
      this.facets = facets;
      const gaps = new Float64Array(2 * this.count);
      gaps.set(this.gaps);
      this.gaps = gaps;
    }
    this.facets[this.count] = fa;
    this.gaps[this.count] = gap;
    this.count++;
  }

  /**
   * By bound, then by facet: a heap sort, in place. Usually a few dozen entries, but a body whose
   * facets all lie at about the same gap from B (a sphere about it) can keep thousands.
   */
  sort(): void {
    const n = this.count;
    for (let k = (n >> 1) - 1; k >= 0; k--) this.#sift(k, n);
    for (let end = n - 1; end > 0; end--) {
      this.#swap(0, end);
      this.#sift(0, end);
    }
  }

  /** Entry k before entry j: the larger bound, then the larger facet, goes up the heap. */
  #after(k: number, j: number): boolean {
    const g = this.gaps;
    return g[k] > g[j] || (g[k] === g[j] && this.facets[k] > this.facets[j]);
  }

  #sift(k: number, n: number): void {
    for (;;) {
      let top = k;
      const l = 2 * k + 1;
      const r = l + 1;
      if (l < n && this.#after(l, top)) top = l;
      if (r < n && this.#after(r, top)) top = r;
      if (top === k) return;
      this.#swap(k, top);
      k = top;
    }
  }

  #swap(k: number, j: number): void {
    const f = this.facets[k];
    this.facets[k] = this.facets[j];
    this.facets[j] = f;
    const g = this.gaps[k];
    this.gaps[k] = this.gaps[j];
    this.gaps[j] = g;
  }
}

const kept = new KeptFacets();

/** The facet of A in hand as a vertex set (its points rewritten facet by facet), and the GJK pair. */
const triangle = pointSet(3);
let hullPair: ConvexSurfacePair | undefined;
