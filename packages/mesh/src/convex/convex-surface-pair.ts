import { surfaceArgument } from '../body-arguments.js';
import type { Surface } from '../surface.js';
import { convexSurface } from './convex-surface.js';
import { HullGjk } from './hull-gjk.js';

/**
 * The gap between the vertex hulls of two surfaces at a pose, by GJK (Gilbert–Johnson–Keerthi) on
 * their distinct vertices: what the time of impact asks at every step when both bodies are convex.
 *
 * {@link ConvexSurfacePair.evaluate} returns a **lower bound** of the surface distance for any two
 * surfaces, to rounding (a few ulps of the coordinates in play, as the trees' own distances): the
 * hulls contain the surfaces, and the bound is the gap of the two vertex sets along the last search
 * direction (a separating axis), so it holds whatever the simplex did. When both surfaces are convex ({@link ConvexSurfacePair.usable}) and apart, it is
 * the gap to within 1e-13 of the scene's size, and {@link ConvexSurfacePair.resolve} finds the
 * facets that meet it. The search starts from the previous call's simplex (frame coherence), and an
 * evaluation allocates nothing.
 *
 * @example
 * ```ts
 * import { ConvexSurfacePair, box } from '@firsttouch/mesh';
 * const pair = new ConvexSurfacePair(box(1), box(1));
 * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * console.log(pair.usable, pair.evaluate(R, new Float64Array([3, 0.2, 0])).toFixed(9)); // true 2.000000000
 * ```
 */
export class ConvexSurfacePair extends HullGjk {
  #a: Surface | undefined;
  #b: Surface | undefined;

  constructor(a: Surface, b: Surface) {
    super();
    this.rebind(a, b);
  }

  /** Body A (the frame of the computation). */
  get a(): Surface {
    return this.#a!;
  }

  /** Body B. */
  get b(): Surface {
    return this.#b!;
  }

  /**
   * Points the pair at two other surfaces and forgets the simplex: for a caller that answers many
   * queries with one object.
   *
   * @throws `FirstTouchError` `EMPTY` for a surface without facets.
   * @example
   * ```ts
   * import { ConvexSurfacePair, box } from '@firsttouch/mesh';
   * const pair = new ConvexSurfacePair(box(1), box(1));
   * pair.rebind(box(2), box(1));
   * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
   * console.log(pair.evaluate(R, new Float64Array([3, 0, 0])).toFixed(9)); // 1.500000000
   * ```
   */
  rebind(a: Surface, b: Surface): void {
    surfaceArgument(a, 'distance (body A)');
    surfaceArgument(b, 'distance (body B)');
    this.#a = a;
    this.#b = b;
    this.bindHulls(convexSurface(a), convexSurface(b));
  }

  /**
   * Forgets the two surfaces, keeping the scratch: what a pool does before it keeps the object (a
   * body queried once can then be collected). {@link rebind} it before the next evaluation.
   *
   * @example
   * ```ts
   * import { ConvexSurfacePair, box } from '@firsttouch/mesh';
   * const pair = new ConvexSurfacePair(box(1), box(1));
   * pair.unbind();
   * pair.rebind(box(2), box(1));
   * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
   * console.log(pair.evaluate(R, new Float64Array([3, 0, 0])).toFixed(9)); // 1.500000000
   * ```
   */
  override unbind(): void {
    this.#a = undefined;
    this.#b = undefined;
    super.unbind();
  }
}
