import type { ConvexSurface } from './convex-surface.js';
import type { ConvexSurfacePair } from './convex-surface-pair.js';

/** More candidate facet pairs than this and the trees answer instead (two large faces parallel). */
const MAX_PAIRS = 4096;

/**
 * The facet pairs that can reach the gap of two convex surfaces apart, found from GJK's separating
 * direction û (from A to B, A's frame): with h_A the highest point of A along û and h_B the lowest of
 * B, every point of a facet of A whose vertices all lie more than δ below h_A is at least
 * L + δ from B (L = h_B − h_A), and likewise for B. Taking δ above the hull points' distance less L,
 * plus the rounding of the scene, every other facet pair is proved farther than the gap: the
 * candidates hold the closest pair and every pair tied with it, so the lexicographic answer of
 * the all-pairs loop is among them.
 *
 * The lists are sorted by facet index, with each facet's depth below its body's support plane (a
 * pair's distance is at least L plus both depths). Scratch grows with the bodies and is reused.
 */
export class ConvexCandidates {
  /** The facets of A that may hold the closest pair, increasing; their depths below h_A. */
  facetsA = new Uint32Array(16);
  depthsA = new Float64Array(16);
  countA = 0;
  /** The same for B. */
  facetsB = new Uint32Array(16);
  depthsB = new Float64Array(16);
  countB = 0;
  /** L = h_B − h_A: a lower bound of every facet pair's distance (less the rounding). */
  floor = 0;
  /** The hull points' distance: the gap found must not exceed it (plus rounding) for the proof. */
  upper = 0;
  #seen = new Uint32Array(16);
  #stamp = 0;
  /** The vertices at or above the level of each side, from {@link #scan}. */
  #verticesA = new Uint32Array(16);
  #verticesB = new Uint32Array(16);
  #countVA = 0;
  #countVB = 0;

  /**
   * Fills the lists for the hull pair's last evaluation at the placement `R`, `t`, with `margin`
   * the rounding allowance of the scene (1e-13 of its coordinates, as the trees take it). False
   * when the proof cannot be made (hulls not apart by more than the rounding, search not
   * converged) or the candidates are too many: the trees answer then.
   */
  collect(hulls: ConvexSurfacePair, R: Float64Array, t: Float64Array, margin: number): boolean {
    if (hulls.overlap || !hulls.converged || !hulls.usable) return false;
    const pa = hulls.pointA;
    const pb = hulls.pointB;
    let ux = pb[0] - pa[0],
      uy = pb[1] - pa[1],
      uz = pb[2] - pa[2];
    const norm = Math.sqrt(ux * ux + uy * uy + uz * uz);
    if (!(norm > 0)) return false;
    ux /= norm;
    uy /= norm;
    uz /= norm;
    // B is searched in its own frame along −Rᵀû; its heights along û in A's frame are offset by û·t.
    const wx = -(R[0] * ux + R[3] * uy + R[6] * uz),
      wy = -(R[1] * ux + R[4] * uy + R[7] * uz),
      wz = -(R[2] * ux + R[5] * uy + R[8] * uz);
    const ut = ux * t[0] + uy * t[1] + uz * t[2];
    const ca = hulls.convexA;
    const cb = hulls.convexB;
    const upper = hulls.upperBound;
    // With h_A, h_B the two tops, L = û·t − h_B − h_A and δ = U − L + 4 margin, A's level h_A − δ is
    // û·t − h_B − U − 4 margin: it needs B's top only, so the larger body is read once, its top and
    // its vertices above the level together (one margin more covers the rounding of the two forms).
    let topA: number;
    let topB: number;
    const bigA = ca.count >= cb.count;
    if (bigA) {
      topB = top(cb, wx, wy, wz);
      topA = this.#scan(ca, ux, uy, uz, ut - topB - upper - 5 * margin, 0);
    } else {
      topA = top(ca, ux, uy, uz);
      topB = this.#scan(cb, wx, wy, wz, ut - topA - upper - 5 * margin, 1);
    }
    if (Number.isNaN(topA) || Number.isNaN(topB)) return false;
    const floor = ut - topB - topA;
    // Apart by more than the rounding: no facet pair can meet.
    if (!(floor > 4 * margin)) return false;
    const depth = upper - floor + 5 * margin;
    if (bigA) this.#scan(cb, wx, wy, wz, topB - depth, 1);
    else this.#scan(ca, ux, uy, uz, topA - depth, 0);
    this.floor = floor;
    this.upper = upper;
    this.countA = this.#facets(ca, ux, uy, uz, topA, 0);
    if (this.countA < 0) return false;
    this.countB = this.#facets(cb, wx, wy, wz, topB, 1);
    if (this.countB < 0) return false;
    return this.countA * this.countB <= MAX_PAIRS;
  }

