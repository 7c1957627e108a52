import { triangleGapBoundIo } from '../geometry/triangle-bound.js';
import { TRIANGLE_MEET, triangleDistanceIo } from '../geometry/triangle-distance.js';
import { GAP_BOUND } from '../tree/rss-place.js';
import type { HullSearchScratch, KeptFacets } from './hull-search-scratch.js';
import { refitBound } from './surface-refit.js';
import type { SurfaceScratch } from './surface-scratch.js';
import type { SurfaceSearch } from './surface-search.js';

/**
 * The search for a small convex B refitted in A's frame: down A's tree alone, against B's box, and
 * at each facet of A near that box, B's own box across B's axes, then the gap between the facet and
 * B's vertex hull by GJK. That gap bounds the facet's distance to every facet of B from below (the
 * hull holds them all) and, B being convex, it is the facet's own distance to B: a facet of A whose
 * gap exceeds the best is done with B in one bound, where the search down both trees must separate
 * it from B's facets pair by pair (hundreds of pairs lie within a few per cent of the gap when B is
 * small against it). GJK's two points also bound the gap from above, so the first pass prunes with
 * the nearest facet met so far; the facets it keeps then meet B's facets, nearest facet first, down
 * B's own tree in B's frame ({@link pairsWith}). The answer (distance, pair, points,
 * `intersecting`) is the all-pairs loop's, as the two-tree search's; `lowestPruned` holds this
 * search's own bounds.
 */
