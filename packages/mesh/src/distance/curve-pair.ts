import type { Curve } from '../curve.js';
import { segmentDistance2 } from '../geometry/segment-distance2.js';
import type { BoundingTree } from '../tree/build.js';
import { PairStack } from '../tree/pair-stack.js';

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
  /** Curve A (the frame of the computation). */
  readonly a: Curve;
  /** Curve B. */
  readonly b: Curve;
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

  readonly #ta: BoundingTree;
  readonly #tb: BoundingTree;
  readonly #vb: Float64Array;
  readonly #vbStamp: Uint32Array;
  readonly #nb: Float64Array;
  readonly #nbStamp: Uint32Array;
  #stamp = 0;
  readonly #stack = new PairStack();
  readonly #seg = new Float64Array(8);
  readonly #out = new Float64Array(5);
  #c = 1;
  #s = 0;
  #tu = 0;
  #tv = 0;

  constructor(a: Curve, b: Curve) {
    a.assertNotEmpty('distance (curve A)');
    b.assertNotEmpty('distance (curve B)');
    this.a = a;
    this.b = b;
    this.#ta = a.tree();
    this.#tb = b.tree();
    this.#vb = new Float64Array(b.positions.length);
    this.#vbStamp = new Uint32Array(b.positions.length / 2);
    this.#nb = new Float64Array(4 * this.#tb.nodeCount);
    this.#nbStamp = new Uint32Array(this.#tb.nodeCount);
  }

  /**
   * The gap between A and B when a point `x` of B is at `rot x + (tu, tv)` in A's frame, `rot` the
   * rotation of cosine `c` and sine `s`. Stops early, with {@link beyond} set, when the gap is
   * certified larger than `maxDistance`. Deterministic as {@link SurfacePair.evaluate}.
   */
  evaluate(c: number, s: number, tu: number, tv: number, maxDistance = Number.POSITIVE_INFINITY): number {
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
    const ta = this.#ta;
    const tb = this.#tb;
    const ra = ta.boxes;
    const rb = tb.boxes;
    const scale =
      Math.abs(tu) +
      Math.abs(tv) +
      Math.max(Math.abs(ra[0]), Math.abs(ra[2])) +
      Math.max(Math.abs(ra[1]), Math.abs(ra[3])) +
      Math.max(Math.abs(rb[0]), Math.abs(rb[2])) +
      Math.max(Math.abs(rb[1]), Math.abs(rb[3]));
    const margin = 1e-13 * scale;
    let best = maxDistance;
    let bestA = -1;
    let bestB = -1;
    let intersecting = false;
    let volumePairs = 1;
    let segmentPairs = 0;
    let lowestPruned = Number.POSITIVE_INFINITY;
    const hintA = this.segmentA;
    const hintB = this.segmentB;
    if (hintA >= 0 && hintA < this.a.segmentCount && hintB >= 0 && hintB < this.b.segmentCount) {
      const d = this.#segmentPair(hintA, hintB);
      segmentPairs++;
      if (this.#out[4] === 1) intersecting = true;
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
    stack.push(0, 0, this.#nodeBound(0, 0));
    const countA = ta.count;
    const countB = tb.count;
    const childA = ta.child;
    const childB = tb.child;
    while (stack.size > 0) {
      const slot = stack.pop();
      const lb = stack.keys[slot];
      if (lb - margin > best) {
        if (lb < lowestPruned) lowestPruned = lb;
        continue;
      }
      const i = stack.nodes[2 * slot];
      const j = stack.nodes[2 * slot + 1];
      const leafA = countA[i] > 0;
      const leafB = countB[j] > 0;
      if (leafA && leafB) {
        for (let x = childA[i]; x < childA[i] + countA[i]; x++) {
          const sa = ta.order[x];
          for (let y = childB[j]; y < childB[j] + countB[j]; y++) {
            const sb = tb.order[y];
            if (sa === hintA && sb === hintB) continue;
            const d = this.#segmentPair(sa, sb);
            segmentPairs++;
            if (this.#out[4] === 1) intersecting = true;
            if (d > best && d < lowestPruned) lowestPruned = d; // an exact gap above the best still bounds
            if (d < best || (d === best && (bestA < 0 || sa < bestA || (sa === bestA && sb < bestB)))) {
              best = d;
              bestA = sa;
              bestB = sb;
              this.#keepPoints();
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
      const l1 = this.#nodeBound(a1, b1);
      const l2 = this.#nodeBound(a2, b2);
      volumePairs += 2;
      // The closer child is pushed last, so it is searched first.
      if (l1 <= l2) {
        if (l2 - margin <= best) stack.push(a2, b2, l2);
        else if (l2 < lowestPruned) lowestPruned = l2;
        if (l1 - margin <= best) stack.push(a1, b1, l1);
        else if (l1 < lowestPruned) lowestPruned = l1;
      } else {
        if (l1 - margin <= best) stack.push(a1, b1, l1);
        else if (l1 < lowestPruned) lowestPruned = l1;
        if (l2 - margin <= best) stack.push(a2, b2, l2);
        else if (l2 < lowestPruned) lowestPruned = l2;
      }
    }
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
      return this.distance;
    }
    this.beyond = false;
    this.distance = intersecting ? 0 : best;
    this.segmentA = bestA;
    this.segmentB = bestB;
    return this.distance;
  }

  #keepPoints(): void {
    const o = this.#out;
    this.pointA[0] = o[0];
    this.pointA[1] = o[1];
    this.pointB[0] = o[2];
    this.pointB[1] = o[3];
  }

  /** Lower bound of the gap between node i of A and node j of B (B's box enclosed in A's frame). */
  #nodeBound(i: number, j: number): number {
    const nb = this.#nb;
    const o = 4 * j;
    if (this.#nbStamp[j] !== this.#stamp) {
      this.#nbStamp[j] = this.#stamp;
      const bb = this.#tb.boxes;
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
    const ba = this.#ta.boxes;
    const p = 4 * i;
    const gx = Math.abs(nb[o] - 0.5 * (ba[p] + ba[p + 2])) - 0.5 * (ba[p + 2] - ba[p]) - nb[o + 2];
    const gy =
      Math.abs(nb[o + 1] - 0.5 * (ba[p + 1] + ba[p + 3])) - 0.5 * (ba[p + 3] - ba[p + 1]) - nb[o + 3];
    let sum = 0;
    if (gx > 0) sum += gx * gx;
    if (gy > 0) sum += gy * gy;
    return Math.sqrt(sum);
  }

  #segmentPair(sa: number, sb: number): number {
    const S = this.#seg;
    const pa = this.a.positions;
    const ia = this.a.indices;
    const a0 = 2 * ia[2 * sa];
    const a1 = 2 * ia[2 * sa + 1];
    S[0] = pa[a0];
    S[1] = pa[a0 + 1];
    S[2] = pa[a1];
    S[3] = pa[a1 + 1];
    const ib = this.b.indices;
    for (let k = 0; k < 2; k++) {
      const w = ib[2 * sb + k];
      const v = 2 * w;
      if (this.#vbStamp[w] !== this.#stamp) {
        this.#vbStamp[w] = this.#stamp;
        const pb = this.b.positions;
        const x = pb[v],
          y = pb[v + 1];
        this.#vb[v] = this.#c * x - this.#s * y + this.#tu;
        this.#vb[v + 1] = this.#s * x + this.#c * y + this.#tv;
      }
      S[4 + 2 * k] = this.#vb[v];
      S[5 + 2 * k] = this.#vb[v + 1];
    }
    return segmentDistance2(S, 0, 4, this.#out);
  }
}

/**
 * A bound found in floating point, lowered by the rounding it may carry (a few ulps of itself and of
 * the coordinates in play), so that it stays below the exact gap.
 */
function shaved(bound: number, margin: number): number {
  return bound === Number.POSITIVE_INFINITY ? bound : Math.max(0, bound * (1 - 1e-12) - 2 * margin);
}