  /**
   * The top of the body along (x, y, z), and its vertices at or above `level` kept for
   * {@link #facets}; NaN when they are more than the pair limit allows.
   */
  #scan(c: ConvexSurface, x: number, y: number, z: number, level: number, side: 0 | 1): number {
    const P = c.points;
    let list = side === 0 ? this.#verticesA : this.#verticesB;
    let n = 0;
    let high = Number.NEGATIVE_INFINITY;
    for (let k = 0, p = 0; k < c.count; k++, p += 3) {
      const v = x * P[p] + y * P[p + 1] + z * P[p + 2];
      if (v > high) high = v;
      if (!(v >= level)) continue;
      if (n === MAX_PAIRS) return Number.NaN;
      if (n === list.length) {
        const grown = new Uint32Array(2 * n);
        grown.set(list);
        list = grown;
        if (side === 0) this.#verticesA = grown;
        else this.#verticesB = grown;
      }
      list[n++] = k;
    }
    if (side === 0) this.#countVA = n;
    else this.#countVB = n;
    return high;
  }

  /**
   * The facets around the vertices kept by {@link #scan}, each once, sorted, with their depths (top
   * less the facet's highest vertex); −1 when there are more than the pair limit allows.
   */
  #facets(c: ConvexSurface, x: number, y: number, z: number, top: number, side: 0 | 1): number {
    const facetCount = c.corners.length / 3;
    if (this.#seen.length < facetCount) this.#seen = new Uint32Array(facetCount);
    this.#stamp = (this.#stamp + 1) >>> 0;
    if (this.#stamp === 0) {
      this.#seen.fill(0);
      this.#stamp = 1;
    }
    const stamp = this.#stamp;
    const seen = this.#seen;
    const vertices = side === 0 ? this.#verticesA : this.#verticesB;
    const count = side === 0 ? this.#countVA : this.#countVB;
    let facets: Uint32Array = side === 0 ? this.facetsA : this.facetsB;
    let n = 0;
    for (let i = 0; i < count; i++) {
      const k = vertices[i];
      for (let e = c.start[k]; e < c.start[k + 1]; e++) {
        const f = c.facets[e];
        if (seen[f] === stamp) continue;
        seen[f] = stamp;
        if (n === MAX_PAIRS) return -1;
        if (n === facets.length) facets = this.#grow(side, 2 * n);
        facets[n++] = f;
      }
    }
    // Insertion sort for the usual few dozen facets (a sorted view would allocate per call); the
    // typed-array sort for the rare long list (large faces parallel).
    if (n > 64) facets.subarray(0, n).sort();
    else
      for (let i = 1; i < n; i++) {
        const f = facets[i];
        let k = i - 1;
        while (k >= 0 && facets[k] > f) {
          facets[k + 1] = facets[k];
          k--;
        }
        facets[k + 1] = f;
      }
    const depths = side === 0 ? this.depthsA : this.depthsB;
    const P = c.points;
    const corners = c.corners;
    for (let i = 0; i < n; i++) {
      const f = 3 * facets[i];
      let high = Number.NEGATIVE_INFINITY;
      for (let j = 0; j < 3; j++) {
        const p = 3 * corners[f + j];
        const v = x * P[p] + y * P[p + 1] + z * P[p + 2];
        if (v > high) high = v;
      }
      depths[i] = top - high > 0 ? top - high : 0;
    }
    return n;
  }

  #grow(side: 0 | 1, size: number): Uint32Array {
    const facets = new Uint32Array(size);
    const depths = new Float64Array(size);
    if (side === 0) {
      facets.set(this.facetsA);
      this.facetsA = facets;
      this.depthsA = depths;
    } else {
      facets.set(this.facetsB);
      this.facetsB = facets;
      this.depthsB = depths;
    }
    return facets;
  }
}

/** The highest vertex of the body along (x, y, z). */
function top(c: ConvexSurface, x: number, y: number, z: number): number {
  const P = c.points;
  let high = Number.NEGATIVE_INFINITY;
  for (let k = 0, p = 0; k < c.count; k++, p += 3) {
    const v = x * P[p] + y * P[p + 1] + z * P[p + 2];
    if (v > high) high = v;
  }
  return high;
}
