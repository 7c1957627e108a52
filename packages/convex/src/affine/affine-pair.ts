import { GjkPair } from '../gjk/gjk-pair.js';
import type { Shape } from '../shape.js';
import { assertShape } from '../validate.js';
import { LinearImage } from './linear-image.js';

const IDENTITY = /* @__PURE__ */ Object.freeze([1, 0, 0, 0, 1, 0, 0, 0, 1]);
/** Below this share of |L|³ a map's determinant is too small to carry the simplex through its inverse. */
const CARRY_CONDITION = 1e-9;

/**
 * GJK (the package's one, {@link GjkPair}) between two 3-D shapes under affine maps, `x ↦ L x + t`
 * with any 3×3 `L` (row-major; singular and mirroring maps included): the gap between `L_A A + t_A`
 * and `L_B B + t_B` in world coordinates, each shape a {@link LinearImage}. What conservative
 * advancement under affine motion (ccd's `timeOfImpactAffine`) asks at every step.
 *
 * The fields are {@link GjkPair}'s, in world coordinates: {@link GjkPair.lowerBound} certified to
 * rounding along {@link GjkPair.lowerAxis}, {@link GjkPair.distance} between
 * {@link GjkPair.pointA} and {@link GjkPair.pointB}. Margins (balls, capsules, rounded shapes) are
 * folded into the images' supports, exactly: a mapped ball is an ellipsoid. Each call starts from
 * the simplex of the last one, its points carried through the change of maps (`L_new L_old⁻¹`),
 * or from scratch when an old map is too near singular to invert. Allocates nothing.
 *
 * @example
 * ```ts
 * import { AffinePair, ball, cuboid } from '@firsttouch/convex';
 * const pair = new AffinePair(cuboid(1, 1, 1), ball(1));
 * const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
 * // the ball stretched to an ellipsoid of half axis 2 along x, its centre at x = 5
 * pair.evaluateMaps(I, [0, 0, 0], [2, 0, 0, 0, 1, 0, 0, 0, 1], [5, 0, 0]);
 * console.log(pair.lowerBound.toFixed(9), Array.from(pair.pointB, (x) => +x.toFixed(6))); // 2.000000000 [3, 0, 0]
 * ```
 */
export class AffinePair extends GjkPair {
  /** A under its map (the translation is kept apart: GJK runs in a frame at A's translation). */
  readonly imageA = new LinearImage();
  /** B under its map. */
  readonly imageB = new LinearImage();
  /** The world's offset of the GJK frame: A's translation at the last call. */
  readonly #origin = new Float64Array(3);
  /** B's translation in the GJK frame. */
  readonly #t = new Float64Array(3);
  readonly #identity = new Float64Array(IDENTITY);
  /** The maps of the last call, and a scratch matrix for the carry. */
  readonly #oldA = new Float64Array(9);
  readonly #oldB = new Float64Array(9);
  readonly #carryA = new Float64Array(9);
  readonly #carryB = new Float64Array(9);
  #fresh = true;

  /**
   * @param a - shape A; with `b`, optional ({@link AffinePair.bind} sets them later).
   * @throws `FirstTouchError` `INVALID_OPTION` for a value that is not a 3-D shape.
   */
  constructor(a?: Shape<3>, b?: Shape<3>) {
    super();
    if (a !== undefined || b !== undefined) this.bind(a as Shape<3>, b as Shape<3>);
  }

  /**
   * Points the pair at two 3-D shapes (under identity maps until {@link AffinePair.evaluateMaps})
   * and forgets the simplex.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for a value that is not a 3-D shape.
   * @example
   * ```ts
   * import { AffinePair, ball } from '@firsttouch/convex';
   * const pair = new AffinePair();
   * pair.bind(ball(1), ball(1));
   * const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
   * console.log(pair.evaluateMaps(I, [0, 0, 0], [0.5, 0, 0, 0, 0.5, 0, 0, 0, 0.5], [0, 3, 0]).toFixed(9)); // 1.500000000
   * ```
   */
  override bind(a: Shape, b: Shape): this {
    assertShape(a, 'AffinePair', 'a', 3, true);
    assertShape(b, 'AffinePair', 'b', 3, true);
    this.imageA.bind(a as Shape<3>);
    this.imageB.bind(b as Shape<3>);
    // The images stand in for shapes: GJK reads their support, margin and reach only.
    this.bindShapes(this.imageA as unknown as Shape, this.imageB as unknown as Shape);
    this.evaluations = 0;
    this.#fresh = true;
    return this;
  }

