import { largestNorm } from '@firsttouch/broadphase/internal';
import { type Dimension, HULL_BOUNDARY, HULL_SOLID, type Mover } from './dimension.js';
import type { SupportBody } from './support-body.js';

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
  /** A's vertices and B's, body frame, `dim` numbers each (read where the body has no support mapping). */
  a: Float64Array;
  b: Float64Array;
  /** A and B as convex shapes, read by their supports (null: read by their vertices). */
  shapeA?: SupportBody | null;
  shapeB?: SupportBody | null;
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
  /**
   * With `extents` set, {@link slabGap} also writes each body's extent along `n` (its support along
   * `n` less its support against it, its vertices' or its shape's), `extentA` and `extentB`.
   */
  extents?: boolean;
  extentA?: number;
  extentB?: number;
  /** Written by {@link slabGap} with `extents`: the width's lower bound before the slack. */
  least?: number;
  /** Written by {@link slabWidth}: its answer. */
  width?: number;
  /** Scratch of a shape's support: a direction and a point (6 numbers; made where missing). */
  scratch?: Float64Array;
  /** Views of `scratch`'s direction and point, made on the first support read. */
  supportDirection?: Float64Array;
  supportPoint?: Float64Array;
}

/**
 * A lower bound of the distance between two bodies over the rest of their motions, from the slab
 * between them along one fixed direction `n` (a separating axis: after an impact, the contact
 * normal). Now, every vertex of A lies at most `hA` along `n` and every vertex of B at least `gB`
 * (each body's support along `n`, from its vertices in its own frame and its origin, or from a
 * convex shape's support mapping, its margin included, and its `reach` as ρ): the slab's
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
  slabWidth(p);
  return p.width as number;
}

/**
 * {@link slabGap} into `p.width`: the proofs' own form (a number returned from a call the compiler
 * does not inline is boxed: one a slab measured).
 */
export function slabWidth(p: SlabPair): void {
  const dim = p.dim;
  const shapeA = p.shapeA ?? null;
  const shapeB = p.shapeB ?? null;
  const extents = p.extents === true;
  const a = p.a;
  const b = p.b;
  const ax = p.da[0];
  const ay = p.da[1];
  const az = dim === 3 ? p.da[2] : 0;
  const bx = p.db[0];
  const by = p.db[1];
  const bz = dim === 3 ? p.db[2] : 0;
  // A's support along n (largest), B's against it (smallest), and each body's largest |v|²; with
  // `extents`, A's smallest and B's largest too
  let hA = Number.NEGATIVE_INFINITY;
  let lA = Number.POSITIVE_INFINITY;
  let rA = 0;
  if (shapeA === null)
    for (let x = 0; x < a.length; x += dim) {
      const u = a[x];
      const v = a[x + 1];
      const w = dim === 3 ? a[x + 2] : 0;
      const s = ax * u + ay * v + az * w;
      if (s > hA) hA = s;
      if (s < lA) lA = s;
      const r = u * u + v * v + w * w;
      if (r > rA) rA = r;
    }
  else {
    hA = supportHeight(shapeA, p.da, 1, p);
    if (extents) lA = -supportHeight(shapeA, p.da, -1, p);
  }
  let gB = Number.POSITIVE_INFINITY;
  let uB = Number.NEGATIVE_INFINITY;
  let rB = 0;
  if (shapeB === null)
    for (let x = 0; x < b.length; x += dim) {
      const u = b[x];
      const v = b[x + 1];
      const w = dim === 3 ? b[x + 2] : 0;
      const s = bx * u + by * v + bz * w;
      if (s < gB) gB = s;
      if (s > uB) uB = s;
      const r = u * u + v * v + w * w;
      if (r > rB) rB = r;
    }
  else {
    gB = -supportHeight(shapeB, p.db, -1, p);
    if (extents) uB = supportHeight(shapeB, p.db, 1, p);
  }
  // each body's radius, and the radius its turn moves points by: a shape's core (its margin's
  // ball turns into itself: a ball rolls without moving its surface along n)
  const rhoA = shapeA !== null ? shapeA.reach * (1 + 1e-8) : radiusOf(rA, a, dim);
  const rhoB = shapeB !== null ? shapeB.reach * (1 + 1e-8) : radiusOf(rB, b, dim);
  const coreA = shapeA !== null ? (shapeA.reach - shapeA.margin) * (1 + 1e-8) : rhoA;
  const coreB = shapeB !== null ? (shapeB.reach - shapeB.margin) * (1 + 1e-8) : rhoB;
  const w0 = p.offset + gB - hA;
  const w1 = w0 + p.parting - p.turnA * coreA - p.turnB * coreB;
  const least = w0 < w1 ? w0 : w1;
  if (extents) {
    p.least = least;
    p.extentA = hA - lA;
    p.extentB = uB - gB;
  }
  // (a body without vertices gives ±∞, a bad direction NaN: neither proves anything)
  if (!(least > Number.NEGATIVE_INFINITY && least < Number.POSITIVE_INFINITY))
    p.width = Number.NEGATIVE_INFINITY;
  else p.width = least - 1e-12 * (p.size + rhoA + rhoB);
}

