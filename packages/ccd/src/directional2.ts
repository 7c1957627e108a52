import type { BoundingTree, Curve } from '@firsttouch/mesh';
import { PairStack, SEGMENT_DISTANCE, segmentPairDistance2 } from '@firsttouch/mesh/internal';

const EMPTY64 = new Float64Array(0);

import type { RigidMotion2 } from '@firsttouch/pose';
import type { DirectionalStep2 } from './directional-step.js';

/**
 * The 2-D twin of {@link DirectionalBound3}: the C2A step per segment pair inside the descent of the
 * two trees, `c = n·(ΔA − ΔB) + |θA| ρA + |θB| ρB` with ρ the largest |x| of the segment's vertices.
 */
export class DirectionalBound2 {
  /** Exact segment-pair evaluations so far. */
  pairEvaluations = 0;
  #a!: Curve;
  #b!: Curve;
  #ta!: BoundingTree;
  #tb!: BoundingTree;
  /** |θ| ρ of every vertex, and the largest over each node's segments (buffers kept between bindings). */
  #spinA: Float64Array = EMPTY64;
  #spinB: Float64Array = EMPTY64;
  #nodeSpinA: Float64Array = EMPTY64;
  #nodeSpinB: Float64Array = EMPTY64;
  /** B's vertices and node boxes (centre, half size) placed in A's frame at each step. */
  #vb: Float64Array = EMPTY64;
  #nb: Float64Array = EMPTY64;
  /** The segment pair in hand for `segmentPairDistance2` (no limit), and its answer. */
  readonly #seg = new Float64Array([0, 0, 0, 0, 0, 0, 0, 0, Number.POSITIVE_INFINITY]);
  readonly #out = new Float64Array(6);
  readonly #stack = new PairStack();
  readonly #dAB = new Float64Array(2);
  #speedAB = 0;
  #ca = 1;
  #sa = 0;

  constructor(a: Curve, b: Curve, ma: RigidMotion2, mb: RigidMotion2) {
    this.rebind(a, b, ma, mb);
  }

  /**
   * Points the bound at another step (other curves or motions), keeping its scratch: what a
   * time-of-impact evaluator reused between queries does instead of building a new bound. The
   * counter restarts.
   *
   * @example
   * ```ts
   * import { DirectionalBound2 } from '@firsttouch/ccd';
   * import { disc } from '@firsttouch/mesh';
   * import { pose2, RigidMotion2 } from '@firsttouch/pose';
   * const rest = new RigidMotion2(pose2(), pose2());
   * const bound = new DirectionalBound2(disc(1, 8), disc(1, 8), rest, rest);
   * bound.rebind(disc(1, 8), disc(1, 8), rest, new RigidMotion2(pose2(0, [3, 0]), pose2(0, [1, 0])));
   * const step = bound.step({ angleA: 0, c: 1, s: 0, tu: 3, tv: 0, half: 0, floor: 0, limit: 1, seedA: -1, seedB: -1 });
   * console.log(step > 0); // true
   * ```
   */
  rebind(a: Curve, b: Curve, ma: RigidMotion2, mb: RigidMotion2): void {
    this.pairEvaluations = 0;
    this.#a = a;
    this.#b = b;
    this.#ta = a.tree();
    this.#tb = b.tree();
    this.#spinA = spins(a, ma, grown(this.#spinA, a.positions.length / 2));
    this.#spinB = spins(b, mb, grown(this.#spinB, b.positions.length / 2));
    this.#nodeSpinA = nodeSpins(a, this.#ta, this.#spinA, grown(this.#nodeSpinA, this.#ta.nodeCount));
    this.#nodeSpinB = nodeSpins(b, this.#tb, this.#spinB, grown(this.#nodeSpinB, this.#tb.nodeCount));
    this.#vb = grown(this.#vb, b.positions.length);
    this.#nb = grown(this.#nb, 4 * this.#tb.nodeCount);
    this.#dAB[0] = ma.delta[0] - mb.delta[0];
    this.#dAB[1] = ma.delta[1] - mb.delta[1];
    this.#speedAB = ma.translationLength + mb.translationLength;
  }