  /** Drops the shapes (a pooled pair must not keep them alive) and forgets the simplex. */
  override unbind(): void {
    super.unbind();
    this.imageA.bind(null);
    this.imageB.bind(null);
    this.#fresh = true;
  }

  /**
   * A certified lower bound of the gap between `LA A + tA` and `LB B + tB` (L row-major, 9 numbers;
   * t 3 numbers; not checked here: this is a loop's call); sets the fields (world coordinates).
   * Allocates nothing.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` when no shapes are bound.
   */
  evaluateMaps(
    LA: ArrayLike<number>,
    tA: ArrayLike<number>,
    LB: ArrayLike<number>,
    tB: ArrayLike<number>,
  ): number {
    if (this.#fresh || !this.#carried(LA, LB)) this.reset();
    this.#fresh = false;
    this.imageA.setMap(LA);
    this.imageB.setMap(LB);
    const o = this.#origin;
    o[0] = tA[0];
    o[1] = tA[1];
    o[2] = tA[2];
    const t = this.#t;
    t[0] = tB[0] - tA[0];
    t[1] = tB[1] - tA[1];
    t[2] = tB[2] - tA[2];
    for (let i = 0; i < 9; i++) {
      this.#oldA[i] = LA[i];
      this.#oldB[i] = LB[i];
    }
    const bound = this.evaluate(this.#identity, t);
    for (let k = 0; k < 3; k++) {
      this.pointA[k] += o[k];
      this.pointB[k] += o[k];
    }
    return bound;
  }

  /**
   * Moves the simplex's points from the old maps' images to the new ones' (each point of A's image
   * is `L_old x̄`; it becomes `L_new x̄`), so that the next search starts where the last ended.
   * False, and nothing moved, when an old map is too near singular to invert.
   */
  #carried(LA: ArrayLike<number>, LB: ArrayLike<number>): boolean {
    const MA = this.#carryA;
    const MB = this.#carryB;
    if (!change(this.#oldA, LA, MA) || !change(this.#oldB, LB, MB)) return false;
    const S = this.simplex;
    // A's points are kept in the GJK frame (`a`), B's in B's frame (`bb`), which is the GJK frame
    // here (B is placed by the identity).
    for (let k = 0; k < S.n; k++) {
      apply(MA, S.a, 3 * k);
      apply(MB, S.bb, 3 * k);
    }
    return true;
  }
}

/** `M = L_new L_old⁻¹` into `M`; false when L_old is too near singular. */
function change(old: Float64Array, L: ArrayLike<number>, M: Float64Array): boolean {
  const a = old[0],
    b = old[1],
    c = old[2],
    d = old[3],
    e = old[4],
    f = old[5],
    g = old[6],
    h = old[7],
    k = old[8];
  const A = e * k - f * h,
    B = f * g - d * k,
    C = d * h - e * g;
  const det = a * A + b * B + c * C;
  let size = 0;
  for (let i = 0; i < 9; i++) size += old[i] * old[i];
  const s3 = size * Math.sqrt(size);
  if (!(Math.abs(det) > CARRY_CONDITION * s3)) return false;
  // The inverse, row-major: the adjugate over the determinant.
  const i0 = A / det,
    i1 = (c * h - b * k) / det,
    i2 = (b * f - c * e) / det,
    i3 = B / det,
    i4 = (a * k - c * g) / det,
    i5 = (c * d - a * f) / det,
    i6 = C / det,
    i7 = (b * g - a * h) / det,
    i8 = (a * e - b * d) / det;
  for (let r = 0; r < 3; r++) {
    const x = L[3 * r],
      y = L[3 * r + 1],
      z = L[3 * r + 2];
    M[3 * r] = x * i0 + y * i3 + z * i6;
    M[3 * r + 1] = x * i1 + y * i4 + z * i7;
    M[3 * r + 2] = x * i2 + y * i5 + z * i8;
  }
  return true;
}

/** `p ← M p` for the 3 numbers of `P` at `o`. */
function apply(M: Float64Array, P: number[], o: number): void {
  const x = P[o],
    y = P[o + 1],
    z = P[o + 2];
  P[o] = M[0] * x + M[1] * y + M[2] * z;
  P[o + 1] = M[3] * x + M[4] * y + M[5] * z;
  P[o + 2] = M[6] * x + M[7] * y + M[8] * z;
}
