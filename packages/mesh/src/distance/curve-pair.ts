import type { Curve } from '../curve.js';
import { segmentPairDistance2 } from '../geometry/segment-distance2.js';
import type { BoundingTree } from '../tree/build.js';
import { PairStack } from '../tree/pair-stack.js';

/**
 * Segment pairs up to which the search runs over the flat lists of segments, each pair behind a
 * test of its two segment boxes, rather than down the two trees (see the package README). Small
 * curves (convex polygons of a physics engine) never build a tree.
 */
const FLAT_PAIRS = 256;

/** Vertices of B up to which all of them are taken into A's frame at once (else on first use). */
const EAGER_VERTICES = 512;

const NO_SCRATCH = /* @__PURE__ */ new Float64Array(0);
const NO_STAMPS = /* @__PURE__ */ new Uint32Array(0);

/**
 * The 2-D twin of {@link SurfacePair}: the distance query between two curves with its scratch
 * preallocated; {@link CurvePair.evaluate} takes curve B into curve A's frame and allocates nothing.
 * The closest pair found seeds the next call.
 *
 * @example
 * ```ts
 * import { CurvePair, disc } from '@firsttouch/mesh';
 * const pair = new CurvePair(disc(1, 4), disc(1, 4));
 * console.log(pair.evaluate(1, 0, 3, 0)); // 1
 * ```
 */
export class CurvePair {
  /** The gap of the last evaluation (a certified lower bound when {@link beyond}). */
  distance = Number.NaN;
  /** Some segment pair intersects. */
  intersecting = false;
  /** The gap is certified larger than the `maxDistance` asked. */
  beyond = false;
  /** The closest segment of A (−1 when {@link beyond}). */
  segmentA = -1;
  /** The closest segment of B (−1 when {@link beyond}). */
  segmentB = -1;
  /** Closest point on A, in A's frame. */
  readonly pointA = new Float64Array(2);
  /** Closest point on B, in A's frame. */
  readonly pointB = new Float64Array(2);
  /** Node pairs whose boxes were tested in the last evaluation. */
  volumePairs = 0;
  /** Segment pairs evaluated exactly in the last evaluation. */
  segmentPairs = 0;

  #a!: Curve;
  #b!: Curve;
  /** The search runs over the flat segment lists (no trees). */
  #flat = true;
  #ta: BoundingTree | undefined;
  #tb: BoundingTree | undefined;
  /** B's vertices in A's frame. */
  #vb: Float64Array = NO_SCRATCH;
  #vbStamp: Uint32Array = NO_STAMPS;
  /** All of B's vertices are placed at the start of an evaluation (no stamps). */
  #eager = true;
  /** B's segment boxes in A's frame (flat search). */
  #sb: Float64Array = NO_SCRATCH;
  /** B's node boxes in A's frame, centre and half size (tree search). */
  #nb: Float64Array = NO_SCRATCH;
  #nbStamp: Uint32Array = NO_STAMPS;
  #stamp = 0;
  /** The last search's candidates (segment pairs, or node pairs down the trees), 2 numbers each. */
  #cand = new Int32Array(0);
  #candCount = 0;
  /** The list being written. */
  #next = new Int32Array(0);
  /**
   * Down the trees, each candidate's node bound plus the drift (the sum of `moved`) when it was
   * computed: less the drift now, still a lower bound of its gap without recomputing it.
   */
  #candKey = new Float64Array(0);
  #nextKey = new Float64Array(0);
  #drift = 0.5;
  #nextCount = 0;
  /** The candidates are kept (an {@link evaluateMoved} search ran last). */
  #hasCandidates = false;
  /** A lower bound, at the last search, of the gap of every pair not among the candidates. */
  #outside = Number.NEGATIVE_INFINITY;
  /** Per-evaluation numbers kept in fields rather than passed (doubles passed to a call are boxed). */
  #outsideNow = Number.NEGATIVE_INFINITY;
  #margin = 0.5;
  #maxDistance = Number.POSITIVE_INFINITY;
  #best = 0.5;
  #lowest = 0.5;
  #bound = 0.5;
  readonly #stack = new PairStack();
  readonly #seg = new Float64Array(9);
  readonly #out = new Float64Array(6);
  /** The part of the rounding scale that does not depend on the placement. */
  #reach = 0;
  #c = 1;
  #s = 0;
  #tu = 0;
  #tv = 0;

  constructor(a: Curve, b: Curve) {
    this.rebind(a, b);
  }

