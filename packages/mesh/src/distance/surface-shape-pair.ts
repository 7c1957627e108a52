import { GjkPair, type Shape } from '@firsttouch/convex';
import { type PointCore, pointCore } from '@firsttouch/convex/internal';
import { shapeArgument, surfaceArgument } from '../body-arguments.js';
import type { Surface } from '../surface.js';
import { assertPlacement3 } from '../tree/part-tree.js';

/** Nodes a search stack holds before it grows (deeper trees are rare: it grows once, then stays). */
const STACK_START = 64;

/**
 * The gap between a {@link Surface} A and a convex shape B of `@firsttouch/convex` at a placement, as
 * an object the caller keeps: A's tree is searched with the shape's bounding ball (its origin and
 * `reach`), and each facet of A that the ball may come near is measured against the exact shape by
 * GJK (the facet as a point set of three points rewritten in place, one GJK for all facets).
 * {@link SurfaceShapePair.evaluate} returns a **certified lower bound** of the gap (the smallest of
 * GJK's lower bounds over the facets measured; every facet left out lies farther than that), within
 * GJK's relative tolerance (1e-13) of the gap; {@link SurfaceShapePair.distance} is the gap between
 * the two witness points (an upper bound). The surface is a surface, not a solid: a shape wholly
 * inside a closed surface is apart from it. An evaluation allocates nothing.
 *
 * @example
 * ```ts
 * import { ball } from '@firsttouch/convex';
 * import { box, SurfaceShapePair } from '@firsttouch/mesh';
 * const pair = new SurfaceShapePair(box(1), ball(0.25));
 * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * console.log(pair.evaluate(R, new Float64Array([2, 0, 0])).toFixed(12), pair.facet >= 0); // 1.250000000000 true
 * ```
 */
export class SurfaceShapePair {
  /** The GJK of the facets against the shape (A: the facet in A's frame; B: the shape placed). */
  readonly gjk = new GjkPair();
  /** The lower bound of the last evaluation (what it returned). */
  lowerBound = Number.NaN;
  /** |pointB − pointA| of the last evaluation: an upper bound of the gap (0 when they meet). */
  distance = Number.NaN;
  /** A facet of A meets the shape (to rounding). */
  intersecting = false;
  /** The facet of A nearest the shape (−1 before an evaluation). */
  facet = -1;
  /** The last evaluation was asked for a `maxDistance` and certified the gap at least that large. */
  beyond = false;
  /** The witness on A and on B, in A's frame. */
  readonly pointA = new Float64Array(3);
  readonly pointB = new Float64Array(3);
  /** Facets measured by GJK since the pair was bound. */
  facetEvaluations = 0;
  #surface: Surface | undefined;
  /**
   * The surface's largest |coordinate| and the shape's reach, summed: with the translation, how far
   * a placement reaches (NaN while no bodies are bound). Outside 2^±200 the tree's and the facets'
   * products overflow or underflow: at 1e80 a ball half the body's size away read as a contact.
   */
  #reach = Number.NaN;
  #shape: Shape<3> | undefined;
  readonly #tri: PointCore = pointCore(3);
  #stack = new Uint32Array(STACK_START);

  constructor(surface?: Surface, shape?: Shape<3>) {
    if (surface !== undefined && shape !== undefined) this.bind(surface, shape);
  }

