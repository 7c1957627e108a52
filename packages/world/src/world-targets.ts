import { describeValue, FirstTouchError, isArrayLike } from '@firsttouch/pose';
import { type Dimension, nameAt } from './dimension.js';
import { WorldCore } from './world-core.js';

const STATIC = 0;

/**
 * The world's targets: where each body is to be at the end of the next step, set one at a time or
 * many at once (as poses or flat numbers), each checked before it is kept, written into the body's
 * own target object (no allocation step after step).
 */
export class TargetingWorld<Body, PoseLike, Pose, Impact> extends WorldCore<Body, PoseLike, Pose, Impact> {
  /** Where `setTargets` reads a flat pose into (the world's own: no state outside it). */
  readonly #scratch: Pose = this.dimension.blank();
  /** The poses of a `setTargets` call, read once, as flat numbers. */
  #held = new Float64Array(0);
  /** The bodies' places found by `setTargets`' checks, set from there (each id read once). */
  #found = new Int32Array(0);

  /**
   * Where body `id` is to be at the end of the next step (its pose now is the start); inside the
   * step's callback, at the end of the current one. A body without a target does not move.
   *
   * @throws `FirstTouchError` `UNKNOWN_BODY`, `INVALID_POSE`, `INVALID_OPTION` for a static body.
   * @example
   * ```ts
   * import { World } from '@firsttouch/world';
   * import { box } from '@firsttouch/mesh';
   * import { poseFromAxisAngle } from '@firsttouch/pose';
   * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
   * const world = new World();
   * const id = world.add(box(1), { pose: at(0) });
   * world.setTarget(id, at(5));
   * world.step();
   * console.log(world.pose(id).t[0], world.target(id)); // 5 null
   * ```
   */
  setTarget(id: number, pose1: PoseLike): void {
    this.notSearching('setTarget');
    const k = this.indexOf(id, 'setTarget');
    if (this.kinds[k] === STATIC)
      throw new FirstTouchError('INVALID_OPTION', `setTarget: body ${id} is static: it takes no target`);
    const d: Dimension<PoseLike, Pose, Impact> = this.dimension;
    // (the check without allocation on the path taken at every step; the message when it fails)
    if (!d.plain(pose1)) d.check(pose1, `setTarget(${id}): pose1`);
    const own = this.#own(pose1, k, `setTarget(${id}): pose1`, -1);
    if (this.#held.length < d.flat) this.#held = new Float64Array(d.flat);
    d.writeFlat(own, this.#held, 0);
    this.#retarget(k, null, this.#held, 0);
  }

  /**
   * The caller's pose (checked once already, for its message) read once into the world's scratch
   * and checked there: what is set is what was checked (a getter that answered a rotation to the
   * check and 2·I, or NaN, to the copy put a scaled pose, or a NaN box, into the world). Refuses a
   * target whose translation from the body's pose overflows (it was refused at the next step, under
   * broadphase's index of the body). Named `where`, or `where[index]` for an index of 0 or more.
   */
  #own(pose: unknown, k: number, where: string, index: number): Pose {
    const own = this.dimension.copy(pose as PoseLike, this.#scratch, where, index);
    return this.#settled(own, k, where, index);
  }

  /**
   * `#own`'s checks of the world's scratch pose `own`, named `where`, or `where[index]` for an index
   * of 0 or more: the name made only for an error (`setTargets` from flat numbers made one a body).
   */
  #settled(own: Pose, k: number, where: string, index: number): Pose {
    const d: Dimension<PoseLike, Pose, Impact> = this.dimension;
    if (!d.plain(own)) d.check(own, nameAt(where, index));
    // (both dimensions' poses hold their translation as `t`)
    const to = (own as unknown as { t: Float64Array }).t;
    const from = (this.poses[k] as unknown as { t: Float64Array }).t;
    for (let a = 0; a < from.length; a++) {
      if (!Number.isFinite(to[a] - from[a]))
        throw new FirstTouchError(
          'INVALID_POSE',
          `${nameAt(where, index)}: its translation from the body's pose overflows (t[${a}] ${to[a]} from ${from[a]})`,
        );
    }
    return own;
  }

  /**
   * Gives body k (dense) the target `pose1`, checked; or, when `flat` is given, the pose at
   * `offset` of those numbers (checked), read straight into the target's object.
   */
  #retarget(k: number, pose1: PoseLike | null, flat?: Float64Array, offset = 0): void {
    const d: Dimension<PoseLike, Pose, Impact> = this.dimension;
    // (inside the step: the body brought to the impact's instant, where its new motion starts)
    this.current(k);
    const end = this.ends[k];
    // written into the target's own object, or the spare one: no allocation step after step
    const into = end !== this.poses[k] ? end : (this.spares[k] ?? this.slab.next());
    if (flat === undefined) this.ends[k] = d.copy(pose1!, into);
    else {
      d.readFlat(flat, offset, into);
      this.ends[k] = into;
    }
    this.spares[k] = null;
    this.changed?.add(k);
    this.retargeted(k);
  }