export function searchHull(q: SurfaceSearch, maxDistance: number, shrink: number): void {
  // The search's own scratch: the facet in hand against B's hull (one GJK search, warm-started from
  // facet to facet), B's boxes, the facets kept.
  const h = q.hullScratch();
  const s = q.s;
  const triangle = h.triangle;
  const kept = h.kept;
  const boxesB = h.boxesB;
  triangle.reach = q.reachA;
  const hull = h.gjk;
  hull.bindHulls(triangle, q.convexB!);
  const margin = q.margin;
  const ta = q.ta;
  const pa = q.a.positions;
  const ia = q.a.indices;
  const corners = triangle.points;
  q.seed(maxDistance);
  // Pruning runs below the best exact gap so far, less its relative allowance, or below a gap some
  // facet pair is known to come within (GJK's points, below).
  let cap = q.best * shrink;
  let volumePairs = 1;
  let lowestBound = Number.POSITIVE_INFINITY;
  const boxesA = ta.boxes;
  const countA = ta.count;
  const childA = ta.child;
  const orderA = ta.order;
  const stack = s.stack;
  stack.size = 0;
  kept.count = 0;
  // B's two boxes for the facet test (see `HullSearchScratch.boxesB`).
  placeBoxes(q.ownBoxB, s, boxesB);
  refitBound(boxesA, 0, 0, s);
  stack.push(0, 0, s.bound[GAP_BOUND]);
  // The separating axis of the nearest facet bounded so far (GJK's, a unit vector in A's frame) and
  // the height along it below which no vertex of B lies: any facet whose corners all stay below that
  // height by more than the cap is out for three dot products, without its own GJK. Near the closest
  // feature of two convex bodies that axis separates them whole, so the facets around the feature
  // (ties at its gap, each a GJK before) go out too once the relative allowance shrinks the cap.
  // (the axis in h.io[3..5], the helpers' floats in io[0..2]: see `HullSearchScratch.io`)
  const io = h.io;
  io[3] = 0;
  io[4] = 0;
  io[5] = 0;
  let floorB = Number.NEGATIVE_INFINITY;
  let nearest = Number.POSITIVE_INFINITY;
  // The hint pair's, to begin with: the line between its two points (any unit axis bounds a facet's
  // gap to B; this one is the contact's normal where the closest pair has not changed).
  if (q.bestA >= 0 && !q.intersecting && q.best > 0) {
    const x = q.pointB[0] - q.pointA[0],
      y = q.pointB[1] - q.pointA[1],
      z = q.pointB[2] - q.pointA[2];
    const length = Math.sqrt(x * x + y * y + z * z);
    if (length > 0 && length < Number.POSITIVE_INFINITY) {
      const floor = lowestOfB(q.convexB!.points, x / length, y / length, z / length, s);
      // (Finite only: a height that overflowed would put every facet out.)
      if (Math.abs(floor) < Number.POSITIVE_INFINITY) {
        io[3] = x / length;
        io[4] = y / length;
        io[5] = z / length;
        floorB = floor;
        nearest = q.best;
      }
    }
  }
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
        io[0] = limit;
        facetApart(pa, ia, fa, io, corners, boxesB, s.bound);
        const apart = s.bound[GAP_BOUND];
        if (apart > limit) {
          if (apart < lowestBound) lowestBound = apart;
          continue;
        }
        if (floorB > Number.NEGATIVE_INFINITY) {
          highestCorner(corners, io, 3, io, 1);
          const along = floorB - io[1];
          if (along > limit) {
            if (along < lowestBound) lowestBound = along;
            continue;
          }
        }
        // The facet against B's hull (its vertices placed as the pairs place them).
        hull.stopAbove = limit;
        hull.evaluateBoundAt(s.R, s.t);
        const gap = hull.lowerBound;
        volumePairs++;
        if (gap > 0 && gap < nearest) {
          // GJK's bound is B's lowest height along its axis less the facet's highest corner.
          const axis = hull.lowerAxis;
          highestCorner(corners, axis, 0, io, 2);
          const floor = gap + io[2];
          if (floor < Number.POSITIVE_INFINITY) {
            nearest = gap;
            io[3] = axis[0];
            io[4] = axis[1];
            io[5] = axis[2];
            floorB = floor;
          }
        }
        if (gap - margin > cap) {
          if (gap < lowestBound) lowestBound = gap;
          continue;
        }
        kept.pushBound(fa, hull);
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
    // (the two bounds and centre distances through the scratch's arrays: no float crosses a call)
    const keys = s.keys;
    const centres = s.centres;
    refitBound(boxesA, a1, 0, s);
    keys[0] = s.bound[GAP_BOUND];
    refitBound(boxesA, a2, 0, s);
    keys[1] = s.bound[GAP_BOUND];
    volumePairs += 2;
    const l1 = keys[0];
    const l2 = keys[1];
    let firstIsCloser = l1 < l2;
    if (!firstIsCloser && l1 === l2) {
      q.centres2Into(a1, 0, 0);
      q.centres2Into(a2, 0, 1);
      firstIsCloser = centres[0] <= centres[1];
    }
    const nearNode = firstIsCloser ? a1 : a2;
    const farNode = firstIsCloser ? a2 : a1;
    const near = firstIsCloser ? 0 : 1;
    const far = 1 - near;
    const nearKey = keys[near];
    const farKey = keys[far];
    if (farKey - margin <= cap) stack.pushKeyAt(farNode, 0, keys, far);
    else if (farKey < lowestBound) lowestBound = farKey;
    if (nearKey - margin <= cap) stack.pushKeyAt(nearNode, 0, keys, near);
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
    pairsWith(q, h, fa, shrink, 3 * k);
  }
}

/** The box of facet fa of A taken into B's frame (x ↦ Rᵀ (x − t), from `s.R`, `s.t`), into `out`. */
function facetInB(pa: Float64Array, ia: Uint32Array, fa: number, out: Float64Array, s: SurfaceScratch): void {
  const R = s.R;
  const t = s.t;
  out.fill(Number.POSITIVE_INFINITY, 0, 3);
  out.fill(Number.NEGATIVE_INFINITY, 3, 6);
  for (let k = 0; k < 3; k++) {
    const v = 3 * ia[3 * fa + k];
    const dx = pa[v] - t[0],
      dy = pa[v + 1] - t[1],
      dz = pa[v + 2] - t[2];
    const x = R[0] * dx + R[3] * dy + R[6] * dz;
    const y = R[1] * dx + R[4] * dy + R[7] * dz;
    const z = R[2] * dx + R[5] * dy + R[8] * dz;
    if (x < out[0]) out[0] = x;
    if (x > out[3]) out[3] = x;
    if (y < out[1]) out[1] = y;
    if (y > out[4]) out[4] = y;
    if (z < out[2]) out[2] = z;
    if (z > out[5]) out[5] = z;
  }
}