/**
 * The largest distance of a vertex from the origin from its square `r2`, taken 1e-8 larger (poses
 * orthonormal to 1e-9); squares that underflow or overflow (bodies far from unit size) measured at
 * any size.
 */
function radiusOf(r2: number, v: Float64Array, dim: 2 | 3): number {
  return (r2 > 1e-280 && r2 < 1e280 ? Math.sqrt(r2) : largestNorm(v, dim)) * (1 + 1e-8);
}

/** {@link radiusOf} of the vertices `v`. */
function radius(v: Float64Array, dim: 2 | 3): number {
  let r = 0;
  for (let k = 0; k < v.length; k += dim) {
    const u = v[k];
    const w = v[k + 1];
    const q = u * u + w * w + (dim === 3 ? v[k + 2] * v[k + 2] : 0);
    if (q > r) r = q;
  }
  return radiusOf(r, v, dim);
}

/**
 * The shape's support height along `sign · d` (body frame): its core's farthest point along it, plus
 * its margin times the direction's length.
 */
function supportHeight(shape: SupportBody, d: Float64Array, sign: 1 | -1, p: SlabPair): number {
  // (the two views made once: two a support were most of a world of balls' garbage)
  let u = p.supportDirection;
  let q = p.supportPoint;
  if (u === undefined || q === undefined) {
    let scratch = p.scratch;
    if (scratch === undefined || scratch.length < 6) {
      scratch = new Float64Array(6);
      p.scratch = scratch;
    }
    u = p.supportDirection = scratch.subarray(0, 3);
    q = p.supportPoint = scratch.subarray(3, 6);
  }
  u[0] = sign * d[0];
  u[1] = sign * d[1];
  u[2] = p.dim === 3 ? sign * d[2] : 0;
  shape.support(u, q);
  const length = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
  return u[0] * q[0] + u[1] * q[1] + u[2] * q[2] + shape.margin * length;
}

/**
 * The slab proof of apartness on a world's bodies ({@link slabGap}), with its scratch and each body
 * object's vertices read once: the continuous step's cheap proof that a pair that has just touched
 * parts (the contact normal as the direction), before the pair's own search; and, for a pair in
 * exact contact, its proof that it does not close in ({@link SlabProof.touching}).
 */
export class SlabProof<Pose> {
  readonly #d: Pick<
    Dimension<unknown, Pose, unknown>,
    'dim' | 'vertices' | 'shape' | 'hullKind' | 'turn' | 'turnAlong' | 'toBody'
  >;
  readonly #pair: SlabPair;
  readonly #readers = new WeakMap<object, Float64Array | SupportBody | null>();
  readonly #n = new Float64Array(3);
  readonly #unit = new Float64Array(3);
  readonly #none = new Float64Array(0);
  readonly #radii = new WeakMap<Float64Array, number>();
  readonly #kinds = new WeakMap<object, number>();