  /**
   * {@link setTarget} for many bodies at once: body `ids[x]` is to be at pose x of `poses` at the end
   * of the next step. `poses` is an array of poses, or a `Float64Array` of the poses' numbers one
   * after the other (3-D: `R` row-major then `t`, 12 a body; 2-D: `angle` then `t`, 3 a body), read
   * in place. Every id and pose is checked before any target is set, so a bad one leaves every
   * target as it was.
   *
   * @throws `FirstTouchError` `BAD_LENGTH` for arrays of different lengths, and as {@link setTarget}
   *   (the message names the entry).
   * @example
   * ```ts
   * import { World } from '@firsttouch/world';
   * import { box } from '@firsttouch/mesh';
   * import { poseFromAxisAngle } from '@firsttouch/pose';
   * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
   * const world = new World();
   * const a = world.add(box(0.1), { pose: at(0) });
   * const b = world.add(box(0.1), { pose: at(1), shared: true });
   * world.setTargets([a, b], [at(0.2), at(1.3)]);
   * world.step();
   * console.log(world.pose(a).t[0], world.pose(b).t[0]); // 0.2 1.3
   * // the same as flat numbers: R row-major, then t
   * world.setTargets([a], Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, 0, 0));
   * world.step();
   * console.log(world.pose(a).t[0]); // 0.5
   * ```
   */
  setTargets(ids: ArrayLike<number>, poses: ArrayLike<PoseLike> | Float64Array): void {
    this.notSearching('setTargets');
    const d: Dimension<PoseLike, Pose, Impact> = this.dimension;
    const flat = poses instanceof Float64Array;
    const m = isArrayLike(ids) ? ids.length : -1;
    if (m < 0 || !isArrayLike(poses) || (flat ? poses.length !== d.flat * m : poses.length !== m))
      throw new FirstTouchError(
        'BAD_LENGTH',
        `setTargets: ids and poses must be arrays of the same length (or poses ${d.flat} numbers an id), got ${describeValue(ids)} and ${describeValue(poses)}`,
      );
    // every pose read once into the world's own flat buffer (grown, never shrunk), checked there,
    // and set from there: what is set is what was checked
    const width = d.flat;
    if (this.#held.length < width * m)
      this.#held = new Float64Array(Math.max(width * m, 2 * this.#held.length));
    const held = this.#held;
    if (this.#found.length < m) this.#found = new Int32Array(Math.max(m, 2 * this.#found.length));
    const found = this.#found;
    const scratch = this.#scratch;
    for (let x = 0; x < m; x++) {
      const id = ids[x];
      // (the message built only for an id not found at its own place)
      const k =
        typeof id === 'number' && this.ids[id] === id ? id : this.indexOf(id, `setTargets: ids[${x}]`);
      if (this.kinds[k] === STATIC)
        throw new FirstTouchError(
          'INVALID_OPTION',
          `setTargets: body ${id} (ids[${x}]) is static: it takes no target`,
        );
      if (flat) {
        // (read into the world's scratch pose: the copy `#own` makes cannot fail, only the checks)
        d.readFlat(poses, width * x, scratch);
        d.writeFlat(this.#settled(scratch, k, 'setTargets: poses', x), held, width * x);
      } else {
        const p: unknown = (poses as ArrayLike<PoseLike>)[x];
        if (!d.plain(p)) d.check(p, `setTargets: poses[${x}]`);
        d.writeFlat(this.#own(p, k, 'setTargets: poses', x), held, width * x);
      }
      found[x] = k;
    }
    // (the places the checks found: an id read again could name another body, a static one)
    for (let x = 0; x < m; x++) this.#retarget(found[x], null, held, width * x);
  }
}
