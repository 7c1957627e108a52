import { FirstTouchError } from '@firsttouch/pose';
import { triangleGapBound } from '../geometry/triangle-bound.js';
import { triangleDistance } from '../geometry/triangle-distance.js';
import type { Surface } from '../surface.js';
import type { BoundingTree } from '../tree/build.js';
import { PairStack } from '../tree/pair-stack.js';

/**
 * The distance query between two surfaces, with its scratch preallocated, for callers that repeat
 * it many times (conservative advancement): {@link SurfacePair.evaluate} takes body B into body A's
 * frame by a relative transform and allocates nothing. After a call, the fields hold the result; the
 * closest pair found seeds the next call (frame coherence).
 *
 * @example
 * ```ts
 * import { SurfacePair, box } from '@firsttouch/mesh';
 * const pair = new SurfacePair(box(1), box(1));
 * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * console.log(pair.evaluate(R, new Float64Array([3, 0, 0]))); // 2
 * ```
 */
export class SurfacePair {
  /** Body A (the frame of the computation). */
  a: Surface;
  /** Body B. */
  b: Surface;
  /** The gap of the last evaluation (a certified lower bound when {@link beyond}). */
  distance = Number.NaN;
  /**
   * A certified lower bound of the gap: equal to {@link distance} for an exact evaluation, within a
   * factor `1 + relativeError` of it otherwise.
   */
  lowerBound = Number.NaN;
  /** Some facet pair intersects. */
  intersecting = false;
  /** The gap is certified larger than the `maxDistance` asked (no facets, no points then). */
  beyond = false;
  /** The closest facet of A (−1 when {@link beyond}). */
  facetA = -1;
  /** The closest facet of B (−1 when {@link beyond}). */
  facetB = -1;
  /** Closest point on A, in A's frame. */
  readonly pointA = new Float64Array(3);
  /** Closest point on B, in A's frame. */
  readonly pointB = new Float64Array(3);
  /** Node pairs whose boxes were tested in the last evaluation. */
  volumePairs = 0;
  /** Facet pairs evaluated exactly in the last evaluation. */
  facetPairs = 0;

  #ta: BoundingTree;
  #tb: BoundingTree;
  // B's vertices and node boxes in A's frame, computed once per evaluation (stamped).
  // A's node boxes in B's frame, for the symmetric bound.
  // A's node boxes as centre and half-extents (f64), filled with the stamp above.
  // The stack, the facet-pair scratch and the transform live in the shared scratch `S`: they serve
  // one evaluation at a time, and a pair built per query then allocates almost nothing.
  readonly #stack = S.stack;
  readonly #tri = S.tri;
  readonly #out = S.out;
  readonly #absR = S.absR;
  readonly #R = S.R;
  readonly #t = S.t;
  /**
   * Whether B's tree is refitted in A's frame at each evaluation (exact boxes, one pass over B) rather
   * than each of its boxes enclosed after the turn (no pass, looser boxes): chosen by B's size.
   */
  #refit: boolean;

  constructor(a: Surface, b: Surface) {
    a.assertNotEmpty('distance (body A)');
    b.assertNotEmpty('distance (body B)');
    this.a = a;
    this.b = b;
    this.#ta = a.tree();
    this.#tb = b.tree();
    this.#refit = this.#tb.nodeCount <= REFIT_RATIO * this.#ta.nodeCount + REFIT_FLOOR;
  }

  /**
   * Points the pair at two other surfaces, keeping nothing of the last evaluation (no hint): for a
   * caller that answers many queries with one pair object.
   *
   * @throws `FirstTouchError` `EMPTY` for a surface without facets.
   * @example
   * ```ts
   * import { SurfacePair, box } from '@firsttouch/mesh';
   * const pair = new SurfacePair(box(1), box(1));
   * pair.rebind(box(2), box(1));
   * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
   * console.log(pair.evaluate(R, new Float64Array([3, 0, 0]))); // 1.5
   * ```
   */
  rebind(a: Surface, b: Surface): void {
    a.assertNotEmpty('distance (body A)');
    b.assertNotEmpty('distance (body B)');
    this.a = a;
    this.b = b;
    this.#ta = a.tree();
    this.#tb = b.tree();
    this.#refit = this.#tb.nodeCount <= REFIT_RATIO * this.#ta.nodeCount + REFIT_FLOOR;
    this.facetA = -1;
    this.facetB = -1;
    this.distance = Number.NaN;
    this.lowerBound = Number.NaN;
    this.intersecting = false;
    this.beyond = false;
    this.volumePairs = 0;
    this.facetPairs = 0;
  }

