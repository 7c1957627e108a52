import { isShape2, type Shape } from '@firsttouch/convex';
import { describeBody } from '@firsttouch/convex/internal';
import { checkedPose2, describeValue, FirstTouchError, type Pose2, type Pose2Like } from '@firsttouch/pose';
import type { Bounds } from './bounds.js';
import { Curve } from './curve.js';
import { buildPartTree, type PartTree } from './tree/part-tree.js';

const BRAND_COMPOUND2 = Symbol.for('firsttouch.Compound2');

/** A part of a {@link Compound2}: a body (a Curve or a 2-D convex shape) and where it sits. */
export interface CompoundPart2 {
  body: Curve | Shape<2>;
  pose: Pose2Like;
}

/**
 * The 2-D twin of {@link Compound}: one rigid body of the plane made of parts, each a `Curve` or a
 * 2-D convex shape of `@firsttouch/convex` (`ball2`, `cuboid2`, `capsule2`, `convexPolygon`) placed by
 * its own 2-D pose in the compound's frame. It lives here for the reason the 3-D one does: a part may
 * be a Curve. The parts are kept with their bounding discs and a tree of discs over them, built once
 * here. Immutable; made by {@link compound2}.
 *
 * @example
 * ```ts
 * import { ball2, cuboid2 } from '@firsttouch/convex';
 * import { compound2 } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const hammer = compound2([
 *   { body: cuboid2(0.05, 1), pose: pose2(0, [0, 0]) },
 *   { body: ball2(0.3), pose: pose2(0, [0, 1]) },
 * ]);
 * console.log(hammer.partCount, hammer.reach.toFixed(3)); // 2 1.334
 * ```
 */
export class Compound2 {
  /** The parts, their poses copied. */
  readonly parts: readonly { readonly body: Curve | Shape<2>; readonly pose: Pose2 }[];
  /** Parts in the compound. */
  readonly partCount: number;
  /** Each part's bounding disc in the compound's frame: centre u v and radius, 3 numbers a part. */
  readonly discs: Float64Array;
  /** The tree of discs over the parts (its leaves are the parts' discs). */
  readonly tree: PartTree;
  /** A bound of the largest distance from the origin to a point of it (the farthest corner of the parts' boxes). */
  readonly reach: number;
  readonly #bounds: Bounds;

  /** @internal */
  constructor(parts: readonly CompoundPart2[]) {
    const kept = parts.map((p) => ({
      body: p.body,
      pose: { angle: p.pose.angle, t: Float64Array.from(p.pose.t) } as Pose2,
    }));
    this.parts = Object.freeze(kept.map((p) => Object.freeze(p)));
    this.partCount = kept.length;
    this.discs = new Float64Array(3 * kept.length);
    const min = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    const max = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
    let reach = 0;
    kept.forEach((p, i) => {
      const b = p.body.bounds();
      const c = Math.cos(p.pose.angle);
      const s = Math.sin(p.pose.angle);
      const t = p.pose.t;
      // The part's box corners placed: the compound's box, and the part's reach from the origin.
      for (let k = 0; k < 4; k++) {
        const x = k & 1 ? b.max[0] : b.min[0];
        const y = k & 2 ? b.max[1] : b.min[1];
        const u = c * x - s * y + t[0];
        const v = s * x + c * y + t[1];
        min[0] = Math.min(min[0], u);
        min[1] = Math.min(min[1], v);
        max[0] = Math.max(max[0], u);
        max[1] = Math.max(max[1], v);
        reach = Math.max(reach, Math.hypot(u, v));
      }
      // The part's disc: about its origin, of the part's own reach (a hair over, for the rounding).
      const r = Curve.isCurve(p.body) ? p.body.extent().radius : p.body.reach;
      this.discs[3 * i] = t[0];
      this.discs[3 * i + 1] = t[1];
      this.discs[3 * i + 2] = r * (1 + 1e-12);
    });
    this.reach = reach;
    this.tree = buildPartTree(this.discs, 2);
    const d = Math.hypot(max[0] - min[0], max[1] - min[1]);
    this.#bounds = { min: Float64Array.from(min), max: Float64Array.from(max), diagonal: d };
    Object.freeze(this);
  }

  /** True for a Compound2 of any copy of this package. */
  static isCompound2(value: unknown): value is Compound2 {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[BRAND_COMPOUND2] === true
    );
  }

  get [BRAND_COMPOUND2](): boolean {
    return #bounds in this;
  }

  /** The box of the corners of the parts' boxes (a box that holds the compound), in its frame: a copy. */
  bounds(): Bounds {
    const b = this.#bounds;
    return { min: b.min.slice(), max: b.max.slice(), diagonal: b.diagonal };
  }

  /** The size as the queries read it: the box's diagonal and its largest |coordinate|. */
  extent(): { diagonal: number; largestCoordinate: number } {
    const b = this.#bounds;
    let largest = 0;
    for (let k = 0; k < 2; k++) largest = Math.max(largest, Math.abs(b.min[k]), Math.abs(b.max[k]));
    return { diagonal: b.diagonal, largestCoordinate: largest };
  }
}

/**
 * One rigid body of the plane of several parts, `parts = [{body, pose}]`: each body a `Curve` or a
 * 2-D convex shape, placed by its 2-D pose in the compound's frame. Accepted by ccd's
 * `timeOfImpact2` and broadphase's `firstImpact2` / `allImpacts2` (a result names a compound's part
 * in `segmentA` / `segmentB`).
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for parts that are not an array, or a part that is not
 *   `{body, pose}` with a Curve or 2-D shape; `EMPTY` for no parts (or an empty Curve);
 *   `INVALID_POSE` for a bad pose (naming `parts[i]`).
 * @example
 * ```ts
 * import { ball2 } from '@firsttouch/convex';
 * import { compound2, rectangle } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const c = compound2([
 *   { body: rectangle(2, 0.2), pose: pose2() },
 *   { body: ball2(0.5), pose: pose2(0, [0, 1]) },
 * ]);
 * console.log(c.partCount, Array.from(c.bounds().max)); // 2 [1, 1.5]
 * ```
 */
export function compound2(parts: readonly CompoundPart2[]): Compound2 {
  if (!Array.isArray(parts)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `compound2: parts must be an array of {body, pose}, got ${describeValue(parts)}`,
    );
  }
  if (parts.length === 0)
    throw new FirstTouchError('EMPTY', 'compound2: parts is empty (a compound needs at least one part)');
  // One pass by index, each part and its fields read once into a list of our own: a hole of a
  // sparse array is refused (forEach skipped it, and the hole became a part that crashed the first
  // query), and what was checked is what is built.
  const list: CompoundPart2[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (!(i in parts)) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `compound2: parts[${i}] must be {body, pose}, got a hole (a sparse array)`,
      );
    }
    const p: unknown = parts[i];
    if (typeof p !== 'object' || p === null) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `compound2: parts[${i}] must be {body, pose}, got ${describeValue(p)}`,
      );
    }
    const body = (p as CompoundPart2).body;
    const pose = (p as CompoundPart2).pose;
    if (!(Curve.isCurve(body) || isShape2(body))) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `compound2: parts[${i}].body must be a Curve or a 2-D shape, got ${describeBody(body)}`,
      );
    }
    if (Curve.isCurve(body)) body.assertNotEmpty(`compound2: parts[${i}].body`);
    // (read once, checked and copied: a getter's second answer was kept unchecked)
    list.push({ body, pose: checkedPose2(pose, `compound2: parts[${i}].pose`) });
  }
  return new Compound2(list);
}