/**
 * Fills `f` (`HullSearchScratch.boxesB`) from B's own box (`own`, min then max, B's frame) and
 * `s.R`, `s.t`, `s.rb`.
 */
function placeBoxes(own: Float64Array, s: SurfaceScratch, f: Float64Array): void {
  const R = s.R;
  const t = s.t;
  for (let k = 0; k < 3; k++) {
    const ux = R[k],
      uy = R[3 + k],
      uz = R[6 + k];
    f[3 * k] = ux;
    f[3 * k + 1] = uy;
    f[3 * k + 2] = uz;
    const o = ux * t[0] + uy * t[1] + uz * t[2];
    f[9 + 2 * k] = own[k] + o;
    f[10 + 2 * k] = own[3 + k] + o;
  }
  for (let k = 0; k < 6; k++) f[15 + k] = s.rb[k];
}

/**
 * Facet fa of A into `corners`, and a lower bound of its gap to B into `bound[0]`: its box against
 * B's box in A's axes, or when that is within `limit`, the largest gap across B's own axes (`f`,
 * `HullSearchScratch.boxesB`). A function of its own, its result in scratch: left in the search, its
 * helpers were no longer inlined there and every call boxed its result.
 */
function facetApart(
  pa: Float64Array,
  ia: Uint32Array,
  fa: number,
  io: Float64Array,
  corners: Float64Array,
  f: Float64Array,
  bound: Float64Array,
): void {
  const limit = io[0];
  const a = 3 * ia[3 * fa];
  const b = 3 * ia[3 * fa + 1];
  const c = 3 * ia[3 * fa + 2];
  const ax = pa[a],
    ay = pa[a + 1],
    az = pa[a + 2];
  const bx = pa[b],
    by = pa[b + 1],
    bz = pa[b + 2];
  const cx = pa[c],
    cy = pa[c + 1],
    cz = pa[c + 2];
  corners[0] = ax;
  corners[1] = ay;
  corners[2] = az;
  corners[3] = bx;
  corners[4] = by;
  corners[5] = bz;
  corners[6] = cx;
  corners[7] = cy;
  corners[8] = cz;
  let s = 0;
  let g = slabGap(ax, bx, cx, f[15], f[18]);
  if (g > 0) s += g * g;
  g = slabGap(ay, by, cy, f[16], f[19]);
  if (g > 0) s += g * g;
  g = slabGap(az, bz, cz, f[17], f[20]);
  if (g > 0) s += g * g;
  if (s > limit * limit) {
    bound[GAP_BOUND] = Math.sqrt(s);
    return;
  }
  let o = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < 3; k++) {
    const ux = f[3 * k],
      uy = f[3 * k + 1],
      uz = f[3 * k + 2];
    g = slabGap(
      ux * ax + uy * ay + uz * az,
      ux * bx + uy * by + uz * bz,
      ux * cx + uy * cy + uz * cz,
      f[9 + 2 * k],
      f[10 + 2 * k],
    );
    if (g > o) o = g;
  }
  bound[GAP_BOUND] = o;
}

/** The least height along (x, y, z) (A's frame) of B's points (B's frame), placed by `s.R`, `s.t`. */
function lowestOfB(points: Float64Array, x: number, y: number, z: number, s: SurfaceScratch): number {
  const R = s.R;
  const t = s.t;
  // The axis taken into B's frame once, rather than every point into A's.
  const u = R[0] * x + R[3] * y + R[6] * z,
    v = R[1] * x + R[4] * y + R[7] * z,
    w = R[2] * x + R[5] * y + R[8] * z;
  let low = Number.POSITIVE_INFINITY;
  for (let p = 0; p < points.length; p += 3) {
    const h = u * points[p] + v * points[p + 1] + w * points[p + 2];
    if (h < low) low = h;
  }
  return low + (x * t[0] + y * t[1] + z * t[2]);
}

