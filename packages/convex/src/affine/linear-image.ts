import { scaleExponent, timesPowerOfTwo } from '../scale.js';
import type { Shape } from '../shape.js';
import { mappedReach } from './mapped-box.js';

/**
 * A 3-D shape seen through a linear map: the set `L S` (L a 3×3 matrix, row-major, any, singular
 * included), as the support mapping GJK asks of a shape: the point of `L S` farthest along d is
 * `L s_S(Lᵀ d)` (x·d = x̄·Lᵀd for x = L x̄, so the farthest x̄ along Lᵀd maps to the farthest x).
 * The shape's margin ball is not a ball once mapped (an ellipsoid), so the image folds it into its
 * support, `L (c + m Lᵀd / |Lᵀd|)` for the core's point c, and has no margin of its own. Where Lᵀd
 * is 0 every point of the image is equally far along d, and the core's answer (any point) stands.
 *
 * The support adapter {@link AffinePair} runs the package's GJK on. Allocates nothing after
 * construction; the map is rewritten in place ({@link LinearImage.setMap}).
 *
 * @example
 * ```ts
 * import { LinearImage, cuboid } from '@firsttouch/convex';
 * const image = new LinearImage(cuboid(1, 1, 1));
 * image.setMap([2, 1, 0, 0, 1, 0, 0, 0, 1]); // stretched along x, sheared by y
 * const out = new Float64Array(3);
 * image.support(new Float64Array([1, 0, 0]), out);
 * console.log(Array.from(out)); // [3, 1, 1]
 * ```
 */
export class LinearImage {
  /** The shape mapped (3-D), or null when unbound. */
  shape: Shape<3> | null = null;
  /** The map, row-major (the identity until set). */
  readonly L = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  /** Folded into the support: the image has none (what GJK subtracts). */
  readonly margin = 0;
  /**
   * A bound of |x| over the image, for GJK's rounding scale: the smaller of ‖L‖_F times the shape's
   * reach and the reach of the image of its box.
   */
  coreReach = 0;
  /** Lᵀ d, the direction searched in the shape's frame. */
  readonly #u = new Float64Array(3);

  /** @param shape - the shape to map (bound later with {@link LinearImage.bind} when omitted). */
  constructor(shape?: Shape<3>) {
    if (shape !== undefined) this.bind(shape);
  }

  /** Points the image at `shape` (not checked here: {@link AffinePair.bind} checks), map kept. */
  bind(shape: Shape<3> | null): void {
    this.shape = shape;
    this.#measure();
  }

  /**
   * Sets the map from 9 numbers, row-major (not checked: the caller validates its input).
   *
   * @example
   * ```ts
   * import { LinearImage, ball } from '@firsttouch/convex';
   * const image = new LinearImage(ball(1));
   * image.setMap([3, 0, 0, 0, 1, 0, 0, 0, 1]);
   * const out = new Float64Array(3);
   * image.support(new Float64Array([1, 1, 0]), out); // on the ellipse x²/9 + y² = 1
   * console.log((out[0] ** 2 / 9 + out[1] ** 2).toFixed(12), out[2]); // 1.000000000000 0
   * ```
   */
  setMap(L: ArrayLike<number>): void {
    const M = this.L;
    for (let i = 0; i < 9; i++) M[i] = L[i];
    this.#measure();
  }

  /**
   * The point of the image farthest along `d` (any length) into `out[0..2]`, margin included;
   * returns the shape's support index (the climb hint of hulls), −1 for primitives. Allocates nothing.
   */
  support(d: Float64Array, out: Float64Array, from = -1): number {
    const L = this.L;
    const dx = d[0],
      dy = d[1],
      dz = d[2];
    const u = this.#u;
    let ux = L[0] * dx + L[3] * dy + L[6] * dz,
      uy = L[1] * dx + L[4] * dy + L[7] * dz,
      uz = L[2] * dx + L[5] * dy + L[8] * dz;
    // Far from unit size (a map of large or small numbers, GJK's directions as long as the scene),
    // the direction is taken to unit size by a power of two: the same direction, digit for digit,
    // where a shape's support would square or sum numbers past float64's range.
    const e = scaleExponent(Math.max(Math.abs(ux), Math.abs(uy), Math.abs(uz)));
    if (e !== 0) {
      ux = timesPowerOfTwo(ux, e);
      uy = timesPowerOfTwo(uy, e);
      uz = timesPowerOfTwo(uz, e);
    }
    u[0] = ux;
    u[1] = uy;
    u[2] = uz;
    const shape = this.shape!;
    const k = shape.support(u, out, from);
    let x = out[0],
      y = out[1],
      z = out[2];
    const m = shape.margin;
    if (m > 0) {
      const n = Math.hypot(ux, uy, uz);
      if (n > 0) {
        x += (m * ux) / n;
        y += (m * uy) / n;
        z += (m * uz) / n;
      }
    }
    out[0] = L[0] * x + L[1] * y + L[2] * z;
    out[1] = L[3] * x + L[4] * y + L[5] * z;
    out[2] = L[6] * x + L[7] * y + L[8] * z;
    return k;
  }

  #measure(): void {
    this.coreReach = this.shape === null ? 0 : mappedReach(this.shape, this.L);
  }
}
