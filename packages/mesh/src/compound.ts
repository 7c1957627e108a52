import { isShape3, type Shape } from '@firsttouch/convex';
import { describeBody } from '@firsttouch/convex/internal';
import { checkedPose3, describeValue, FirstTouchError, type Pose3, type Pose3Like } from '@firsttouch/pose';
import type { Bounds } from './bounds.js';
import { Surface } from './surface.js';
import { buildPartTree, type PartTree } from './tree/part-tree.js';

const BRAND_COMPOUND = Symbol.for('firsttouch.Compound');

/** A part of a {@link Compound}: a body (a Surface or a 3-D convex shape) and where it sits. */
export interface CompoundPart {
  body: Surface | Shape<3>;
  pose: Pose3Like;
}

/**
 * One rigid body made of parts, each a `Surface` or a 3-D convex shape of `@firsttouch/convex` placed
 * by its own pose in the compound's frame: a table of a cuboid top and four capsule legs, a robot
 * link of a mesh and a ball. It lives in this package (not in convex) because its parts may be
 * Surfaces, and layers point down (pose ← convex ← mesh). The parts are kept with their bounding
 * balls (centre and radius in the compound's frame) and a tree of balls over them, built once here,
 * which the distance searches descend.
 * Immutable; made by {@link compound}.
 *
 * @example
 * ```ts
 * import { ball, capsule } from '@firsttouch/convex';
 * import { compound } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const dumbbell = compound([
 *   { body: ball(0.3), pose: poseFromAxisAngle([0, 0, 1], 0, [-1, 0, 0]) },
 *   { body: ball(0.3), pose: poseFromAxisAngle([0, 0, 1], 0, [1, 0, 0]) },
 *   { body: capsule(1, 0.05), pose: poseFromAxisAngle([0, 0, 1], Math.PI / 2) },
 * ]);
 * console.log(dumbbell.partCount, dumbbell.reach.toFixed(2)); // 3 1.37
 * ```
 */
export class Compound {
  /** The parts, their poses copied. */
  readonly parts: readonly { readonly body: Surface | Shape<3>; readonly pose: Pose3 }[];
  /** Parts in the compound. */
  readonly partCount: number;
  /** Each part's bounding ball in the compound's frame: centre x y z and radius, 4 numbers a part. */
  readonly balls: Float64Array;
  /** The bounding-ball tree over the parts (its leaves are the parts' balls). */
  readonly tree: PartTree;
  /** A bound of the largest distance from the origin to a point of it (the farthest corner of the parts' boxes): the speed bound's reach. */
  readonly reach: number;
  readonly #bounds: Bounds;

  /** @internal */
  constructor(parts: readonly CompoundPart[]) {
    const kept = parts.map((p) => ({
      body: p.body,
      pose: { R: Float64Array.from(p.pose.R), t: Float64Array.from(p.pose.t) } as Pose3,
    }));
    this.parts = Object.freeze(kept.map((p) => Object.freeze(p)));
    this.partCount = kept.length;
    this.balls = new Float64Array(4 * kept.length);
    const min = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    const max = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
    let reach = 0;
    kept.forEach((p, i) => {
      const b = p.body.bounds();
      const R = p.pose.R;
      const t = p.pose.t;
      // The part's box corners placed: the compound's box, and the part's reach from the origin.
      for (let c = 0; c < 8; c++) {
        const x = c & 1 ? b.max[0] : b.min[0];
        const y = c & 2 ? b.max[1] : b.min[1];
        const z = c & 4 ? b.max[2] : b.min[2];
        // Written out: an array a corner was most of a large compound's build (its collections).
        const wx = R[0] * x + R[1] * y + R[2] * z + t[0];
        const wy = R[3] * x + R[4] * y + R[5] * z + t[1];
        const wz = R[6] * x + R[7] * y + R[8] * z + t[2];
        min[0] = Math.min(min[0], wx);
        max[0] = Math.max(max[0], wx);
        min[1] = Math.min(min[1], wy);
        max[1] = Math.max(max[1], wy);
        min[2] = Math.min(min[2], wz);
        max[2] = Math.max(max[2], wz);
        reach = Math.max(reach, Math.hypot(wx, wy, wz));
      }
      // The part's ball: about its origin, of the part's own reach (a hair over, for the rounding).
      const r = Surface.isSurface(p.body) ? surfaceReach(p.body) : p.body.reach;
      this.balls[4 * i] = t[0];
      this.balls[4 * i + 1] = t[1];
      this.balls[4 * i + 2] = t[2];
      this.balls[4 * i + 3] = r * (1 + 1e-12);
    });
    this.reach = reach;
    this.tree = buildPartTree(this.balls, 3);
    const d = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
    this.#bounds = { min: Float64Array.from(min), max: Float64Array.from(max), diagonal: d };
    Object.freeze(this);
  }