  /**
   * Forgets the curves and their trees, keeping the scratch: what a pool does before it keeps the
   * bound. {@link rebind} it before the next step.
   *
   * @example
   * ```ts
   * import { DirectionalBound2 } from '@firsttouch/ccd';
   * import { disc } from '@firsttouch/mesh';
   * import { pose2, RigidMotion2 } from '@firsttouch/pose';
   * const rest = new RigidMotion2(pose2(), pose2());
   * const bound = new DirectionalBound2(disc(1, 8), disc(1, 8), rest, rest);
   * bound.unbind();
   * console.log(bound.pairEvaluations); // 0
   * ```
   */
  unbind(): void {
    this.#a = undefined!;
    this.#b = undefined!;
    this.#ta = undefined!;
    this.#tb = undefined!;
  }

  /**
   * The certified step at the placement where A has world angle `angleA` and B sits in A's frame by
   * the rotation (`c`, `s`) and translation (`tu`, `tv`).
   */
  step(query: DirectionalStep2): number {
    const { angleA, c, s, tu, tv, half, floor, limit, seedA, seedB } = query;
    this.#ca = Math.cos(angleA);
    this.#sa = Math.sin(angleA);
    const pb = this.#b.positions;
    const vb = this.#vb;
    for (let v = 0; v < pb.length; v += 2) {
      const x = pb[v],
        y = pb[v + 1];
      vb[v] = c * x - s * y + tu;
      vb[v + 1] = s * x + c * y + tv;
    }
    const bb = this.#tb.boxes;
    const nb = this.#nb;
    const ac = Math.abs(c),
      as = Math.abs(s);
    for (let o = 0; o < 4 * this.#tb.nodeCount; o += 4) {
      const cx = 0.5 * (bb[o] + bb[o + 2]),
        cy = 0.5 * (bb[o + 1] + bb[o + 3]);
      const hx = 0.5 * (bb[o + 2] - bb[o]),
        hy = 0.5 * (bb[o + 3] - bb[o + 1]);
      nb[o] = c * cx - s * cy + tu;
      nb[o + 1] = s * cx + c * cy + tv;
      nb[o + 2] = ac * hx + as * hy;
      nb[o + 3] = as * hx + ac * hy;
    }
    const ta = this.#ta;
    const tb = this.#tb;
    let best = limit;
    if (seedA >= 0 && seedB >= 0) {
      best = this.#pairStep(seedA, seedB, half, best);
      if (best <= floor) return floor;
    }
    const stack = this.#stack;
    stack.size = 0;
    const key0 = this.#nodeStep(0, 0, half);
    if (key0 < best) stack.push(0, 0, key0);
    while (stack.size > 0) {
      const slot = stack.pop();
      if (stack.keys[slot] >= best) continue;
      const i = stack.nodes[2 * slot];
      const j = stack.nodes[2 * slot + 1];
      const leafA = ta.count[i] > 0;
      const leafB = tb.count[j] > 0;
      if (leafA && leafB) {
        for (let x = ta.child[i]; x < ta.child[i] + ta.count[i]; x++) {
          for (let y = tb.child[j]; y < tb.child[j] + tb.count[j]; y++) {
            best = this.#pairStep(ta.order[x], tb.order[y], half, best);
            if (best <= floor) return floor;
          }
        }
        continue;
      }
      let splitA: boolean;
      if (leafA) splitA = false;
      else if (leafB) splitA = true;
      else splitA = spread(ta.boxes, i) >= spread(tb.boxes, j);
      const a1 = splitA ? i + 1 : i;
      const a2 = splitA ? ta.child[i] : i;
      const b1 = splitA ? j : j + 1;
      const b2 = splitA ? j : tb.child[j];
      const k1 = this.#nodeStep(a1, b1, half);
      const k2 = this.#nodeStep(a2, b2, half);
      if (k1 <= k2) {
        if (k2 < best) stack.push(a2, b2, k2);
        if (k1 < best) stack.push(a1, b1, k1);
      } else {
        if (k1 < best) stack.push(a1, b1, k1);
        if (k2 < best) stack.push(a2, b2, k2);
      }
    }
    return best;
  }

