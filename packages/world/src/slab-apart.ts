import { largestNorm } from '@firsttouch/broadphase/internal';
import type { Dimension } from './dimension.js';

/** A pose as the slab proof reads its translation (both dimensions' poses have one). */
interface Placed {
  readonly t: ArrayLike<number>;
}

/**
 * Two bodies seen along one direction `n` (a unit vector of the world, from A towards B), as
 * {@link slabGap} reads them: each body's vertices in its own frame (the body lies in their hull),
 * `n` in each body's frame, and how the two move over the rest of their motions. Scratch the caller
 * owns and fills (no allocation per proof).
 */
export interface SlabPair {
  /** 2 or 3: the numbers a vertex takes. */
  dim: 2 | 3;
  /** A's vertices and B's, body frame, `dim` numbers each. */
  a: Float64Array;
  b: Float64Array;
  /** `n` in A's body frame and in B's (`Rᵀ n` of each one's present pose). */
  da: Float64Array;
  db: Float64Array;
  /** `n · (tB − tA)`: the origins' offset along `n` now. */
  offset: number;
  /** `n · (ΔB − ΔA)`: how far the origins part along `n` over the rest of the motions. */
  parting: number;
  /** Upper bounds of the angle each body turns over the rest of its motion. */
  turnA: number;
  turnB: number;
  /** The size of the coordinates involved (origins, targets), for the rounding slack. */
  size: number;
}

/**
 * A lower bound of the distance between two bodies over the rest of their motions, from the slab
 * between them along one fixed direction `n` (a separating axis: after an impact, the contact
 * normal). Now, every vertex of A lies at most `hA` along `n` and every vertex of B at least `gB`
 * (each body's support along `n`, from its vertices in its own frame and its origin): the slab's
 * width `w0 = gB − hA` bounds the distance of the hulls, so of the bodies. Over the rest of the
 * step each origin moves along a straight line and each body turns about its origin by at most its
 * turn θ, which moves a vertex at distance ρ from the origin by at most θ·ρ off its straight path
 * (a chord of the arc, at most the arc): so each support moves along `n` by its origin's motion plus
 * at most θ·ρ, linearly in time, and the width stays above `w0 + parting − θA ρA − θB ρB` and `w0`
 * over the whole of the rest (the smaller of the two). A negative answer proves nothing.
 *
 * The answer is lowered by a slack of 1e-12 of the coordinates' size over the rounding of the dot
 * products, of `n`'s length and of the poses the motions compute (the same slack as the balls'
 * test), and the radii are taken 1e-8 larger (poses orthonormal to 1e-9).
 */
export function slabGap(p: SlabPair): number {
  const dim = p.dim;
  const a = p.a;
  const b = p.b;
  const ax = p.da[0];
  const ay = p.da[1];
  const az = dim === 3 ? p.da[2] : 0;
  const bx = p.db[0];
  const by = p.db[1];
  const bz = dim === 3 ? p.db[2] : 0;
  // A's support along n (largest), B's against it (smallest), and each body's largest |v|²
  let hA = Number.NEGATIVE_INFINITY;
  let rA = 0;
  for (let x = 0; x < a.length; x += dim) {
    const u = a[x];
    const v = a[x + 1];
    const w = dim === 3 ? a[x + 2] : 0;
    const s = ax * u + ay * v + az * w;
    if (s > hA) hA = s;
    const r = u * u + v * v + w * w;
    if (r > rA) rA = r;
  }
  let gB = Number.POSITIVE_INFINITY;
  let rB = 0;
  for (let x = 0; x < b.length; x += dim) {
    const u = b[x];
    const v = b[x + 1];
    const w = dim === 3 ? b[x + 2] : 0;
    const s = bx * u + by * v + bz * w;
    if (s < gB) gB = s;
    const r = u * u + v * v + w * w;
    if (r > rB) rB = r;
  }
  // (squares that underflow or overflow, bodies far from unit size: the radii measured at any size)
  const rhoA = (rA > 1e-280 && rA < 1e280 ? Math.sqrt(rA) : largestNorm(a, dim)) * (1 + 1e-8);
  const rhoB = (rB > 1e-280 && rB < 1e280 ? Math.sqrt(rB) : largestNorm(b, dim)) * (1 + 1e-8);
  const w0 = p.offset + gB - hA;
  const w1 = w0 + p.parting - p.turnA * rhoA - p.turnB * rhoB;
  const least = w0 < w1 ? w0 : w1;
  // (a body without vertices gives ±∞, a bad direction NaN: neither proves anything)
  if (!(least > Number.NEGATIVE_INFINITY && least < Number.POSITIVE_INFINITY))
    return Number.NEGATIVE_INFINITY;
  return least - 1e-12 * (p.size + rhoA + rhoB);
}

