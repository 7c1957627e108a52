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
  /** The translations at s = 1 (casts: the rotations are those at s = 0). */
  readonly tA1 = new Float64Array(3);
  readonly tB1 = new Float64Array(3);
  /** B's placement in A's frame. */
  readonly R = new Float64Array(9);
  readonly t = new Float64Array(3);
  /** A vector of the call (a relative translation). */
  readonly r = new Float64Array(3);
}

/** The pool the convenience calls borrow from; a released query holds no shape. */
export const QUERIES = /* @__PURE__ */ new Pool<ShapeQuery>(
  () => new ShapeQuery(),
  (q) => q.pair.unbind(),
);