/** The largest height of the three corners (9 numbers) along the axis at `axis[at..at + 2]`, into `out[k]`. */
function highestCorner(c: Float64Array, axis: Float64Array, at: number, out: Float64Array, k: number): void {
  const x = axis[at],
    y = axis[at + 1],
    z = axis[at + 2];
  const h0 = x * c[0] + y * c[1] + z * c[2];
  const h1 = x * c[3] + y * c[4] + z * c[5];
  const h2 = x * c[6] + y * c[7] + z * c[8];
  out[k] = h0 > h1 ? (h0 > h2 ? h0 : h2) : h1 > h2 ? h1 : h2;
}

/** How far three heights along an axis lie outside the slab [lo, hi] (negative: they reach it). */
function slabGap(h0: number, h1: number, h2: number, lo: number, hi: number): number {
  const min = h0 < h1 ? (h0 < h2 ? h0 : h2) : h1 < h2 ? h1 : h2;
  const max = h0 > h1 ? (h0 > h2 ? h0 : h2) : h1 > h2 ? h1 : h2;
  const above = min - hi;
  const below = lo - max;
  return above > below ? above : below;
}

/**
 * The pairs of facet fa of A with the facets of B, down B's own tree, behind the tests of the search
 * down both trees; reads and updates the best in `q` (ties go to the smaller pair whatever the order).
 */