/**
 * The slab proof of apartness on a world's bodies ({@link slabGap}), with its scratch and each body
 * object's vertices read once: the continuous step's cheap proof that a pair that has just touched
 * parts (the contact normal as the direction), before the pair's own search.
 */
export class SlabProof<Pose> {
  readonly #d: Pick<Dimension<unknown, Pose, unknown>, 'dim' | 'vertices' | 'turn' | 'toBody'>;
  readonly #pair: SlabPair;
  readonly #vertices = new WeakMap<object, Float64Array | null>();
  readonly #n = new Float64Array(3);

  constructor(d: Pick<Dimension<unknown, Pose, unknown>, 'dim' | 'vertices' | 'turn' | 'toBody'>) {
    this.#d = d;
    this.#pair = {
      dim: d.dim,
      a: new Float64Array(0),
      b: new Float64Array(0),
      da: new Float64Array(3),
      db: new Float64Array(3),
      offset: 0,
      parting: 0,
      turnA: 0,
      turnB: 0,
      size: 0,
    };
  }

  /**
   * A lower bound of the distance of body `a` (at `pa` now, going to `ea`) and body `b` (at `pb`,
   * going to `eb`) over the rest of their motions, from the slab between them along `normal` (from
   * a towards b, any length); −∞ when either body has no vertices to read (`Dimension.vertices`)
   * or `normal` is not a direction.
   */
  gap(a: object, pa: Pose, ea: Pose, b: object, pb: Pose, eb: Pose, normal: ArrayLike<number>): number {
    const d = this.#d;
    const dim = d.dim;
    const va = this.#verticesOf(a);
    const vb = this.#verticesOf(b);
    if (va === null || vb === null) return Number.NEGATIVE_INFINITY;
    const n = this.#n;
    let length = 0;
    for (let x = 0; x < dim; x++) length += normal[x] * normal[x];
    length = Math.sqrt(length);
    if (!(length > 0 && length < Number.POSITIVE_INFINITY)) return Number.NEGATIVE_INFINITY;
    for (let x = 0; x < dim; x++) n[x] = normal[x] / length;
    const ta = (pa as unknown as Placed).t;
    const tb = (pb as unknown as Placed).t;
    const sa = (ea as unknown as Placed).t;
    const sb = (eb as unknown as Placed).t;
    let offset = 0;
    let parting = 0;
    let size = 0;
    for (let x = 0; x < dim; x++) {
      offset += n[x] * (tb[x] - ta[x]);
      parting += n[x] * (sb[x] - tb[x] - (sa[x] - ta[x]));
      size += Math.abs(ta[x]) + Math.abs(tb[x]) + Math.abs(sa[x]) + Math.abs(sb[x]);
    }
    const p = this.#pair;
    p.a = va;
    p.b = vb;
    d.toBody(pa, n, p.da);
    d.toBody(pb, n, p.db);
    p.offset = offset;
    p.parting = parting;
    p.turnA = d.turn(pa, ea);
    p.turnB = d.turn(pb, eb);
    p.size = size;
    return slabGap(p);
  }

  #verticesOf(body: object): Float64Array | null {
    let v = this.#vertices.get(body);
    if (v === undefined) {
      v = this.#d.vertices(body);
      this.#vertices.set(body, v);
    }
    return v;
  }
}
