import { pointSet } from '../convex/convex-surface.js';
import { HullGjk } from '../convex/hull-gjk.js';

/**
 * The scratch of the hull search (`searchHull`), owned by the search of one surface pair and made
 * on its first hull search: the facet of A in hand as a vertex set and the GJK search that bounds it
 * against B's hull, B's two boxes, the facets the first pass keeps, and the stack of the descent of
 * B's tree. It holds no body between evaluations but B's hull data in the GJK search, which
 * {@link HullSearchScratch.unbind} drops.
 */
export class HullSearchScratch {
  /**
   * The hull search's floats on their way to and from its helpers (a float passed to or returned
   * from a call that is not inlined is boxed, and these run once a facet): the facet test's limit
   * (0), the facet's highest corners along two axes (1, 2), and the axis of the nearest facet so far
   * (3..5).
   */
  readonly io = new Float64Array(6);
  /** The facet of A in hand (its points rewritten facet by facet). */
  readonly triangle = pointSet(3);
  /** GJK between the facet in hand and B's vertex hull, warm-started from facet to facet. */
  readonly gjk = new HullGjk();
  /**
   * B's two boxes as the facet test reads them, 21 numbers: B's own box placed in A's frame, along
   * each of B's axes (a column of R) the slab its vertices span, as the axes (9) then the slabs' ends
   * (lo, hi for each axis); then B's box in A's axes (min, max; `placedBox`, before the search).
   * Rotated, B's box in A's axes holds up to √3 times its extent; along its own axes it is tight, and
   * three projections of a facet bound it from B for a few flops where GJK takes hundreds (pebble
   * throw: 182 GJK bounds → 115). The projections round to a few ulps of the scale, which the margin
   * covers: a facet goes only past cap + margin, as after GJK.
   */
  readonly boxesB = new Float64Array(21);
  /** The facets of A the first pass keeps. */
  readonly kept = new KeptFacets();
  /** The stack of the descent of B's tree, with each node's squared box gap (grown to B's node count). */
  descentB = new Int32Array(64);
  descentGaps = new Float64Array(64);

  /** Drops B's hull data (what a pool does before it keeps the search). */
  unbind(): void {
    this.gjk.unbind();
  }
}

/** The facets of A the first pass keeps, with their hull bounds (grown by doubling, kept between searches). */
export class KeptFacets {
  facets = new Int32Array(64);
  gaps = new Float64Array(64);
  /** GJK's separating axis for each (A's frame, towards B; zeros where the gap is 0). */
  axes = new Float64Array(192);
  count = 0;

  /** Keeps facet fa with the hull search's bound and axis (`lowerBound`, `lowerAxis`: no float crosses the call). */
  pushBound(fa: number, hull: { readonly lowerBound: number; readonly lowerAxis: Float64Array }): void {
    const gap = hull.lowerBound;
    const axis = hull.lowerAxis;
    if (this.count === this.facets.length) {
      const facets = new Int32Array(2 * this.count);
      facets.set(this.facets);
      this.facets = facets;
      const gaps = new Float64Array(2 * this.count);
      gaps.set(this.gaps);
      this.gaps = gaps;
      const axes = new Float64Array(6 * this.count);
      axes.set(this.axes);
      this.axes = axes;
    }
    const n = this.count++;
    this.facets[n] = fa;
    this.gaps[n] = gap;
    this.axes[3 * n] = axis[0];
    this.axes[3 * n + 1] = axis[1];
    this.axes[3 * n + 2] = axis[2];
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
    const a = this.axes;
    for (let c = 0; c < 3; c++) {
      const x = a[3 * k + c];
      a[3 * k + c] = a[3 * j + c];
      a[3 * j + c] = x;
    }
  }
}