  #pairStep(sa: number, sb: number, half: number, best: number): number {
    const S = this.#seg;
    const pa = this.#a.positions;
    const ia = this.#a.indices;
    const ib = this.#b.indices;
    const vb = this.#vb;
    let spinA = 0;
    let spinB = 0;
    for (let k = 0; k < 2; k++) {
      const va = ia[2 * sa + k];
      S[2 * k] = pa[2 * va];
      S[2 * k + 1] = pa[2 * va + 1];
      if (this.#spinA[va] > spinA) spinA = this.#spinA[va];
      const wb = ib[2 * sb + k];
      S[4 + 2 * k] = vb[2 * wb];
      S[5 + 2 * k] = vb[2 * wb + 1];
      if (this.#spinB[wb] > spinB) spinB = this.#spinB[wb];
    }
    segmentPairDistance2(S, this.#out);
    const d = this.#out[SEGMENT_DISTANCE];
    this.pairEvaluations++;
    const mu = this.#speedAB + spinA + spinB;
    let step = mu > 0 ? (d - half) / mu : Number.POSITIVE_INFINITY;
    if (d > 0) {
      // Along the witness direction (A's frame), the gap the segments' ends give, not d: the
      // direction is rounded by about ulp(coordinates) / d, and along a direction off by δ the
      // segments lie up to δ times their length nearer than d (see directional3/pairs.ts).
      const o = this.#out;
      let ex = o[2] - o[0],
        ey = o[3] - o[1];
      const len = Math.hypot(ex, ey);
      ex /= len;
      ey /= len;
      const a0 = ex * S[0] + ey * S[1];
      const a1 = ex * S[2] + ey * S[3];
      const b0 = ex * S[4] + ey * S[5];
      const b1 = ex * S[6] + ey * S[7];
      const g = (b0 < b1 ? b0 : b1) - (a0 > a1 ? a0 : a1);
      if (g > half) {
        const nx = this.#ca * ex - this.#sa * ey;
        const ny = this.#sa * ex + this.#ca * ey;
        const c = nx * this.#dAB[0] + ny * this.#dAB[1] + spinA + spinB;
        const directed = c > 0 ? (g - half) / c : Number.POSITIVE_INFINITY;
        if (directed > step) step = directed;
      }
    }
    return step < best ? step : best;
  }

  #nodeStep(i: number, j: number, half: number): number {
    const ba = this.#ta.boxes;
    const nb = this.#nb;
    const p = 4 * i;
    const o = 4 * j;
    const gx = Math.abs(nb[o] - 0.5 * (ba[p] + ba[p + 2])) - 0.5 * (ba[p + 2] - ba[p]) - nb[o + 2];
    const gy =
      Math.abs(nb[o + 1] - 0.5 * (ba[p + 1] + ba[p + 3])) - 0.5 * (ba[p + 3] - ba[p + 1]) - nb[o + 3];
    let s = 0;
    if (gx > 0) s += gx * gx;
    if (gy > 0) s += gy * gy;
    const mu = this.#speedAB + this.#nodeSpinA[i] + this.#nodeSpinB[j];
    return mu > 0 ? (Math.sqrt(s) - half) / mu : Number.POSITIVE_INFINITY;
  }
}

function spread(boxes: Float32Array, n: number): number {
  const o = 4 * n;
  return (boxes[o + 2] - boxes[o]) ** 2 + (boxes[o + 3] - boxes[o + 1]) ** 2;
}

/** `buffer` when it holds `n` numbers, else a new array of `n`. */
function grown(buffer: Float64Array, n: number): Float64Array {
  return buffer.length >= n ? buffer : new Float64Array(n);
}

/** |θ| ρ of every vertex of the curve under its motion, into `out` (zeros when it does not turn). */
function spins(c: Curve, m: RigidMotion2, out: Float64Array): Float64Array {
  const n = c.positions.length / 2;
  if (m.theta === 0) return out.fill(0, 0, n);
  const w = Math.abs(m.theta);
  for (let v = 0; v < n; v++) out[v] = w * Math.hypot(c.positions[2 * v], c.positions[2 * v + 1]);
  return out;
}

/** The largest vertex spin over each node's segments, bottom-up, into `out`. */
function nodeSpins(c: Curve, tree: BoundingTree, spin: Float64Array, out: Float64Array): Float64Array {
  for (let n = tree.nodeCount - 1; n >= 0; n--) {
    if (tree.count[n] > 0) {
      let m = 0;
      for (let x = tree.child[n]; x < tree.child[n] + tree.count[n]; x++) {
        const e = tree.order[x];
        const r = Math.max(spin[c.indices[2 * e]], spin[c.indices[2 * e + 1]]);
        if (r > m) m = r;
      }
      out[n] = m;
    } else {
      out[n] = Math.max(out[n + 1], out[tree.child[n]]);
    }
  }
  return out;
}