  /**
   * Points the pair at a surface and a 3-D shape, keeping the scratch.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for anything else, `EMPTY` for a surface without facets.
   */
  bind(surface: Surface, shape: Shape<3>): void {
    surfaceArgument(surface, 'distance (surface)');
    shapeArgument(shape, 3, 'distance (shape)');
    this.#surface = surface;
    this.#shape = shape;
    // Rounding in a facet's GJK is measured against the surface's size, not the facet's.
    this.#tri.reach = surface.extent().largestCoordinate;
    this.#reach = this.#tri.reach + shape.reach;
    this.gjk.bind(this.#tri.shape, shape);
    this.facetEvaluations = 0;
    this.facet = -1;
  }

  /** Drops the bodies (a pooled pair must not keep them alive), keeping the scratch. */
  unbind(): void {
    this.#reach = Number.NaN;
    this.#surface = undefined;
    this.#shape = undefined;
    this.gjk.unbind();
  }

  /** The surface bound. */
  get surface(): Surface {
    return this.#surface!;
  }

  /** The shape bound. */
  get shape(): Shape<3> {
    return this.#shape!;
  }

  /**
   * A certified lower bound of the gap when a point `x` of the shape is at `R x + t` in A's frame
   * (`R` row-major); sets the fields. With `maxDistance`, stops as soon as the gap is certified at
   * least that large: {@link beyond} is set, the bound returned is `maxDistance`, and there is no
   * witness (`facet` −1, `distance` infinite).
   *
   * @throws `FirstTouchError` `INVALID_POSE` for a placement with a NaN or an infinity, or that
   *   reaches (translation, the body's largest coordinate and the shape's reach) outside
   *   [2^−200, 2^200], where the distances are not sound: take such bodies to unit size first, as
   *   ccd's queries do; `INVALID_OPTION` when no bodies are bound.
   */
  evaluate(R: Float64Array, t: Float64Array, maxDistance = Number.POSITIVE_INFINITY): number {
    assertPlacement3(R, t, this.#reach, 'SurfaceShapePair.evaluate');
    const surface = this.#surface!;
    const tree = surface.tree();
    const boxes = tree.boxes;
    const child = tree.child;
    const count = tree.count;
    const order = tree.order;
    const reach = this.#shape!.reach;
    const cx = t[0],
      cy = t[1],
      cz = t[2];
    const gjk = this.gjk;
    let best = maxDistance;
    let bestFacet = -1;
    this.beyond = false;
    let stack = this.#stack;
    let top = 0;
    stack[top++] = 0;
    while (top > 0) {
      const node = stack[--top];
      if (ballGap(boxes, node, cx, cy, cz, reach) >= best) continue;
      const n = count[node];
      if (n === 0) {
        if (top + 2 > stack.length) {
          const grown = new Uint32Array(2 * stack.length);
          grown.set(stack);
          stack = this.#stack = grown;
        }
        const left = node + 1;
        const right = child[node];
        // The nearer child last, so that it is searched first (and tightens `best` for the other).
        if (ballGap(boxes, left, cx, cy, cz, reach) <= ballGap(boxes, right, cx, cy, cz, reach)) {
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
        this.#load(surface, f);
        // A facet only matters below the best so far: GJK may stop once its bound exceeds it.
        gjk.stopAbove = best;
        const lower = gjk.evaluate(R, t);
        this.facetEvaluations++;
        if (lower < best || (bestFacet < 0 && maxDistance === Number.POSITIVE_INFINITY)) {
          best = lower;
          bestFacet = f;
        }
        if (best === 0) break;
      }
      if (best === 0) break;
    }
    if (bestFacet < 0) {
      // Every facet is certified at least maxDistance away (by its box, or by GJK stopping above it).
      gjk.stopAbove = Number.POSITIVE_INFINITY;
      this.beyond = true;
      this.lowerBound = maxDistance;
      this.distance = Number.POSITIVE_INFINITY;
      this.intersecting = false;
      this.facet = -1;
      return maxDistance;
    }
    // The witness: the best facet again, run to convergence with its points.
    this.#load(surface, bestFacet);
    gjk.stopAbove = Number.POSITIVE_INFINITY;
    const lower = gjk.evaluate(R, t);
    this.facetEvaluations++;
    this.lowerBound = Math.min(best, lower);
    this.distance = gjk.distance;
    this.intersecting = gjk.intersecting;
    this.facet = bestFacet;
    this.pointA.set(gjk.pointA);
    this.pointB.set(gjk.pointB);
    return this.lowerBound;
  }

  /** Facet `f` of the surface into the triangle GJK reads. */
  #load(surface: Surface, f: number): void {
    const P = surface.positions;
    const I = surface.indices;
    const q = this.#tri.points;
    for (let j = 0; j < 3; j++) {
      const v = 3 * I[3 * f + j];
      q[3 * j] = P[v];
      q[3 * j + 1] = P[v + 1];
      q[3 * j + 2] = P[v + 2];
    }
  }
}

/**
 * A lower bound of the gap between node `node`'s box (6 numbers: min, then max) and the ball of
 * radius `reach` about (x, y, z); ≤ 0 when they may meet.
 */
function ballGap(boxes: Float32Array, node: number, x: number, y: number, z: number, reach: number): number {
  const o = 6 * node;
  const dx = Math.max(boxes[o] - x, 0, x - boxes[o + 3]);
  const dy = Math.max(boxes[o + 1] - y, 0, y - boxes[o + 4]);
  const dz = Math.max(boxes[o + 2] - z, 0, z - boxes[o + 5]);
  return Math.sqrt(dx * dx + dy * dy + dz * dz) - reach;
}