function pairsWith(q: SurfaceSearch, h: HullSearchScratch, fa: number, shrink: number, axisAt: number): void {
  const margin = q.margin;
  let best = q.best;
  let bestA = q.bestA;
  let bestB = q.bestB;
  let intersecting = q.intersecting;
  if (intersecting && fa > bestA) return;
  let facetPairs = q.facetPairs;
  let lowest = q.lowestPruned;
  const s = q.s;
  const tri = s.tri;
  const out = s.out;
  const work = s.work;
  const kept: KeptFacets = h.kept;
  const hintA = q.hintA;
  const hintB = q.hintB;
  // Facet fa taken into B's frame, its box there against B's own facet boxes (made once a body):
  // the test most pairs end at, with nothing of B placed for it. A box gap in either frame bounds
  // the pair's distance; the two placements' rounding is within the margin.
  const box = s.fa;
  facetInB(q.a.positions, q.a.indices, fa, box, s);
  const ax0 = box[0],
    ay0 = box[1],
    az0 = box[2];
  const ax1 = box[3],
    ay1 = box[4],
    az1 = box[5];
  const boxesB = q.ownFacetBoxesB;
  // GJK's axis for the facet: B's facets lying beyond the facet along it by more than the best are
  // out for three dot products, before the pair's own separating-axis bound.
  const ux = kept.axes[axisAt],
    uy = kept.axes[axisAt + 1],
    uz = kept.axes[axisAt + 2];
  let topA = Number.NEGATIVE_INFINITY;
  {
    const pa = q.a.positions;
    const ia = q.a.indices;
    for (let k = 0; k < 3; k++) {
      const v = 3 * ia[3 * fa + k];
      const h = ux * pa[v] + uy * pa[v + 1] + uz * pa[v + 2];
      if (h > topA) topA = h;
    }
  }
  // B's own tree (its boxes in B's frame too) prunes its facets by the leafful.
  const tb = q.tb;
  const nodeBoxes = tb.boxes;
  const countB = tb.count;
  const childB = tb.child;
  const orderB = tb.order;
  if (h.descentB.length < tb.nodeCount) {
    h.descentB = new Int32Array(tb.nodeCount);
    h.descentGaps = new Float64Array(tb.nodeCount);
  }
  const stack = h.descentB;
  const gaps = h.descentGaps;
  let top = 0;
  stack[top] = 0;
  gaps[top++] = 0;
  let loadedA = false;
  while (top > 0) {
    const node = stack[--top];
    const n2 = gaps[top];
    const reach = best * shrink + margin;
    if (n2 > reach * reach) {
      const d = Math.sqrt(n2);
      if (d < lowest) lowest = d;
      continue;
    }
    if (countB[node] === 0) {
      // Both children, the nearer popped first.
      const c1 = node + 1;
      const c2 = childB[node];
      const g1 = nodeGap2(nodeBoxes, c1, box);
      const g2 = nodeGap2(nodeBoxes, c2, box);
      const farFirst = g1 <= g2;
      stack[top] = farFirst ? c2 : c1;
      gaps[top++] = farFirst ? g2 : g1;
      stack[top] = farFirst ? c1 : c2;
      gaps[top++] = farFirst ? g1 : g2;
      continue;
    }
    for (let x = childB[node]; x < childB[node] + countB[node]; x++) {
      const fb = orderB[x];
      if (fa === hintA && fb === hintB) continue;
      // Once a pair meets, only a pair before it in (facetA, facetB) order can take its place.
      if (intersecting && (fa > bestA || (fa === bestA && fb > bestB))) continue;
      const o = 6 * fb;
      let g2 = 0;
      let g = boxesB[o] - ax1;
      let h = ax0 - boxesB[o + 3];
      if (h > g) g = h;
      if (g > 0) g2 += g * g;
      g = boxesB[o + 1] - ay1;
      h = ay0 - boxesB[o + 4];
      if (h > g) g = h;
      if (g > 0) g2 += g * g;
      g = boxesB[o + 2] - az1;
      h = az0 - boxesB[o + 5];
      if (h > g) g = h;
      if (g > 0) g2 += g * g;
      const near = best * shrink + margin;
      if (g2 > near * near) {
        const d = Math.sqrt(g2);
        if (d < lowest) lowest = d;
        continue;
      }
      // A's facet is loaded once, with the first facet of B that needs it (the pair routines only
      // read the scratch).
      if (!loadedA) {
        q.loadA(fa);
        loadedA = true;
      }
      q.loadB(fb);
      let lowB = ux * tri[9] + uy * tri[10] + uz * tri[11];
      let h2 = ux * tri[12] + uy * tri[13] + uz * tri[14];
      if (h2 < lowB) lowB = h2;
      h2 = ux * tri[15] + uy * tri[16] + uz * tri[17];
      if (h2 < lowB) lowB = h2;
      const along = lowB - topA;
      if (along - margin > best * shrink) {
        if (along < lowest) lowest = along;
        continue;
      }
      work.io[0] = near;
      triangleGapBoundIo(tri, 0, 9, undefined, work);
      const bound = work.io[1];
      if (bound - margin > best * shrink) {
        if (bound < lowest) lowest = bound;
        continue;
      }
      triangleDistanceIo(tri, 0, 9, out, work);
      const d = work.io[1];
      facetPairs++;
      if (out[TRIANGLE_MEET] === 1) intersecting = true;
      // An exact gap above the best still bounds what was left out.
      if (d > best && d < lowest) lowest = d;
      if (d < best || (d === best && (bestA < 0 || fa < bestA || (fa === bestA && fb < bestB)))) {
        best = d;
        bestA = fa;
        bestB = fb;
        q.keepPoints();
      }
    }
  }
  q.best = best;
  q.bestA = bestA;
  q.bestB = bestB;
  q.intersecting = intersecting;
  q.facetPairs = facetPairs;
  q.lowestPruned = lowest;
}

/** Squared gap between node i's box (B's own frame) and the box `b` (min x y z, max x y z). */
function nodeGap2(boxes: Float32Array, i: number, b: Float64Array): number {
  const x0 = b[0],
    y0 = b[1],
    z0 = b[2],
    x1 = b[3],
    y1 = b[4],
    z1 = b[5];
  const p = 6 * i;
  let s = 0;
  let g = boxes[p] - x1;
  let h = x0 - boxes[p + 3];
  if (h > g) g = h;
  if (g > 0) s += g * g;
  g = boxes[p + 1] - y1;
  h = y0 - boxes[p + 4];
  if (h > g) g = h;
  if (g > 0) s += g * g;
  g = boxes[p + 2] - z1;
  h = z0 - boxes[p + 5];
  if (h > g) g = h;
  if (g > 0) s += g * g;
  return s;
}