  /**
   * The gap between A and B when B's frame is placed in A's frame by `R` (row-major, 9) and `t`:
   * a point `x` of B is at `R x + t` in A's frame. Stops early, with {@link beyond} set, when the gap
   * is certified larger than `maxDistance`. Returns {@link distance}.
   *
   * Deterministic: the distance and the facet pair equal those of the loop over all facet pairs
   * (ties to the smallest `(facetA, facetB)`), whatever the tree and the seed.
   */
  evaluate(
    R: Float64Array,
    t: Float64Array,
    maxDistance = Number.POSITIVE_INFINITY,
    relativeError = 0,
  ): number {
    // With a relative error ε, a pair is skipped once its bound exceeds best / (1 + ε): the search
    // ends sooner, `distance` is then within a factor 1 + ε of the gap, and `lowerBound` certifies it.
    const shrink = 1 / (1 + relativeError);
    this.#R.set(R);
    this.#t.set(t);
    const absR = this.#absR;
    for (let i = 0; i < 9; i++) absR[i] = Math.abs(R[i]);
    prepareScratch(this.b.vertexCount, this.#tb.nodeCount, this.#ta.nodeCount, this.b.facetCount);
    const refit = this.#refit;
    if (refit) this.#refitB();
    const ta = this.#ta;
    const tb = this.#tb;
    // Rounding slack for the node bounds: a few ulps of the largest coordinate in play.
    const scale =
      Math.abs(t[0]) + Math.abs(t[1]) + Math.abs(t[2]) + rootReach(ta.boxes) + rootReach(tb.boxes);
    const margin = 1e-13 * scale;

    let best = maxDistance;
    let bestA = -1;
    let bestB = -1;
    let intersecting = false;
    let volumePairs = 0;
    let facetPairs = 0;
    let lowestPruned = Number.POSITIVE_INFINITY;

    // Seed with the last closest pair (frame coherence).
    const hintA = this.facetA;
    const hintB = this.facetB;
    if (hintA >= 0 && hintA < this.a.facetCount && hintB >= 0 && hintB < this.b.facetCount) {
      const d = this.#facetPair(hintA, hintB);
      facetPairs++;
      if (this.#out[6] === 1) intersecting = true;
      if (d > best && d < lowestPruned) lowestPruned = d;
      if (d <= best) {
        best = d;
        bestA = hintA;
        bestB = hintB;
        this.#keepPoints();
      }
    }

    const stack = this.#stack;
    stack.size = 0;
    this.#nodeBound(0, 0);
    const lb0 = S.bound[0];
    volumePairs++;
    stack.push(0, 0, lb0);
    const countA = ta.count;
    const countB = tb.count;
    const childA = ta.child;
    const childB = tb.child;
    const boxesA = ta.boxes;
    const boxesB = tb.boxes;
    while (stack.size > 0) {
      const slot = stack.pop();
      const lb = stack.keys[slot];
      if (lb - margin > best * shrink) {
        if (lb < lowestPruned) lowestPruned = lb;
        continue;
      }
      const i = stack.nodes[2 * slot];
      const j = stack.nodes[2 * slot + 1];
      const leafA = countA[i] > 0;
      const leafB = countB[j] > 0;
      if (leafA && leafB) {
        const fa0 = childA[i];
        const fb0 = childB[j];
        for (let x = fa0; x < fa0 + countA[i]; x++) {
          const fa = ta.order[x];
          if (refit) facetBoxA(this.a.positions, this.a.indices, fa);
          for (let y = fb0; y < fb0 + countB[j]; y++) {
            const fb = tb.order[y];
            if (fa === hintA && fb === hintB) continue;
            if (refit) {
              // The two facets' own boxes, both exact in A's frame: a few flops before any loading.
              const g2 = facetBoxGap2(fb);
              const limit = best * shrink + margin;
              if (g2 > limit * limit) {
                const g = Math.sqrt(g2);
                if (g < lowestPruned) lowestPruned = g;
                continue;
              }
            }
            this.#loadPair(fa, fb);
            // Cheap separating-axis bound first: most candidate pairs stop here.
            const gap = triangleGapBound(this.#tri, 0, 9, best * shrink + margin);
            if (gap - margin > best * shrink) {
              if (gap < lowestPruned) lowestPruned = gap;
              continue;
            }
            const d = triangleDistance(this.#tri, 0, 9, this.#out);
            facetPairs++;
            if (this.#out[6] === 1) intersecting = true;
            if (d > best && d < lowestPruned) lowestPruned = d; // an exact gap above the best still bounds
            if (d < best || (d === best && (bestA < 0 || fa < bestA || (fa === bestA && fb < bestB)))) {
              best = d;
              bestA = fa;
              bestB = fb;
              this.#keepPoints();
            }
          }
        }
        continue;
      }
      // Split the larger box (or the one that is not a leaf).
      let splitA: boolean;
      if (leafA) splitA = false;
      else if (leafB) splitA = true;
      else {
        const p = 6 * i;
        const o = 6 * j;
        const ha =
          (boxesA[p + 3] - boxesA[p]) ** 2 +
          (boxesA[p + 4] - boxesA[p + 1]) ** 2 +
          (boxesA[p + 5] - boxesA[p + 2]) ** 2;
        const hb =
          (boxesB[o + 3] - boxesB[o]) ** 2 +
          (boxesB[o + 4] - boxesB[o + 1]) ** 2 +
          (boxesB[o + 5] - boxesB[o + 2]) ** 2;
        splitA = ha >= hb;
      }
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
      // The bounds come back through scratch: a float returned from a call that is not inlined is
      // boxed, and this runs for every node pair.
      this.#nodeBound(a1, b1);
      const l1 = S.bound[0];
      this.#nodeBound(a2, b2);
      const l2 = S.bound[0];
      volumePairs += 2;
      // The closer child is pushed last, so it is searched first; between two overlapping pairs
      // (bounds 0, near the top), the one whose centres are closer.
      if (l1 < l2 || (l1 === l2 && this.#centres2(a1, b1) <= this.#centres2(a2, b2))) {
        if (l2 - margin <= best * shrink) stack.push(a2, b2, l2);
        else if (l2 < lowestPruned) lowestPruned = l2;
        if (l1 - margin <= best * shrink) stack.push(a1, b1, l1);
        else if (l1 < lowestPruned) lowestPruned = l1;
      } else {
        if (l1 - margin <= best * shrink) stack.push(a1, b1, l1);
        else if (l1 < lowestPruned) lowestPruned = l1;
        if (l2 - margin <= best * shrink) stack.push(a2, b2, l2);
        else if (l2 < lowestPruned) lowestPruned = l2;
      }
    }
    this.volumePairs = volumePairs;
    this.facetPairs = facetPairs;
    this.intersecting = intersecting;
    if (bestA < 0) {
      // Nothing within maxDistance: every node pair was pruned by a bound above it.
      this.beyond = true;
      this.distance = Math.max(maxDistance, shaved(lowestPruned, margin));
      this.lowerBound = this.distance;
      this.facetA = -1;
      this.facetB = -1;
      this.pointA.fill(Number.NaN);
      this.pointB.fill(Number.NaN);
      return this.distance;
    }
    this.beyond = false;
    this.distance = intersecting ? 0 : best;
    this.lowerBound = intersecting ? 0 : Math.min(best, shaved(lowestPruned, margin));
    this.facetA = bestA;
    this.facetB = bestB;
    return this.distance;
  }

  /**
   * The exact distance of one facet pair, facet `fa` of A and `fb` of B, with B placed by `R` and `t`
   * as in {@link evaluate}: the fields are set as if that pair were the closest one (its points,
   * its facets, {@link intersecting}); `lowerBound` is NaN (one pair bounds the gap from above). For
   * a caller that knows the closest facets by other means (the convex path).
   *
   * @throws `FirstTouchError` `INDEX_RANGE` when `fa` or `fb` is not a facet index.
   * @example
   * ```ts
   * import { SurfacePair, box } from '@firsttouch/mesh';
   * const pair = new SurfacePair(box(1), box(1));
   * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
   * console.log(pair.evaluateFacets(R, new Float64Array([3, 0, 0]), 0, 0) >= 2); // true
   * ```
   */
  evaluateFacets(R: Float64Array, t: Float64Array, fa: number, fb: number): number {
    if (!Number.isInteger(fa) || fa < 0 || fa >= this.a.facetCount) {
      throw new FirstTouchError(
        'INDEX_RANGE',
        `evaluateFacets: facet ${fa} of A is not in [0, ${this.a.facetCount})`,
      );
    }
    if (!Number.isInteger(fb) || fb < 0 || fb >= this.b.facetCount) {
      throw new FirstTouchError(
        'INDEX_RANGE',
        `evaluateFacets: facet ${fb} of B is not in [0, ${this.b.facetCount})`,
      );
    }
    this.#R.set(R);
    this.#t.set(t);
    prepareScratch(this.b.vertexCount, this.#tb.nodeCount, this.#ta.nodeCount, this.b.facetCount);
    const d = this.#facetPair(fa, fb);
    this.#keepPoints();
    this.intersecting = this.#out[6] === 1;
    this.beyond = false;
    this.distance = this.intersecting ? 0 : d;
    this.lowerBound = Number.NaN;
    this.facetA = fa;
    this.facetB = fb;
    this.volumePairs = 0;
    this.facetPairs = 1;
    return this.distance;
  }

  /** Squared distance between the centres of node i of A and node j of B (j's box taken into A's frame). */
  #centres2(i: number, j: number): number {
    const ba = this.#ta.boxes;
    const p = 6 * i;
    const o = 6 * j;
    const c = this.#refit ? S.rb : S.nb;
    // refitted boxes are min/max, enclosed ones centre/half-extents
    const k = this.#refit ? 0.5 : 1;
    const cx = this.#refit ? k * (c[o] + c[o + 3]) : c[o];
    const cy = this.#refit ? k * (c[o + 1] + c[o + 4]) : c[o + 1];
    const cz = this.#refit ? k * (c[o + 2] + c[o + 5]) : c[o + 2];
    return (
      (cx - 0.5 * (ba[p] + ba[p + 3])) ** 2 +
      (cy - 0.5 * (ba[p + 1] + ba[p + 4])) ** 2 +
      (cz - 0.5 * (ba[p + 2] + ba[p + 5])) ** 2
    );
  }

  #keepPoints(): void {
    const o = this.#out;
    this.pointA[0] = o[0];
    this.pointA[1] = o[1];
    this.pointA[2] = o[2];
    this.pointB[0] = o[3];
    this.pointB[1] = o[4];
    this.pointB[2] = o[5];
  }

  /** Lower bound of the gap between node i of A and node j of B: each box seen in the other's frame. */
  #nodeBound(i: number, j: number): void {
    if (this.#refit) {
      refitBound(this.#ta.boxes, this.#ta.slabs, i, j);
      return;
    }
    const nb = S.nb;
    const o = 6 * j;
    const R = this.#R;
    const A = this.#absR;
    const t = this.#t;
    if (S.nbStamp[j] !== S.stamp) {
      // B's box in A's frame: its centre moved, its half-extents enclosed (|R| h).
      S.nbStamp[j] = S.stamp;
      const bb = this.#tb.boxes;
      const cx = 0.5 * (bb[o] + bb[o + 3]),
        cy = 0.5 * (bb[o + 1] + bb[o + 4]),
        cz = 0.5 * (bb[o + 2] + bb[o + 5]);
      const hx = 0.5 * (bb[o + 3] - bb[o]),
        hy = 0.5 * (bb[o + 4] - bb[o + 1]),
        hz = 0.5 * (bb[o + 5] - bb[o + 2]);
      nb[o] = R[0] * cx + R[1] * cy + R[2] * cz + t[0];
      nb[o + 1] = R[3] * cx + R[4] * cy + R[5] * cz + t[1];
      nb[o + 2] = R[6] * cx + R[7] * cy + R[8] * cz + t[2];
      nb[o + 3] = A[0] * hx + A[1] * hy + A[2] * hz;
      nb[o + 4] = A[3] * hx + A[4] * hy + A[5] * hz;
      nb[o + 5] = A[6] * hx + A[7] * hy + A[8] * hz;
    }
    const na = S.na;
    const p = 6 * i;
    if (S.naStamp[i] !== S.stamp) {
      // A's box in B's frame (for the symmetric bound), and its own centre and half-extents.
      S.naStamp[i] = S.stamp;
      const ba = this.#ta.boxes;
      const cx = 0.5 * (ba[p] + ba[p + 3]),
        cy = 0.5 * (ba[p + 1] + ba[p + 4]),
        cz = 0.5 * (ba[p + 2] + ba[p + 5]);
      const hx = 0.5 * (ba[p + 3] - ba[p]),
        hy = 0.5 * (ba[p + 4] - ba[p + 1]),
        hz = 0.5 * (ba[p + 5] - ba[p + 2]);
      const ac = S.ac;
      ac[p] = cx;
      ac[p + 1] = cy;
      ac[p + 2] = cz;
      ac[p + 3] = hx;
      ac[p + 4] = hy;
      ac[p + 5] = hz;
      const dx = cx - t[0],
        dy = cy - t[1],
        dz = cz - t[2];
      na[p] = R[0] * dx + R[3] * dy + R[6] * dz;
      na[p + 1] = R[1] * dx + R[4] * dy + R[7] * dz;
      na[p + 2] = R[2] * dx + R[5] * dy + R[8] * dz;
      na[p + 3] = A[0] * hx + A[3] * hy + A[6] * hz;
      na[p + 4] = A[1] * hx + A[4] * hy + A[7] * hz;
      na[p + 5] = A[2] * hx + A[5] * hy + A[8] * hz;
    }
    const ac = S.ac;
    const gx = Math.abs(nb[o] - ac[p]) - ac[p + 3] - nb[o + 3];
    const gy = Math.abs(nb[o + 1] - ac[p + 1]) - ac[p + 4] - nb[o + 4];
    const gz = Math.abs(nb[o + 2] - ac[p + 2]) - ac[p + 5] - nb[o + 5];
    let s = 0;
    if (gx > 0) s += gx * gx;
    if (gy > 0) s += gy * gy;
    if (gz > 0) s += gz * gz;
    // The same seen from B. Each is a lower bound (the boxes contain the bodies); keep the larger.
    const bb = this.#tb.boxes;
    const fx = Math.abs(na[p] - 0.5 * (bb[o] + bb[o + 3])) - 0.5 * (bb[o + 3] - bb[o]) - na[p + 3];
    const fy =
      Math.abs(na[p + 1] - 0.5 * (bb[o + 1] + bb[o + 4])) - 0.5 * (bb[o + 4] - bb[o + 1]) - na[p + 4];
    const fz =
      Math.abs(na[p + 2] - 0.5 * (bb[o + 2] + bb[o + 5])) - 0.5 * (bb[o + 5] - bb[o + 2]) - na[p + 5];
    let q = 0;
    if (fx > 0) q += fx * fx;
    if (fy > 0) q += fy * fy;
    if (fz > 0) q += fz * fz;
    let bound = Math.sqrt(s > q ? s : q);
    // Across A's slab: B's box (its own centre and half-extents, turned) projected on A's direction n,
    // whose components in B's frame are Rᵀ n.
    const sa = this.#ta.slabs;
    const u = 5 * i;
    const nx = sa[u],
      ny = sa[u + 1],
      nz = sa[u + 2];
    const mx = R[0] * nx + R[3] * ny + R[6] * nz,
      my = R[1] * nx + R[4] * ny + R[7] * nz,
      mz = R[2] * nx + R[5] * ny + R[8] * nz;
    const c = nx * nb[o] + ny * nb[o + 1] + nz * nb[o + 2];
    const r =
      0.5 *
      (Math.abs(mx) * (bb[o + 3] - bb[o]) +
        Math.abs(my) * (bb[o + 4] - bb[o + 1]) +
        Math.abs(mz) * (bb[o + 5] - bb[o + 2]));
    let g = sa[u + 3] - c - r;
    let h = c - r - sa[u + 4];
    if (h > g) g = h;
    if (g > bound) bound = g;
    // Across B's slab: A's box projected on B's direction m, whose components in A's frame are R m.
    const sb = this.#tb.slabs;
    const v = 5 * j;
    const px = sb[v],
      py = sb[v + 1],
      pz = sb[v + 2];
    const kx = R[0] * px + R[1] * py + R[2] * pz,
      ky = R[3] * px + R[4] * py + R[5] * pz,
      kz = R[6] * px + R[7] * py + R[8] * pz;
    const d = px * na[p] + py * na[p + 1] + pz * na[p + 2];
    const e = Math.abs(kx) * ac[p + 3] + Math.abs(ky) * ac[p + 4] + Math.abs(kz) * ac[p + 5];
    g = sb[v + 3] - d - e;
    h = d - e - sb[v + 4];
    if (h > g) g = h;
    if (g > bound) bound = g;
    S.bound[0] = bound;
  }

  /**
   * B's vertices, facet boxes and node boxes in A's frame, exact (min and max of the very coordinates
   * the facet-pair routine will use): children are numbered after their parent, so one backward
   * pass fills every node from its facets or its two children.
   */
  #refitB(): void {
    const pb = this.b.positions;
    const vb = S.vb;
    const stamp = S.stamp;
    const vbStamp = S.vbStamp;
    const R = this.#R;
    const t = this.#t;
    const r0 = R[0],
      r1 = R[1],
      r2 = R[2],
      r3 = R[3],
      r4 = R[4],
      r5 = R[5],
      r6 = R[6],
      r7 = R[7],
      r8 = R[8];
    const t0 = t[0],
      t1 = t[1],
      t2 = t[2];
    let w = 0;
    for (let v = 0; v < pb.length; v += 3) {
      const x = pb[v],
        y = pb[v + 1],
        z = pb[v + 2];
      vb[v] = r0 * x + r1 * y + r2 * z + t0;
      vb[v + 1] = r3 * x + r4 * y + r5 * z + t1;
      vb[v + 2] = r6 * x + r7 * y + r8 * z + t2;
      vbStamp[w++] = stamp;
    }
    const tb = this.#tb;
    const ib = this.b.indices;
    const rb = S.rb;
    const fbox = S.fb;
    const count = tb.count;
    const child = tb.child;
    const order = tb.order;
    for (let node = tb.nodeCount - 1; node >= 0; node--) {
      const o = 6 * node;
      const c = count[node];
      if (c > 0) {
        let x0 = Number.POSITIVE_INFINITY,
          y0 = Number.POSITIVE_INFINITY,
          z0 = Number.POSITIVE_INFINITY;
        let x1 = Number.NEGATIVE_INFINITY,
          y1 = Number.NEGATIVE_INFINITY,
          z1 = Number.NEGATIVE_INFINITY;
        const first = child[node];
        for (let k = first; k < first + c; k++) {
          const f = order[k];
          const a = 3 * ib[3 * f],
            b = 3 * ib[3 * f + 1],
            d = 3 * ib[3 * f + 2];
          const q = 6 * f;
          let lo = vb[a] < vb[b] ? vb[a] : vb[b];
          let hi = vb[a] < vb[b] ? vb[b] : vb[a];
          fbox[q] = lo = vb[d] < lo ? vb[d] : lo;
          fbox[q + 3] = hi = vb[d] > hi ? vb[d] : hi;
          if (lo < x0) x0 = lo;
          if (hi > x1) x1 = hi;
          lo = vb[a + 1] < vb[b + 1] ? vb[a + 1] : vb[b + 1];
          hi = vb[a + 1] < vb[b + 1] ? vb[b + 1] : vb[a + 1];
          fbox[q + 1] = lo = vb[d + 1] < lo ? vb[d + 1] : lo;
          fbox[q + 4] = hi = vb[d + 1] > hi ? vb[d + 1] : hi;
          if (lo < y0) y0 = lo;
          if (hi > y1) y1 = hi;
          lo = vb[a + 2] < vb[b + 2] ? vb[a + 2] : vb[b + 2];
          hi = vb[a + 2] < vb[b + 2] ? vb[b + 2] : vb[a + 2];
          fbox[q + 2] = lo = vb[d + 2] < lo ? vb[d + 2] : lo;
          fbox[q + 5] = hi = vb[d + 2] > hi ? vb[d + 2] : hi;
          if (lo < z0) z0 = lo;
          if (hi > z1) z1 = hi;
        }
        rb[o] = x0;
        rb[o + 1] = y0;
        rb[o + 2] = z0;
        rb[o + 3] = x1;
        rb[o + 4] = y1;
        rb[o + 5] = z1;
      } else {
        const l = o + 6;
        const r = 6 * child[node];
        rb[o] = rb[l] < rb[r] ? rb[l] : rb[r];
        rb[o + 1] = rb[l + 1] < rb[r + 1] ? rb[l + 1] : rb[r + 1];
        rb[o + 2] = rb[l + 2] < rb[r + 2] ? rb[l + 2] : rb[r + 2];
        rb[o + 3] = rb[l + 3] > rb[r + 3] ? rb[l + 3] : rb[r + 3];
        rb[o + 4] = rb[l + 4] > rb[r + 4] ? rb[l + 4] : rb[r + 4];
        rb[o + 5] = rb[l + 5] > rb[r + 5] ? rb[l + 5] : rb[r + 5];
      }
    }
  }

  /** The exact distance of facet fa of A and facet fb of B (B's vertices taken into A's frame). */
  #facetPair(fa: number, fb: number): number {
    this.#loadPair(fa, fb);
    return triangleDistance(this.#tri, 0, 9, this.#out);
  }

  /** Loads facet fa of A and facet fb of B (taken into A's frame) into the pair scratch. */
  #loadPair(fa: number, fb: number): void {
    const T = this.#tri;
    const pa = this.a.positions;
    const ia = this.a.indices;
    for (let k = 0; k < 3; k++) {
      const v = 3 * ia[3 * fa + k];
      T[3 * k] = pa[v];
      T[3 * k + 1] = pa[v + 1];
      T[3 * k + 2] = pa[v + 2];
    }
    const ib = this.b.indices;
    const vb = S.vb;
    for (let k = 0; k < 3; k++) {
      const w = ib[3 * fb + k];
      const v = 3 * w;
      if (S.vbStamp[w] !== S.stamp) {
        S.vbStamp[w] = S.stamp;
        const pb = this.b.positions;
        const R = this.#R;
        const t = this.#t;
        const x = pb[v],
          y = pb[v + 1],
          z = pb[v + 2];
        vb[v] = R[0] * x + R[1] * y + R[2] * z + t[0];
        vb[v + 1] = R[3] * x + R[4] * y + R[5] * z + t[1];
        vb[v + 2] = R[6] * x + R[7] * y + R[8] * z + t[2];
      }
      T[9 + 3 * k] = vb[v];
      T[10 + 3 * k] = vb[v + 1];
      T[11 + 3 * k] = vb[v + 2];
    }
  }
}

/** B is refitted when its tree has at most this share of the nodes of A's, plus {@link REFIT_FLOOR} (measured: refitting the bunny against the bunny costs what it saves). */
const REFIT_RATIO = 0.25;
/** Small bodies are always refitted: the pass costs less than one loose box pair. */
const REFIT_FLOOR = 256;

/**
 * Lower bound of the gap between node i of A (its own box, body frame) and node j of B (its box
 * refitted in A's frame): the distance between two axis-aligned boxes of the same frame.
 */
function refitBound(boxesA: Float32Array, slabsA: Float32Array, i: number, j: number): void {
  const rb = S.rb;
  const p = 6 * i;
  const o = 6 * j;
  let s = 0;
  let g = rb[o] - boxesA[p + 3];
  let h = boxesA[p] - rb[o + 3];
  if (h > g) g = h;
  if (g > 0) s += g * g;
  g = rb[o + 1] - boxesA[p + 4];
  h = boxesA[p + 1] - rb[o + 4];
  if (h > g) g = h;
  if (g > 0) s += g * g;
  g = rb[o + 2] - boxesA[p + 5];
  h = boxesA[p + 2] - rb[o + 5];
  if (h > g) g = h;
  if (g > 0) s += g * g;
  const bound = Math.sqrt(s);
  // Across A's slab: B's refitted box projected on A's direction.
  const u = 5 * i;
  const nx = slabsA[u],
    ny = slabsA[u + 1],
    nz = slabsA[u + 2];
  const c = 0.5 * (nx * (rb[o] + rb[o + 3]) + ny * (rb[o + 1] + rb[o + 4]) + nz * (rb[o + 2] + rb[o + 5]));
  const r =
    0.5 *
    (Math.abs(nx) * (rb[o + 3] - rb[o]) +
      Math.abs(ny) * (rb[o + 4] - rb[o + 1]) +
      Math.abs(nz) * (rb[o + 5] - rb[o + 2]));
  g = slabsA[u + 3] - c - r;
  h = c - r - slabsA[u + 4];
  if (h > g) g = h;
  S.bound[0] = g > bound ? g : bound;
}

/** Facet fa of A's box, into `S.fa` (the outer loop of a leaf pair sets it once for its inner loop). */
function facetBoxA(pa: Float64Array, ia: Uint32Array, fa: number): void {
  const a = 3 * ia[3 * fa],
    b = 3 * ia[3 * fa + 1],
    c = 3 * ia[3 * fa + 2];
  const box = S.fa;
  for (let k = 0; k < 3; k++) {
    const x = pa[a + k],
      y = pa[b + k],
      z = pa[c + k];
    const lo = x < y ? x : y;
    const hi = x < y ? y : x;
    box[k] = z < lo ? z : lo;
    box[k + 3] = z > hi ? z : hi;
  }
}

/** Squared gap between the box in `S.fa` and facet fb of B's refitted box. */
function facetBoxGap2(fb: number): number {
  const a = S.fa;
  const b = S.fb;
  const q = 6 * fb;
  let s = 0;
  let g = b[q] - a[3];
  let h = a[0] - b[q + 3];
  if (h > g) g = h;
  if (g > 0) s += g * g;
  g = b[q + 1] - a[4];
  h = a[1] - b[q + 4];
  if (h > g) g = h;
  if (g > 0) s += g * g;
  g = b[q + 2] - a[5];
  h = a[2] - b[q + 5];
  if (h > g) g = h;
  if (g > 0) s += g * g;
  return s;
}

/** How far from the origin the root box reaches (the largest coordinate magnitudes, summed). */
function rootReach(boxes: Float32Array): number {
  let s = 0;
  for (let a = 0; a < 3; a++) s += Math.max(Math.abs(boxes[a]), Math.abs(boxes[3 + a]));
  return s;
}

/**
 * Scratch shared by every surface pair: B's vertices and node boxes and A's node boxes taken into
 * the other frame, filled lazily during an evaluation. Evaluations never overlap (JavaScript runs one
 * at a time and an evaluation calls no user code), so one set serves all pairs; a global stamp says
 * which entries belong to the evaluation under way. A fresh query then allocates nothing in
 * proportion to its bodies.
 */
const S = {
  stamp: 0,
  stack: new PairStack(),
  tri: new Float64Array(18),
  out: new Float64Array(7),
  absR: new Float64Array(9),
  R: new Float64Array(9),
  t: new Float64Array(3),
  vb: new Float64Array(0),
  vbStamp: new Uint32Array(0),
  nb: new Float64Array(0),
  nbStamp: new Uint32Array(0),
  na: new Float64Array(0),
  naStamp: new Uint32Array(0),
  ac: new Float64Array(0),
  /** B's node boxes refitted in A's frame (min, max), when B is refitted. */
  rb: new Float64Array(0),
  /** B's facet boxes in A's frame (min, max), when B is refitted. */
  fb: new Float64Array(0),
  /** The box of the current facet of A (min, max). */
  fa: new Float64Array(6),
  /** The last node bound computed. */
  bound: new Float64Array(1),
};

/** Grows the shared scratch to the bodies of an evaluation and starts a new stamp. */
function prepareScratch(verticesB: number, nodesB: number, nodesA: number, facetsB: number): void {
  if (S.rb.length < 6 * nodesB) S.rb = new Float64Array(6 * nodesB);
  if (S.fb.length < 6 * facetsB) S.fb = new Float64Array(6 * facetsB);
  if (S.vbStamp.length < verticesB) {
    S.vb = new Float64Array(3 * verticesB);
    S.vbStamp = new Uint32Array(verticesB);
  }
  if (S.nbStamp.length < nodesB) {
    S.nb = new Float64Array(6 * nodesB);
    S.nbStamp = new Uint32Array(nodesB);
  }
  if (S.naStamp.length < nodesA) {
    S.na = new Float64Array(6 * nodesA);
    S.naStamp = new Uint32Array(nodesA);
    S.ac = new Float64Array(6 * nodesA);
  }
  S.stamp = (S.stamp + 1) >>> 0;
  if (S.stamp === 0) {
    S.vbStamp.fill(0);
    S.nbStamp.fill(0);
    S.naStamp.fill(0);
    S.stamp = 1;
  }
}

/**
 * A bound found in floating point, lowered by the rounding it may carry (a few ulps of itself and of
 * the coordinates in play), so that it stays below the exact gap.
 */
function shaved(bound: number, margin: number): number {
  return bound === Number.POSITIVE_INFINITY ? bound : Math.max(0, bound * (1 - 1e-12) - 2 * margin);
}
