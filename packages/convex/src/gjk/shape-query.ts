import { scaleExponent, timesPowerOfTwo } from '../scale.js';
import type { Shape } from '../shape.js';
import { scaledShape } from '../shapes/scaled.js';
import { GjkPair } from './gjk-pair.js';
import { Pool } from './pool.js';

/**
 * The scratch of one convenience call (`shapeDistance`, `castShape` and their 2-D twins): a GJK pair
 * and the two bodies' world placements (2-D poses as rotations about z), borrowed from
 * {@link QUERIES} for the call.
 */
export class ShapeQuery {
  readonly pair = new GjkPair();
  readonly RA = new Float64Array(9);
  readonly tA = new Float64Array(3);
  readonly RB = new Float64Array(9);
  readonly tB = new Float64Array(3);
  /** The two placements as poses (views of `RA`, `tA` and `RB`, `tB`), for pose's `relativeTransform`. */
  readonly poseA = { R: this.RA, t: this.tA };
  readonly poseB = { R: this.RB, t: this.tB };
  /** The translations at s = 1 (casts: the rotations are those at s = 0). */
  readonly tA1 = new Float64Array(3);
  readonly tB1 = new Float64Array(3);
  /** B's placement in A's frame. */
  readonly R = new Float64Array(9);
  readonly t = new Float64Array(3);
  /** A vector of the call (a relative translation). */
  readonly r = new Float64Array(3);

  /**
   * Far from unit size (squares overflow beyond about 1e154): when B's placement `t`, the vector `r`
   * (with `withR`) or the shapes reach beyond 2^±128, binds the pair to `a` and `b` scaled by the
   * power of two that brings them to unit size and scales `t` (and `r`) in place, exactly. Returns
   * the exponent: 0 leaves everything as the caller bound it; else lengths of the answer are taken
   * back by {@link ShapeQuery.pointsBack} and `timesPowerOfTwo(x, -e)`.
   */
  toUnitSize(a: Shape, b: Shape, withR: boolean): number {
    const t = this.t;
    const r = this.r;
    let m = Math.max(Math.abs(t[0]), Math.abs(t[1]), Math.abs(t[2]), a.reach, b.reach);
    if (withR) m = Math.max(m, Math.abs(r[0]), Math.abs(r[1]), Math.abs(r[2]));
    const e = scaleExponent(m);
    if (e === 0) return 0;
    this.pair.bindShapes(scaledShape(a, e), scaledShape(b, e));
    for (let k = 0; k < 3; k++) {
      t[k] = timesPowerOfTwo(t[k], e);
      if (withR) r[k] = timesPowerOfTwo(r[k], e);
    }
    return e;
  }

  /** The pair's two points taken back from unit size (see {@link ShapeQuery.toUnitSize}). */
  pointsBack(e: number): void {
    const pair = this.pair;
    for (let k = 0; k < 3; k++) {
      pair.pointA[k] = timesPowerOfTwo(pair.pointA[k], -e);
      pair.pointB[k] = timesPowerOfTwo(pair.pointB[k], -e);
    }
  }
}

/** The pool the convenience calls borrow from; a released query holds no shape. */
export const QUERIES = /* @__PURE__ */ new Pool<ShapeQuery>(
  () => new ShapeQuery(),
  (q) => q.pair.unbind(),
);