  /** True for a Compound of any copy of this package. */
  static isCompound(value: unknown): value is Compound {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[BRAND_COMPOUND] === true
    );
  }

  get [BRAND_COMPOUND](): boolean {
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
    for (let k = 0; k < 3; k++) largest = Math.max(largest, Math.abs(b.min[k]), Math.abs(b.max[k]));
    return { diagonal: b.diagonal, largestCoordinate: largest };
  }
}

/** The largest |x| of a surface's vertices. */
function surfaceReach(s: Surface): number {
  const v = s.distinctVertices();
  let r = 0;
  for (let i = 0; i < v.length; i += 3) r = Math.max(r, Math.hypot(v[i], v[i + 1], v[i + 2]));
  return r;
}

/**
 * One rigid body of several parts, `parts = [{body, pose}]`: each body a `Surface` or a 3-D convex
 * shape, placed by its pose in the compound's frame. Accepted by ccd's `timeOfImpact` (and its
 * result names a compound's part in `facetA` / `facetB`).
 *
 * @throws `FirstTouchError` `EMPTY` for no parts, `INVALID_OPTION` for a part that is not
 *   `{body, pose}` with a Surface or 3-D shape, `INVALID_POSE` for a bad pose (naming `parts[i]`).
 * @example
 * ```ts
 * import { cuboid } from '@firsttouch/convex';
 * import { box, compound } from '@firsttouch/mesh';
 * import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
 * const c = compound([
 *   { body: cuboid(1, 0.1, 1), pose: identityPose() },
 *   { body: box(0.2), pose: poseFromAxisAngle([0, 1, 0], 0, [0, 0.2, 0]) },
 * ]);
 * console.log(c.partCount, Array.from(c.bounds().max)); // 2 [1, 0.30000000000000004, 1]
 * ```
 */
export function compound(parts: readonly CompoundPart[]): Compound {
  if (!Array.isArray(parts)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `compound: parts must be an array of {body, pose}, got ${describeValue(parts)}`,
    );
  }
  if (parts.length === 0)
    throw new FirstTouchError('EMPTY', 'compound: parts is empty (a compound needs at least one part)');
  // One pass by index, each part and its fields read once into a list of our own: a hole of a
  // sparse array is refused (forEach skipped it, and the hole became a part that crashed the first
  // query), and what was checked is what is built.
  const list: CompoundPart[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (!(i in parts)) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `compound: parts[${i}] must be {body, pose}, got a hole (a sparse array)`,
      );
    }
    const p: unknown = parts[i];
    if (typeof p !== 'object' || p === null) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `compound: parts[${i}] must be {body, pose}, got ${describeValue(p)}`,
      );
    }
    const body = (p as CompoundPart).body;
    const pose = (p as CompoundPart).pose;
    if (!(Surface.isSurface(body) || isShape3(body))) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `compound: parts[${i}].body must be a Surface or a 3-D shape, got ${describeBody(body)}`,
      );
    }
    if (Surface.isSurface(body)) body.assertNotEmpty(`compound: parts[${i}].body`);
    // (read once, checked and copied: a getter's second answer, 2I, was kept unchecked)
    list.push({ body, pose: checkedPose3(pose, `compound: parts[${i}].pose`) });
  }
  return new Compound(list);
}
