import type { Shape } from '@firsttouch/convex';
import { GjkPair } from '@firsttouch/convex';
import { type PointCore, pointCore } from '@firsttouch/convex/internal';
import { curveArgument, shapeArgument } from '../body-arguments.js';
import type { Curve } from '../curve.js';
import { assertPlacement2 } from '../tree/part-tree.js';

/** Nodes a search stack holds before it grows. */
const STACK_START = 64;

/**
 * The 2-D twin of `SurfaceShapePair`: the gap between a {@link Curve} A and a 2-D convex shape B of
 * `@firsttouch/convex` at a placement, A's tree searched with the shape's bounding disc and each
 * segment the disc may come near measured against the exact shape by GJK (the segment as two points
 * rewritten in place, in the plane z = 0 where the 2-D shapes live). {@link CurveShapePair.evaluate}
 * returns a **certified lower bound** of the gap (within GJK's 1e-13 of it); a curve is a curve, not
 * the region it bounds. An evaluation allocates nothing.
 *
 * @example
 * ```ts
 * import { ball2 } from '@firsttouch/convex';
 * import { CurveShapePair, rectangle } from '@firsttouch/mesh';
 * const pair = new CurveShapePair(rectangle(2, 2), ball2(0.25));
 * console.log(pair.evaluate(1, 0, 3, 0).toFixed(12), pair.segment >= 0); // 1.750000000000 true
 * ```
 */
export class CurveShapePair {
  /** The GJK of the segments against the shape. */
  readonly gjk = new GjkPair();
  /** The lower bound of the last evaluation. */
  lowerBound = Number.NaN;
  /** |pointB − pointA| of the last evaluation: an upper bound of the gap. */
  distance = Number.NaN;
  /** A segment of A meets the shape (to rounding). */
  intersecting = false;
  /** The segment of A nearest the shape (−1 before an evaluation). */
  segment = -1;
  /** The witness on A and on B, in A's frame (u, v). */
  readonly pointA = new Float64Array(2);
  readonly pointB = new Float64Array(2);
  /** Segments measured by GJK since the pair was bound. */
  segmentEvaluations = 0;
  #curve: Curve | undefined;
  /** {@link SurfaceShapePair}'s reach in 2-D: the curve's largest |coordinate| and the shape's reach. */
  #reach = Number.NaN;
  #shape: Shape<2> | undefined;
  readonly #seg: PointCore = pointCore(2);
  #stack = new Uint32Array(STACK_START);

  constructor(curve?: Curve, shape?: Shape<2>) {
    if (curve !== undefined && shape !== undefined) this.bind(curve, shape);
  }

  /**
   * Points the pair at a curve and a 2-D shape, keeping the scratch.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for anything else, `EMPTY` for a curve without segments.
   */
  bind(curve: Curve, shape: Shape<2>): void {
    curveArgument(curve, 'distance (curve)');
    shapeArgument(shape, 2, 'distance (shape)');
    this.#curve = curve;
    this.#shape = shape;
    this.#seg.reach = curve.extent().largestCoordinate;
    this.#reach = this.#seg.reach + shape.reach;
    // The segment is a point set of the plane z = 0 given as 3-D points, as the 2-D shapes are
    // placed: GJK binds them without the dimension check of `bind`.
    this.gjk.bindShapes(this.#seg.shape, shape);
    this.gjk.evaluations = 0;
    this.segmentEvaluations = 0;
    this.segment = -1;
  }

  /** Drops the bodies, keeping the scratch. */
  unbind(): void {
    this.#reach = Number.NaN;
    this.#curve = undefined;
    this.#shape = undefined;
    this.gjk.unbind();
  }

  /**
   * A certified lower bound of the gap when a point `x` of the shape is at `rot x + (tu, tv)` in A's
   * frame, `rot` the rotation of cosine `c` and sine `s`; sets the fields.
   *
   * @throws `FirstTouchError` `INVALID_POSE` for a placement with a NaN or an infinity, or that
   *   reaches (translation, the body's largest coordinate and the shape's reach) outside
   *   [2^−200, 2^200], where the distances are not sound: take such bodies to unit size first, as
   *   ccd's queries do; `INVALID_OPTION` when no bodies are bound.
   */
  evaluate(c: number, s: number, tu: number, tv: number): number {
    assertPlacement2(c, s, tu, tv, this.#reach, 'CurveShapePair.evaluate');
    const curve = this.#curve!;
    const tree = curve.tree();
    const boxes = tree.boxes;
    const child = tree.child;
    const count = tree.count;
    const order = tree.order;
    const reach = this.#shape!.reach;
    const gjk = this.gjk;
    let best = Number.POSITIVE_INFINITY;
    let bestSegment = -1;
    let stack = this.#stack;
    let top = 0;
    stack[top++] = 0;
    while (top > 0) {
      const node = stack[--top];
      if (discGap(boxes, node, tu, tv, reach) >= best) continue;
      const n = count[node];
      if (n === 0) {
        if (top + 2 > stack.length) {
          const grown = new Uint32Array(2 * stack.length);
          grown.set(stack);
          stack = this.#stack = grown;
        }
        const left = node + 1;
        const right = child[node];
        if (discGap(boxes, left, tu, tv, reach) <= discGap(boxes, right, tu, tv, reach)) {
          stack[top++] = right;
          stack[top++] = left;
        } else {
          stack[top++] = left;
          stack[top++] = right;
        }
        continue;
      }
      for (let k = child[node], end = k + n; k < end; k++) {
        const f = order[k];
        this.#load(curve, f);
        gjk.stopAbove = best;
        const lower = gjk.evaluate2(c, s, tu, tv);
        this.segmentEvaluations++;
        if (lower < best || bestSegment < 0) {
          best = lower;
          bestSegment = f;
        }
        if (best === 0) break;
      }
      if (best === 0) break;
    }
    this.#load(curve, bestSegment);
    gjk.stopAbove = Number.POSITIVE_INFINITY;
    const lower = gjk.evaluate2(c, s, tu, tv);
    this.segmentEvaluations++;
    this.lowerBound = Math.min(best, lower);
    this.distance = gjk.distance;
    this.intersecting = gjk.intersecting;
    this.segment = bestSegment;
    this.pointA[0] = gjk.pointA[0];
    this.pointA[1] = gjk.pointA[1];
    this.pointB[0] = gjk.pointB[0];
    this.pointB[1] = gjk.pointB[1];
    return this.lowerBound;
  }

  /** Segment `f` of the curve into the two points GJK reads (z = 0). */
  #load(curve: Curve, f: number): void {
    const P = curve.positions;
    const I = curve.indices;
    const q = this.#seg.points;
    const a = 2 * I[2 * f];
    const b = 2 * I[2 * f + 1];
    q[0] = P[a];
    q[1] = P[a + 1];
    q[2] = 0;
    q[3] = P[b];
    q[4] = P[b + 1];
    q[5] = 0;
  }
}

/** A lower bound of the gap between node `node`'s box (min u v, max u v) and the disc of `reach` about (u, v). */
function discGap(boxes: Float32Array, node: number, u: number, v: number, reach: number): number {
  const o = 4 * node;
  const du = Math.max(boxes[o] - u, 0, u - boxes[o + 2]);
  const dv = Math.max(boxes[o + 1] - v, 0, v - boxes[o + 3]);
  return Math.sqrt(du * du + dv * dv) - reach;
}