  constructor(
    d: Pick<
      Dimension<unknown, Pose, unknown>,
      'dim' | 'vertices' | 'shape' | 'hullKind' | 'turn' | 'turnAlong' | 'toBody'
    >,
  ) {
    this.#d = d;
    this.#pair = {
      dim: d.dim,
      a: this.#none,
      b: this.#none,
      shapeA: null,
      shapeB: null,
      da: new Float64Array(3),
      db: new Float64Array(3),
      offset: 0,
      parting: 0,
      turnA: 0,
      turnB: 0,
      size: 0,
      scratch: new Float64Array(6),
      // (every field the proofs write, made here: the record keeps one shape)
      extents: false,
      extentA: 0,
      extentB: 0,
      least: 0,
      width: 0,
    };
  }

  /**
   * A lower bound of the distance of body `a` (at `pa` now, going to `ea`) and body `b` (at `pb`,
   * going to `eb`) over the rest of their motions, from the slab between them along `normal` (from
   * a towards b, any length); −∞ when either body has neither vertices nor a support mapping to
   * read (`Dimension.vertices`, `Dimension.shape`) or `normal` is not a direction. Each body's turn
   * is `Dimension.turn`'s, or `turnA` / `turnB` where given (how far a point at distance 1 from the
   * origin moves along the normal by the turn, `Dimension.turnAlong`).
   */
  gap(
    a: object,
    pa: Pose,
    ea: Pose,
    b: object,
    pb: Pose,
    eb: Pose,
    normal: ArrayLike<number>,
    turnA?: number,
    turnB?: number,
    extents = false,
  ): number {
    this.gapInto(a, pa, ea, b, pb, eb, normal, turnA, turnB, extents);
    return this.#pair.width as number;
  }

  /** {@link SlabProof.gap} into {@link SlabProof.width} (no number returned, so none boxed). */
  gapInto(
    a: object,
    pa: Pose,
    ea: Pose,
    b: object,
    pb: Pose,
    eb: Pose,
    normal: ArrayLike<number>,
    turnA?: number,
    turnB?: number,
    extents = false,
  ): void {
    const d = this.#d;
    const dim = d.dim;
    const p = this.#pair;
    const ra = this.#readerOf(a);
    const rb = this.#readerOf(b);
    if (ra === null || rb === null) {
      p.width = Number.NEGATIVE_INFINITY;
      return;
    }
    const n = this.#n;
    let length = 0;
    for (let x = 0; x < dim; x++) length += normal[x] * normal[x];
    length = Math.sqrt(length);
    if (!(length > 0 && length < Number.POSITIVE_INFINITY)) {
      p.width = Number.NEGATIVE_INFINITY;
      return;
    }
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
    p.extents = extents;
    const va = ra instanceof Float64Array;
    const vb = rb instanceof Float64Array;
    p.a = va ? ra : this.#none;
    p.b = vb ? rb : this.#none;
    p.shapeA = va ? null : ra;
    p.shapeB = vb ? null : rb;
    d.toBody(pa, n, p.da);
    d.toBody(pb, n, p.db);
    p.offset = offset;
    p.parting = parting;
    p.turnA = turnA ?? d.turn(pa, ea);
    p.turnB = turnB ?? d.turn(pb, eb);
    p.size = size;
    slabWidth(p);
  }

  /** What the last {@link SlabProof.gapInto} found. */
  get width(): number {
    return this.#pair.width as number;
  }

  /**
   * True when bodies `a` and `b` (as in {@link SlabProof.gap}), `gap` apart now, are in exact contact
   * and do not close in along `normal` over the rest of their motions. With E the rounding of the
   * coordinates in play, 16 ε (M + ρA + ρB) (ε the double's epsilon, M the largest |coordinate| of
   * the four translations, ρ the bodies' radii: what the poses the motions compute and the slab's
   * own sums are off by, with room to spare): the gap is at most 4E (a gap of 0, bodies placed face
   * to face) or twice the slab's own slack ({@link SlabProof.touchingGap}), the slab's width along `normal` stays at least −E over the rest of the motions (each
   * turn counted along the normal only, from the body's live motion `ma` / `mb` with `doneA` /
   * `doneB` of it done: `Dimension.turnAlong`) and at their ends (the target's own rotation, which
   * the motion reaches only there), and the bodies' extents along `normal` add up to more than 4E,
   * each over 2E unless the other body is a convex shape. The slab is then a separating plane of the
   * two bodies but for an overlap of at most 2E (about the smallest default tolerance of a query at
   * those coordinates), measured afresh at each search, so it cannot add up from step to step. The
   * extents make it the plane of the side each body is on. Two bodies thinner than the rounding
   * together (two sheets) could pass the slab of either normal: the sum rules that out. And the slab
   * reads each body as the hull of its vertices (or its support), which for a surface, a curve or a
   * compound holds more than the body (a tray's hull holds what lies on its floor; a closed box's,
   * what lies inside it), so a body lying on a face from inside that hull could pass the slab of the
   * reversed normal and go through the face; but a body within that hull and beyond the plane less
   * E lies within a layer E thick, which an extent over 2E rules out; within a convex shape (a
   * solid, its own hull) a body overlaps it, so there the thin one may be thin. Never proven so: two
   * sheets; a body thinner than 2E (a card, an open curve, a body far smaller than E of the larger)
   * on a surface, a curve or a compound. What the proofs of apartness cannot give at a gap of 0
   * (they keep half of a positive gap).
   */
  touching(
    a: object,
    pa: Pose,
    ea: Pose,
    b: object,
    pb: Pose,
    eb: Pose,
    normal: ArrayLike<number>,
    gap: number,
    ma: Mover<Pose> | null = null,
    doneA = 0,
    mb: Mover<Pose> | null = null,
    doneB = 0,
  ): boolean {
    // (the magnitude read once for E and the gate: this runs for each candidate normal)
    this.#magnitudeInto(a, pa, ea, b, pb, eb);
    const m = this.#m[0];
    const e = 16 * Number.EPSILON * m;
    if (!(gap >= 0 && gap <= this.#gate(m))) return false;
    // a convex shape is a solid whose hull is itself: nothing lies inside it but what overlaps it;
    // a closed convex surface is one piece whose inside no other closed convex piece enters without
    // crossing it; anything else may hide a thin piece in the other's hull (a compound's part, a
    // surface's second component) while the rest of it lies beyond the plane
    const kindA = this.#kind(a);
    const kindB = this.#kind(b);
    const solidA = kindA === HULL_SOLID;
    const solidB = kindB === HULL_SOLID;
    if (!(solidA || solidB || (kindA === HULL_BOUNDARY && kindB === HULL_BOUNDARY))) return false;
    const d = this.#d;
    const u = this.#unit;
    let length = 0;
    for (let x = 0; x < d.dim; x++) length += normal[x] * normal[x];
    length = Math.sqrt(length);
    if (!(length > 0 && length < Number.POSITIVE_INFINITY)) return false;
    for (let x = 0; x < d.dim; x++) u[x] = normal[x] / length;
    const turnA = d.turnAlong(pa, ea, ma, doneA, u);
    const turnB = d.turnAlong(pb, eb, mb, doneB, u);
    // (E in a typed record and the test a method: a closure here was an allocation a normal)
    this.#e[0] = e;
    this.gapInto(a, pa, ea, b, pb, eb, u, turnA, turnB, true);
    if (this.width === Number.NEGATIVE_INFINITY || !this.#holds(solidA, solidB)) return false;
    if (ea === pa && eb === pb) return true;
    this.gapInto(a, ea, ea, b, eb, eb, u, 0, 0, true);
    return this.width !== Number.NEGATIVE_INFINITY && this.#holds(solidA, solidB);
  }

  /** Whether the slab the last `gap` measured holds with the rounding E in `#e[0]` (see `touching`). */
  #holds(solidA: boolean, solidB: boolean): boolean {
    const p = this.#pair;
    const e = this.#e[0];
    return (
      p.least! >= -e &&
      p.extentA! + p.extentB! > 4 * e &&
      (p.extentA! > 2 * e || solidB) &&
      (p.extentB! > 2 * e || solidA)
    );
  }

  readonly #e = new Float64Array(1);
  /** Where `#magnitudeInto` writes (a number returned from the call was boxed: one a normal tried). */
  readonly #m = new Float64Array(1);

  /**
   * E of {@link SlabProof.touching} for bodies `a`, `b` at `pa`, `pb` going to `ea`, `eb`; NaN when
   * either body cannot be read (it is then never touching): a cheap test before the candidates'
   * slabs, the gap being at most 4E.
   */
  rounding(a: object, pa: Pose, ea: Pose, b: object, pb: Pose, eb: Pose): number {
    this.#magnitudeInto(a, pa, ea, b, pb, eb);
    return 16 * Number.EPSILON * this.#m[0];
  }

  /**
   * The largest gap at which {@link SlabProof.touching} proves a pair (NaN when either body cannot
   * be read): 4E, or where it is more, twice a bound of {@link SlabProof.gap}'s own slack (1e-12 of
   * the translations' and radii's sum, at most 1e-12 · (4 · dim · M + ρA + ρB)). A pair nearer than
   * that cannot be proven to keep half its gap by a slab (the slack takes it), nor by a search whose
   * tolerance is half that gap (it steps by about the gap over the speed); it counts as touching
   * when it does not close in beyond E. A crate 1e-12 above a floor, sliding, was stopped at every
   * step (an adversarial probe: gaps from 1e-13 to 1e-11 at unit size).
   */
  touchingGap(a: object, pa: Pose, ea: Pose, b: object, pb: Pose, eb: Pose): number {
    this.#magnitudeInto(a, pa, ea, b, pb, eb);
    return this.#gate(this.#m[0]);
  }

  /** {@link SlabProof.touchingGap} of the magnitude M + ρA + ρB `m`. */
  #gate(m: number): number {
    const fourE = 4 * 16 * Number.EPSILON * m;
    const slack = 2e-12 * (4 * this.#d.dim * m);
    return fourE > slack ? fourE : slack;
  }

  /** M + ρA + ρB of {@link SlabProof.rounding} into `#m[0]` (NaN when either body cannot be read). */
  #magnitudeInto(a: object, pa: Pose, ea: Pose, b: object, pb: Pose, eb: Pose): void {
    const ra = this.#readerOf(a);
    const rb = this.#readerOf(b);
    if (ra === null || rb === null) {
      this.#m[0] = Number.NaN;
      return;
    }
    const dim = this.#d.dim;
    const ta = (pa as unknown as Placed).t;
    const tb = (pb as unknown as Placed).t;
    const sa = (ea as unknown as Placed).t;
    const sb = (eb as unknown as Placed).t;
    let m = 0;
    for (let x = 0; x < dim; x++)
      m = Math.max(m, Math.abs(ta[x]), Math.abs(tb[x]), Math.abs(sa[x]), Math.abs(sb[x]));
    const rhoA = ra instanceof Float64Array ? this.#radiusOf(ra) : ra.reach;
    const rhoB = rb instanceof Float64Array ? this.#radiusOf(rb) : rb.reach;
    this.#m[0] = m + rhoA + rhoB;
  }

  /** {@link Dimension.hullKind} of `body`, read once a body object. */
  #kind(body: object): number {
    let k = this.#kinds.get(body);
    if (k === undefined) {
      k = this.#d.hullKind(body);
      this.#kinds.set(body, k);
    }
    return k;
  }

  #radiusOf(v: Float64Array): number {
    let r = this.#radii.get(v);
    if (r === undefined) {
      r = radius(v, this.#d.dim);
      this.#radii.set(v, r);
    }
    return r;
  }

  #readerOf(body: object): Float64Array | SupportBody | null {
    let r = this.#readers.get(body);
    if (r === undefined) {
      r = this.#d.vertices(body) ?? this.#d.shape(body);
      this.#readers.set(body, r);
    }
    return r;
  }
}