  /** Curve A (the frame of the computation). */
  get a(): Curve {
    return this.#a;
  }

  /** Curve B. */
  get b(): Curve {
    return this.#b;
  }

  /**
   * Points the query at two other curves, keeping the scratch where it is large enough: what a
   * caller that runs many short queries (a time of impact per pair) uses instead of a new pair.
   * Forgets the last closest pair.
   *
   * @throws `FirstTouchError` `EMPTY` for a curve without segments.
   * @example
   * ```ts
   * import { CurvePair, disc } from '@firsttouch/mesh';
   * const pair = new CurvePair(disc(1, 4), disc(1, 4));
   * pair.rebind(disc(1, 8), disc(0.5, 8));
   * console.log(pair.evaluate(1, 0, 3, 0).toFixed(4)); // 1.5000
   * ```
   */
  rebind(a: Curve, b: Curve): void {
    a.assertNotEmpty('distance (curve A)');
    b.assertNotEmpty('distance (curve B)');
    this.#a = a;
    this.#b = b;
    this.distance = Number.NaN;
    this.intersecting = false;
    this.beyond = false;
    this.segmentA = -1;
    this.segmentB = -1;
    this.volumePairs = 0;
    this.segmentPairs = 0;
    this.#hasCandidates = false;
    this.#candCount = 0;
    this.#outside = Number.NEGATIVE_INFINITY;
    this.#drift = 0;
    this.#reach = a.extent().reach + b.extent().reach;
    this.#flat = a.segmentCount * b.segmentCount <= FLAT_PAIRS;
    const nv = b.positions.length;
    this.#eager = this.#flat || nv / 2 <= EAGER_VERTICES;
    if (this.#vb.length < nv) this.#vb = new Float64Array(nv);
    if (this.#flat) {
      this.#ta = undefined;
      this.#tb = undefined;
      a.segmentBoxes();
      if (this.#sb.length < 4 * b.segmentCount) this.#sb = new Float64Array(4 * b.segmentCount);
      return;
    }
    this.#ta = a.tree();
    this.#tb = b.tree();
    this.#stamp = 0;
    if (!this.#eager) {
      if (this.#vbStamp.length < nv / 2) this.#vbStamp = new Uint32Array(nv / 2);
      else this.#vbStamp.fill(0);
    }
    const nodes = this.#tb.nodeCount;
    if (this.#nbStamp.length < nodes) {
      this.#nb = new Float64Array(4 * nodes);
      this.#nbStamp = new Uint32Array(nodes);
    } else this.#nbStamp.fill(0);
  }

  /**
   * The gap between A and B when a point `x` of B is at `rot x + (tu, tv)` in A's frame, `rot` the
   * rotation of cosine `c` and sine `s`. Stops early, with {@link beyond} set, when the gap is
   * certified larger than `maxDistance`. Deterministic as {@link SurfacePair.evaluate}.
   */
  evaluate(c: number, s: number, tu: number, tv: number, maxDistance = Number.POSITIVE_INFINITY): number {
    this.#begin(c, s, tu, tv);
    this.#maxDistance = maxDistance;
    this.#hasCandidates = false;
    if (this.#flat) this.#searchFlat(false);
    else this.#searchTrees(false, false);
    return this.distance;
  }

  /**
   * {@link evaluate} (without `maxDistance`) for a caller that knows how far B may have moved since
   * the previous evaluation of this pair: no point of B, in A's frame, is farther than `moved` from
   * where it was then (a continuous motion: μ·|s − s'|). The pairs that were near then are searched
   * again; every other pair is proved farther than the gap by its bound then, less `moved`. When
   * that proof fails the full search runs. The result is the one of {@link evaluate}, bit for bit.
   *
   * @example
   * ```ts
   * import { CurvePair, disc } from '@firsttouch/mesh';
   * const pair = new CurvePair(disc(1, 16), disc(1, 16));
   * pair.evaluateMoved(1, 0, 3, 0, Number.POSITIVE_INFINITY);
   * console.log(pair.evaluateMoved(1, 0, 2.9, 0, 0.1).toFixed(4)); // 0.9000
   * ```
   */
  evaluateMoved(c: number, s: number, tu: number, tv: number, moved: number): number {
    this.#begin(c, s, tu, tv);
    this.#maxDistance = Number.POSITIVE_INFINITY;
    const reuse = this.#hasCandidates && moved >= 0 && moved < Number.POSITIVE_INFINITY;
    // The bound of the pairs left out, moved: computed with a relative allowance for its rounding.
    this.#outsideNow = reuse
      ? this.#outside - moved * (1 + 1e-12) - 1e-15 * Math.abs(this.#outside)
      : Number.NEGATIVE_INFINITY;
    if (reuse) this.#drift += moved * (1 + 1e-12);
    this.#hasCandidates = true;
    if (this.#flat) {
      if (!reuse || !this.#candidatesFlat()) this.#searchFlat(true);
    } else if (!reuse || !this.#searchTrees(true, true)) {
      this.#searchTrees(true, false);
    }
    return this.distance;
  }

  /** Stores the placement and the rounding margin of this evaluation. */
  #begin(c: number, s: number, tu: number, tv: number): void {
    this.#c = c;
    this.#s = s;
    this.#tu = tu;
    this.#tv = tv;
    this.#stamp = (this.#stamp + 1) >>> 0;
    if (this.#stamp === 0) {
      this.#vbStamp.fill(0);
      this.#nbStamp.fill(0);
      this.#stamp = 1;
    }
    if (this.#eager) {
      const pb = this.#b.positions;
      const vb = this.#vb;
      for (let v = 0; v < pb.length; v += 2) {
        const x = pb[v],
          y = pb[v + 1];
        vb[v] = c * x - s * y + tu;
        vb[v + 1] = s * x + c * y + tv;
      }
    }
    // Every float gap and box bound carries a few ulps of the coordinates in play; a bound is trusted
    // to prune only when it clears the best gap by far more than that.
    this.#margin = 1e-13 * (Math.abs(tu) + Math.abs(tv) + this.#reach);
  }

  /** Room for `n` more candidates in the list being written. */
  #reserve(n: number): void {
    if (this.#nextCount + n <= this.#next.length / 2) return;
    let size = Math.max(64, this.#next.length);
    while (this.#nextCount + n > size / 2) size *= 2;
    const grown = new Int32Array(size);
    grown.set(this.#next.subarray(0, 2 * this.#nextCount));
    this.#next = grown;
    const keys = new Float64Array(size / 2);
    keys.set(this.#nextKey.subarray(0, this.#nextCount));
    this.#nextKey = keys;
  }

  /** Makes the list just written the candidates, with `outside` the bound of everything else. */
  #swapCandidates(outside: number): void {
    const t = this.#cand;
    this.#cand = this.#next;
    this.#candCount = this.#nextCount;
    this.#next = t;
    const k = this.#candKey;
    this.#candKey = this.#nextKey;
    this.#nextKey = k;
    this.#nextCount = 0;
    this.#outside = outside;
  }

  /**
   * The search over every segment pair, each behind its box test (small curves). With `collect`,
   * the pairs within the keep bound become the candidates of the next {@link evaluateMoved}.
   */
  #searchFlat(collect: boolean): void {
    const margin = this.#margin;
    const maxDistance = this.#maxDistance;
    const a = this.#a;
    const b = this.#b;
    const pa = a.positions;
    const ia = a.indices;
    const ib = b.indices;
    const boxA = a.segmentBoxes();
    const vb = this.#vb;
    const sbox = this.#sb;
    const out = this.#out;
    const seg = this.#seg;
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
    let best = maxDistance;
    let bestA = -1;
    let bestB = -1;
    let intersecting = false;
    let segmentPairs = 0;
    let volumePairs = 0;
    // The lowest bound and the lowest exact gap above the best among what was left out (for `beyond`).
    let lowestPrunedSq = Number.POSITIVE_INFINITY;
    let lowestExact = Number.POSITIVE_INFINITY;
    let hintA = this.segmentA;
    let hintB = this.segmentB;
    if (!(hintA >= 0 && hintA < nA && hintB >= 0 && hintB < nB)) {
      // No last pair: seed with the segment of A whose box lies closest to B's box, and the segment
      // of B whose box lies closest to that one's.
      hintA = closestBox(boxA, nA, bMinU, bMinV, bMaxU, bMaxV);
      const h = 4 * hintA;
      hintB = closestBox(sbox, nB, boxA[h], boxA[h + 1], boxA[h + 2], boxA[h + 3]);
    }
    {
      const i = 2 * ia[2 * hintA];
      const j = 2 * ia[2 * hintA + 1];
      const p = 2 * ib[2 * hintB];
      const q = 2 * ib[2 * hintB + 1];
      seg[0] = pa[i];
      seg[1] = pa[i + 1];
      seg[2] = pa[j];
      seg[3] = pa[j + 1];
      seg[4] = vb[p];
      seg[5] = vb[p + 1];
      seg[6] = vb[q];
      seg[7] = vb[q + 1];
      seg[8] = Number.POSITIVE_INFINITY;
      segmentPairDistance2(seg, out);
      const d = out[5];
      segmentPairs++;
      if (out[4] === 1) intersecting = true;
      if (d > best && d < lowestExact) lowestExact = d;
      if (d <= best) {
        best = d;
        bestA = hintA;
        bestB = hintB;
        this.#keepPoints();
      }
    }
    // A box gap is searched when its square is at most (best + margin)², and kept as a candidate
    // when at most (best + slack + margin)².
    let threshold = (best + margin) * (best + margin);
    let keep = collect ? keepSquared(best, margin) : threshold;
    if (collect) {
      this.#nextCount = 0;
      this.#reserve(nA * nB);
    }
    const next = this.#next;
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
      const i = 2 * ia[2 * sa];
      const j = 2 * ia[2 * sa + 1];
      const au0 = pa[i],
        av0 = pa[i + 1],
        au1 = pa[j],
        av1 = pa[j + 1];
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
        const p = 2 * ib[2 * sb];
        const q = 2 * ib[2 * sb + 1];
        seg[0] = au0;
        seg[1] = av0;
        seg[2] = au1;
        seg[3] = av1;
        seg[4] = vb[p];
        seg[5] = vb[p + 1];
        seg[6] = vb[q];
        seg[7] = vb[q + 1];
        seg[8] = best + margin;
        segmentPairDistance2(seg, out);
        if (out[4] === -1) {
          // Proved beyond the best by one segment's line: a bound, not a gap.
          if (out[5] < lowestExact) lowestExact = out[5];
          continue;
        }
        const d = out[5];
        segmentPairs++;
        if (out[4] === 1) intersecting = true;
        if (d > best && d < lowestExact) lowestExact = d; // an exact gap above the best still bounds
        if (d < best || (d === best && (bestA < 0 || sa < bestA || (sa === bestA && sb < bestB)))) {
          best = d;
          bestA = sa;
          bestB = sb;
          this.#keepPoints();
          threshold = (best + margin) * (best + margin);
          keep = collect ? keepSquared(best, margin) : threshold;
        }
      }
    }
    const lowest = Math.min(Math.sqrt(lowestPrunedSq), lowestExact);
    if (collect) {
      this.#nextCount = count;
      this.#swapCandidates(Math.sqrt(lowestPrunedSq));
    }
    this.#best = best;
    this.#lowest = lowest;
    this.#finish(bestA, bestB, intersecting, volumePairs, segmentPairs);
  }

  /**
   * The search over the candidate segment pairs of the last flat search, every other pair bounded
   * by `outside`. False (nothing kept) when that bound does not prove them farther than the gap.
   */
  #candidatesFlat(): boolean {
    const margin = this.#margin;
    const outside = this.#outsideNow;
    const a = this.#a;
    const b = this.#b;
    const pa = a.positions;
    const ia = a.indices;
    const ib = b.indices;
    const boxA = a.segmentBoxes();
    const vb = this.#vb;
    const out = this.#out;
    const seg = this.#seg;
    const eager = this.#eager;
    const cand = this.#cand;
    const n = this.#candCount;
    this.#nextCount = 0;
    this.#reserve(n);
    const next = this.#next;
    let count = 0;
    let best = Number.POSITIVE_INFINITY;
    let bestA = -1;
    let bestB = -1;
    let intersecting = false;
    let segmentPairs = 0;
    let lowest = outside;
    const hintA = this.segmentA;
    const hintB = this.segmentB;
    if (hintA >= 0 && hintA < a.segmentCount && hintB >= 0 && hintB < b.segmentCount) {
      const i = 2 * ia[2 * hintA];
      const j = 2 * ia[2 * hintA + 1];
      const wp = ib[2 * hintB];
      const wq = ib[2 * hintB + 1];
      if (!eager) {
        this.#place(wp);
        this.#place(wq);
      }
      const p = 2 * wp;
      const q = 2 * wq;
      seg[0] = pa[i];
      seg[1] = pa[i + 1];
      seg[2] = pa[j];
      seg[3] = pa[j + 1];
      seg[4] = vb[p];
      seg[5] = vb[p + 1];
      seg[6] = vb[q];
      seg[7] = vb[q + 1];
      seg[8] = Number.POSITIVE_INFINITY;
      segmentPairDistance2(seg, out);
      best = out[5];
      segmentPairs++;
      if (out[4] === 1) intersecting = true;
      bestA = hintA;
      bestB = hintB;
      this.#keepPoints();
    }
    let threshold = (best + margin) * (best + margin);
    let keep = keepSquared(best, margin);
    for (let k = 0; k < n; k++) {
      const sa = cand[2 * k];
      const sb = cand[2 * k + 1];
      const wp = ib[2 * sb];
      const wq = ib[2 * sb + 1];
      if (!eager) {
        this.#place(wp);
        this.#place(wq);
      }
      const p = 2 * wp;
      const q = 2 * wq;
      const u0 = vb[p],
        v0 = vb[p + 1],
        u1 = vb[q],
        v1 = vb[q + 1];
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
      const i = 2 * ia[2 * sa];
      const j = 2 * ia[2 * sa + 1];
      seg[0] = pa[i];
      seg[1] = pa[i + 1];
      seg[2] = pa[j];
      seg[3] = pa[j + 1];
      seg[4] = u0;
      seg[5] = v0;
      seg[6] = u1;
      seg[7] = v1;
      seg[8] = best + margin;
      segmentPairDistance2(seg, out);
      // Proved beyond the best by one segment's line (it stays a candidate).
      if (out[4] === -1) continue;
      const d = out[5];
      segmentPairs++;
      if (out[4] === 1) intersecting = true;
      if (d < best || (d === best && (bestA < 0 || sa < bestA || (sa === bestA && sb < bestB)))) {
        best = d;
        bestA = sa;
        bestB = sb;
        this.#keepPoints();
        threshold = (best + margin) * (best + margin);
        keep = keepSquared(best, margin);
      }
    }
    // Every pair left out must be proved farther than the gap, as a pruned box would be.
    if (!(lowest - margin > best) || bestA < 0) return false;
    this.#nextCount = count;
    this.#swapCandidates(lowest);
    this.#best = best;
    this.#lowest = lowest;
    this.#finish(bestA, bestB, intersecting, count, segmentPairs);
    return true;
  }

  /**
   * The search down the two trees, leaf pairs pruned segment pair by segment pair (large curves).
   * With `collect`, the node pairs within the keep bound that were not searched further (and the leaf
   * pairs searched) become the candidates of the next {@link evaluateMoved}; with `fromCandidates`
   * the search starts from the last candidates instead of the roots, every other pair bounded by
   * `outside`, and returns false (nothing kept) when that bound does not prove them farther.
   */
  #searchTrees(collect: boolean, fromCandidates: boolean): boolean {
    const margin = this.#margin;
    const maxDistance = this.#maxDistance;
    const outside = this.#outsideNow;
    const ta = this.#ta!;
    const tb = this.#tb!;
    const a = this.#a;
    const b = this.#b;
    const pa = a.positions;
    const ia = a.indices;
    const ib = b.indices;
    const boxA = a.segmentBoxes();
    const vb = this.#vb;
    const out = this.#out;
    const seg = this.#seg;
    const eager = this.#eager;
    const ra = ta.boxes;
    const rb = tb.boxes;
    let best = maxDistance;
    let bestA = -1;
    let bestB = -1;
    let intersecting = false;
    let volumePairs = 1;
    let segmentPairs = 0;
    let lowestPruned = Number.POSITIVE_INFINITY;
    let lowestPrunedSq = Number.POSITIVE_INFINITY;
    // The lowest node bound left out (not an exact gap): what bounds the pairs not kept.
    let lowestNode = fromCandidates ? outside : Number.POSITIVE_INFINITY;
    const hintA = this.segmentA;
    const hintB = this.segmentB;
    if (hintA >= 0 && hintA < a.segmentCount && hintB >= 0 && hintB < b.segmentCount) {
      const i = 2 * ia[2 * hintA];
      const j = 2 * ia[2 * hintA + 1];
      const wp = ib[2 * hintB];
      const wq = ib[2 * hintB + 1];
      if (!eager) {
        this.#place(wp);
        this.#place(wq);
      }
      const p = 2 * wp;
      const q = 2 * wq;
      seg[0] = pa[i];
      seg[1] = pa[i + 1];
      seg[2] = pa[j];
      seg[3] = pa[j + 1];
      seg[4] = vb[p];
      seg[5] = vb[p + 1];
      seg[6] = vb[q];
      seg[7] = vb[q + 1];
      seg[8] = Number.POSITIVE_INFINITY;
      segmentPairDistance2(seg, out);
      const d = out[5];
      segmentPairs++;
      if (out[4] === 1) intersecting = true;
      if (d > best && d < lowestPruned) lowestPruned = d;
      if (d <= best) {
        best = d;
        bestA = hintA;
        bestB = hintB;
        this.#keepPoints();
      }
    }
    let threshold = (best + margin) * (best + margin);
    let keep = collect ? keepBound(best, margin) : best + margin;
    const stack = this.#stack;
    stack.size = 0;
    if (collect) this.#nextCount = 0;
    // A search from the roots stores every key afresh: the drift can start again from 0.
    if (!fromCandidates) this.#drift = 0;
    const drift = this.#drift;
    if (fromCandidates) {
      const cand = this.#cand;
      const candKey = this.#candKey;
      const n = this.#candCount;
      this.#reserve(n);
      const next = this.#next;
      const nextKey = this.#nextKey;
      for (let k = n - 1; k >= 0; k--) {
        const i = cand[2 * k];
        const j = cand[2 * k + 1];
        // Its bound then, less how far the bodies may have moved since: if that still clears the
        // best, the pair is settled without a new bound.
        // (Less a relative allowance for the rounding of adding and taking away the drift.)
        const then = candKey[k] - drift - 1e-15 * candKey[k];
        let lb = then;
        let key = candKey[k];
        if (!(then - margin > best)) {
          this.#nodeBound(i, j);
          lb = this.#bound;
          key = lb + drift;
          volumePairs++;
        }
        if (lb - margin > best) {
          if (lb > keep) {
            if (lb < lowestNode) lowestNode = lb;
          } else {
            next[2 * this.#nextCount] = i;
            next[2 * this.#nextCount + 1] = j;
            nextKey[this.#nextCount] = key;
            this.#nextCount++;
          }
        } else stack.push(i, j, lb);
      }
    } else {
      this.#nodeBound(0, 0);
      stack.push(0, 0, this.#bound);
    }
    const countA = ta.count;
    const countB = tb.count;
    const childA = ta.child;
    const childB = tb.child;
    const orderA = ta.order;
    const orderB = tb.order;
    while (stack.size > 0) {
      const slot = stack.pop();
      const lb = stack.keys[slot];
      const i = stack.nodes[2 * slot];
      const j = stack.nodes[2 * slot + 1];
      if (lb - margin > best) {
        if (collect && lb <= keep) {
          this.#reserve(1);
          this.#next[2 * this.#nextCount] = i;
          this.#next[2 * this.#nextCount + 1] = j;
          this.#nextKey[this.#nextCount] = lb + drift;
          this.#nextCount++;
        } else if (lb < lowestNode) lowestNode = lb;
        continue;
      }
      const leafA = countA[i] > 0;
      const leafB = countB[j] > 0;
      if (leafA && leafB) {
        if (collect) {
          this.#reserve(1);
          this.#next[2 * this.#nextCount] = i;
          this.#next[2 * this.#nextCount + 1] = j;
          this.#nextKey[this.#nextCount] = lb + drift;
          this.#nextCount++;
        }
        for (let x = childA[i]; x < childA[i] + countA[i]; x++) {
          const sa = orderA[x];
          const o = 4 * sa;
          const lu = boxA[o],
            lv = boxA[o + 1],
            hu = boxA[o + 2],
            hv = boxA[o + 3];
          const ai = 2 * ia[2 * sa];
          const aj = 2 * ia[2 * sa + 1];
          for (let y = childB[j]; y < childB[j] + countB[j]; y++) {
            const sb = orderB[y];
            if (sa === hintA && sb === hintB) continue;
            const wp = ib[2 * sb];
            const wq = ib[2 * sb + 1];
            if (!eager) {
              this.#place(wp);
              this.#place(wq);
            }
            const p = 2 * wp;
            const q = 2 * wq;
            const u0 = vb[p],
              v0 = vb[p + 1],
              u1 = vb[q],
              v1 = vb[q + 1];
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
            seg[0] = pa[ai];
            seg[1] = pa[ai + 1];
            seg[2] = pa[aj];
            seg[3] = pa[aj + 1];
            seg[4] = u0;
            seg[5] = v0;
            seg[6] = u1;
            seg[7] = v1;
            seg[8] = best + margin;
            segmentPairDistance2(seg, out);
            if (out[4] === -1) {
              // Proved beyond the best by one segment's line: a bound, not a gap.
              if (out[5] < lowestPruned) lowestPruned = out[5];
              continue;
            }
            const d = out[5];
            segmentPairs++;
            if (out[4] === 1) intersecting = true;
            if (d > best && d < lowestPruned) lowestPruned = d; // an exact gap above the best still bounds
            if (d < best || (d === best && (bestA < 0 || sa < bestA || (sa === bestA && sb < bestB)))) {
              best = d;
              bestA = sa;
              bestB = sb;
              this.#keepPoints();
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
      this.#nodeBound(a1, b1);
      const l1 = this.#bound;
      this.#nodeBound(a2, b2);
      const l2 = this.#bound;
      volumePairs += 2;
      // The closer child is pushed last, so it is searched first; a child beyond the best is pushed
      // all the same when it is to be kept (the pop sorts it out).
      if (l1 <= l2) {
        if (l2 - margin <= best || (collect && l2 <= keep)) stack.push(a2, b2, l2);
        else if (l2 < lowestNode) lowestNode = l2;
        if (l1 - margin <= best || (collect && l1 <= keep)) stack.push(a1, b1, l1);
        else if (l1 < lowestNode) lowestNode = l1;
      } else {
        if (l1 - margin <= best || (collect && l1 <= keep)) stack.push(a1, b1, l1);
        else if (l1 < lowestNode) lowestNode = l1;
        if (l2 - margin <= best || (collect && l2 <= keep)) stack.push(a2, b2, l2);
        else if (l2 < lowestNode) lowestNode = l2;
      }
    }
    if (fromCandidates && (!(lowestNode - margin > best) || bestA < 0)) return false;
    if (collect) this.#swapCandidates(lowestNode);
    this.#best = best;
    this.#lowest = Math.min(lowestPruned, Math.sqrt(lowestPrunedSq), lowestNode);
    this.#finish(bestA, bestB, intersecting, volumePairs, segmentPairs);
    return true;
  }

  /** Writes the result; the gap in `#best`, the lowest bound left out in `#lowest` (for `beyond`). */
  #finish(
    bestA: number,
    bestB: number,
    intersecting: boolean,
    volumePairs: number,
    segmentPairs: number,
  ): void {
    const best = this.#best;
    const lowestPruned = this.#lowest;
    const margin = this.#margin;
    const maxDistance = this.#maxDistance;
    this.volumePairs = volumePairs;
    this.segmentPairs = segmentPairs;
    this.intersecting = intersecting;
    if (bestA < 0) {
      this.beyond = true;
      this.distance = Math.max(maxDistance, shaved(lowestPruned, margin));
      this.segmentA = -1;
      this.segmentB = -1;
      this.pointA.fill(Number.NaN);
      this.pointB.fill(Number.NaN);
      return;
    }
    this.beyond = false;
    this.distance = intersecting ? 0 : best;
    this.segmentA = bestA;
    this.segmentB = bestB;
  }

  #keepPoints(): void {
    const o = this.#out;
    this.pointA[0] = o[0];
    this.pointA[1] = o[1];
    this.pointB[0] = o[2];
    this.pointB[1] = o[3];
  }

  /** Takes B's vertex `w` into A's frame unless done in this evaluation. */
  #place(w: number): void {
    if (this.#vbStamp[w] === this.#stamp) return;
    this.#vbStamp[w] = this.#stamp;
    const pb = this.#b.positions;
    const v = 2 * w;
    const x = pb[v],
      y = pb[v + 1];
    this.#vb[v] = this.#c * x - this.#s * y + this.#tu;
    this.#vb[v + 1] = this.#s * x + this.#c * y + this.#tv;
  }

  /** The box of B's node j from its placed vertices (smallest, then largest coordinates), kept for this evaluation. */
  #tightBox(j: number): void {
    const tb = this.#tb!;
    const nb = this.#nb;
    const o = 4 * j;
    this.#nbStamp[j] = this.#stamp;
    let lu = Number.POSITIVE_INFINITY;
    let lv = Number.POSITIVE_INFINITY;
    let hu = Number.NEGATIVE_INFINITY;
    let hv = Number.NEGATIVE_INFINITY;
    const n = tb.count[j];
    if (n > 0) {
      const ib = this.#b.indices;
      const vb = this.#vb;
      const order = tb.order;
      const first = tb.child[j];
      for (let x = first; x < first + n; x++) {
        const e = order[x];
        for (let k = 0; k < 2; k++) {
          const v = 2 * ib[2 * e + k];
          const u = vb[v];
          const w = vb[v + 1];
          if (u < lu) lu = u;
          if (u > hu) hu = u;
          if (w < lv) lv = w;
          if (w > hv) hv = w;
        }
      }
    } else {
      const l = j + 1;
      const r = tb.child[j];
      if (this.#nbStamp[l] !== this.#stamp) this.#tightBox(l);
      if (this.#nbStamp[r] !== this.#stamp) this.#tightBox(r);
      const p = 4 * l;
      const q = 4 * r;
      lu = nb[p] < nb[q] ? nb[p] : nb[q];
      lv = nb[p + 1] < nb[q + 1] ? nb[p + 1] : nb[q + 1];
      hu = nb[p + 2] > nb[q + 2] ? nb[p + 2] : nb[q + 2];
      hv = nb[p + 3] > nb[q + 3] ? nb[p + 3] : nb[q + 3];
    }
    nb[o] = lu;
    nb[o + 1] = lv;
    nb[o + 2] = hu;
    nb[o + 3] = hv;
  }

  /**
   * Lower bound of the gap between node i of A and node j of B: with B's vertices all placed, B's box
   * is that of its placed vertices (exact, tight); else B's box turned into A's frame and enclosed.
   */
  #nodeBound(i: number, j: number): void {
    const nb = this.#nb;
    const o = 4 * j;
    if (this.#eager) {
      if (this.#nbStamp[j] !== this.#stamp) this.#tightBox(j);
      const ba = this.#ta!.boxes;
      const p = 4 * i;
      const gx = nb[o] - ba[p + 2] > ba[p] - nb[o + 2] ? nb[o] - ba[p + 2] : ba[p] - nb[o + 2];
      const gy =
        nb[o + 1] - ba[p + 3] > ba[p + 1] - nb[o + 3] ? nb[o + 1] - ba[p + 3] : ba[p + 1] - nb[o + 3];
      let sum = 0;
      if (gx > 0) sum += gx * gx;
      if (gy > 0) sum += gy * gy;
      this.#bound = Math.sqrt(sum);
      return;
    }
    if (this.#nbStamp[j] !== this.#stamp) {
      this.#nbStamp[j] = this.#stamp;
      const bb = this.#tb!.boxes;
      const c = this.#c;
      const s = this.#s;
      const cx = 0.5 * (bb[o] + bb[o + 2]);
      const cy = 0.5 * (bb[o + 1] + bb[o + 3]);
      const hx = 0.5 * (bb[o + 2] - bb[o]);
      const hy = 0.5 * (bb[o + 3] - bb[o + 1]);
      nb[o] = c * cx - s * cy + this.#tu;
      nb[o + 1] = s * cx + c * cy + this.#tv;
      nb[o + 2] = Math.abs(c) * hx + Math.abs(s) * hy;
      nb[o + 3] = Math.abs(s) * hx + Math.abs(c) * hy;
    }
    const ba = this.#ta!.boxes;
    const p = 4 * i;
    const gx = Math.abs(nb[o] - 0.5 * (ba[p] + ba[p + 2])) - 0.5 * (ba[p + 2] - ba[p]) - nb[o + 2];
    const gy =
      Math.abs(nb[o + 1] - 0.5 * (ba[p + 1] + ba[p + 3])) - 0.5 * (ba[p + 3] - ba[p + 1]) - nb[o + 3];
    let sum = 0;
    if (gx > 0) sum += gx * gx;
    if (gy > 0) sum += gy * gy;
    this.#bound = Math.sqrt(sum);
  }
}

/**
 * How much farther than the gap a pair may lie and still be searched again by the next
 * {@link CurvePair.evaluateMoved}, as a multiple of the gap: conservative advancement moves the
 * bodies by about the gap between two evaluations, so the pairs within twice it stay candidates.
 */
const SLACK = 2;

/** The keep bound: pairs whose box gap is at most this stay candidates. */
function keepBound(best: number, margin: number): number {
  return best * (1 + SLACK) + margin;
}

/** The keep bound squared (for squared box gaps). */
function keepSquared(best: number, margin: number): number {
  const k = best * (1 + SLACK) + margin;
  return k * k;
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

/**
 * A bound found in floating point, lowered by the rounding it may carry (a few ulps of itself and of
 * the coordinates in play), so that it stays below the exact gap.
 */
function shaved(bound: number, margin: number): number {
  return bound === Number.POSITIVE_INFINITY ? bound : Math.max(0, bound * (1 - 1e-12) - 2 * margin);
}
