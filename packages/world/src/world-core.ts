import type { ImpactOptions } from '@firsttouch/broadphase';
import { bodyLayout, type StepBodies } from '@firsttouch/broadphase/internal';
import { describeValue, FirstTouchError } from '@firsttouch/pose';
import type { Dimension } from './dimension.js';
import { FatBoxes } from './fat-boxes.js';
import { PoseSlab } from './pose-slab.js';
import type { AddOptions, BodyKind, WorldImpact } from './records.js';
import { SortedSweep } from './sorted-sweep.js';
import { type PairFilter, worldPairs } from './world-pairs.js';

/** The kinds as small numbers, in the table. */
const STATIC = 0;
const KINEMATIC = 1;
const DYNAMIC = 2;
const KINDS: Readonly<Record<BodyKind, number>> = Object.freeze({
  static: STATIC,
  kinematic: KINEMATIC,
  dynamic: DYNAMIC,
});

/**
 * The bodies of a world and its first-impact search, one code path for both dimensions (the
 * continuous step is built on it in `world-step.ts`). Bodies sit in dense arrays in the order of
 * their ids (ids only grow, and removal keeps the order), so pair (i, j) of the arrays is the pair
 * of the ids in the same order and ties go to the smaller ids, as they go to the smaller indices in
 * broadphase.
 */
export class WorldCore<Body, PoseLike, Pose, Impact> {
  readonly #d: Dimension<PoseLike, Pose, Impact>;
  #nextId = 0;
  /** Dense arrays, in id order. */
  protected readonly ids: number[] = [];
  protected readonly bodies: Body[] = [];
  protected readonly poses: Pose[] = [];
  /** Each body's target, or its pose itself (the same object) when it has none. */
  protected readonly ends: Pose[] = [];
  /** A pose object each body's next target is written into (the last one it reached), or null. */
  protected readonly spares: (Pose | null)[] = [];
  /**
   * Where the world's own poses and targets keep their numbers, next to each other in body order
   * (not part of the API).
   *
   * @hidden
   */
  protected readonly slab: PoseSlab<Pose>;
  protected readonly kinds: number[] = [];
  /**
   * Each body's ball about its origin (radius) and box diagonal, from broadphase's step data when
   * it was added: the step's reach boxes and default tolerance read them.
   */
  protected radii = new Float64Array(16);
  /**
   * Each body's box where it was added (`2 · dim` numbers a body, broadphase's box at s = 0): a
   * static body's box for good, which the step's reach boxes take instead of its ball's (a wall's
   * ball holds the whole room).
   */
  protected placedBoxes = new Float64Array(16 * 6);
  protected readonly diagonals: number[] = [];
  readonly #groups: number[] = [];
  readonly #masks: number[] = [];
  /** id → dense index. */
  readonly #index = new Map<number, number>();
  /** How many times each body object is in the world. */
  readonly #uses = new Map<unknown, number>();
  readonly #sweep: SortedSweep;
  /** The boxes the sorted lists hold: each body's swept box with room to spare. */
  readonly #fat: FatBoxes;
  /** Set while the step's callback runs: what it may not do then. */
  protected busy = false;
  /**
   * While a search reads the world (`firstImpact`'s, or a step's outside its callback), the end of
   * the refusal's message (see {@link WorldCore.notSearching}); null otherwise. User code the search
   * reaches (`onProgress`, a `signal`'s getter) may not change the world under it: a body removed
   * there came back as an id that no longer exists, or crashed the step; a target set there left the
   * body's queued searches standing, and it passed through another body unseen.
   */
  protected searching: string | null = null;
  /** The dense indices whose target the callback set (while it runs). */
  protected changed: Set<number> | null = null;
  /**
   * Over the world's life: endpoint swaps of the sorted lists, searches run (`firstImpact`'s, and
   * the step's pair searches), and fat boxes made anew (a body's swept box left the one the lists
   * held).
   *
   * @example
   * ```ts
   * import { World } from '@firsttouch/world';
   * import { box } from '@firsttouch/mesh';
   * import { poseFromAxisAngle } from '@firsttouch/pose';
   * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
   * const world = new World();
   * world.add(box(1), { pose: at(0) });
   * world.firstImpact();
   * console.log(world.counters.searches); // 1
   * ```
   */
  readonly counters = { swaps: 0, searches: 0, refits: 0 };

  constructor(d: Dimension<PoseLike, Pose, Impact>) {
    this.#d = d;
    this.#sweep = new SortedSweep(d.dim);
    this.#fat = new FatBoxes(d.dim);
    this.slab = new PoseSlab(d.slot, d.view);
  }

  /**
   * The dimension's strategy, for the step in the subclass (not part of the API).
   *
   * @hidden
   */
  protected get dimension(): Dimension<PoseLike, Pose, Impact> {
    return this.#d;
  }

  /**
   * Bodies in the world.
   *
   * @example
   * ```ts
   * import { World } from '@firsttouch/world';
   * import { box } from '@firsttouch/mesh';
   * import { poseFromAxisAngle } from '@firsttouch/pose';
   * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
   * const world = new World();
   * world.add(box(1), { pose: at(0) });
   * console.log(world.size); // 1
   * ```
   */
  get size(): number {
    return this.ids.length;
  }

  /**
   * Adds a body where `options.pose` says; returns its id (ids are never reused). The body is any
   * body broadphase's search takes; it is checked now, by a search of it alone.
   *
   * @throws `FirstTouchError` `INVALID_POSE` for a bad pose, `INVALID_OPTION` for a bad kind, group,
   *   mask or body, `DUPLICATE_BODY` for a body already in the world (unless `shared`),
   *   `INVALID_OPTION` inside the step's callback.
   * @example
   * ```ts
   * import { World } from '@firsttouch/world';
   * import { box } from '@firsttouch/mesh';
   * import { poseFromAxisAngle } from '@firsttouch/pose';
   * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
   * const world = new World();
   * const wall = world.add(box(1), { pose: at(0), kind: 'static' });
   * const ball = world.add(box(0.1), { pose: at(3), group: 2 });
   * console.log(wall, ball, world.size); // 0 1 2
   * ```
   */
  add(body: Body, options: AddOptions<PoseLike>): number {
    this.#notBusy('add');
    if (typeof options !== 'object' || options === null)
      throw new FirstTouchError(
        'INVALID_OPTION',
        `add: options must be {pose, ...}, got ${describeValue(options)}`,
      );
    const d: Dimension<PoseLike, Pose, Impact> = this.#d;
    // (the pose read once from the options; checked as given, for the message, then as copied)
    const given = options.pose;
    d.check(given, 'add: options.pose');
    const kind = options.kind ?? 'dynamic';
    // (a string: Object.hasOwn converts its key, so ['static'] or {toString} passed as a kind)
    if (typeof kind !== 'string' || !Object.hasOwn(KINDS, kind))
      throw new FirstTouchError(
        'INVALID_OPTION',
        `add: options.kind must be 'static', 'kinematic' or 'dynamic', got ${describeValue(kind)}`,
      );
    const group = bits(options.group, 1, 'add: options.group');
    const mask = bits(options.mask, 0xffffffff, 'add: options.mask');
    const shared = options.shared;
    // (a truthy 'yes' or 1 is no answer: the body would be refused or shared by accident)
    if (shared !== undefined && typeof shared !== 'boolean')
      throw new FirstTouchError(
        'INVALID_OPTION',
        `add: options.shared must be a boolean, got ${describeValue(shared)}`,
      );
    if (this.#uses.has(body) && shared !== true)
      throw new FirstTouchError(
        'DUPLICATE_BODY',
        `add: this body is already in the world (as id ${this.#idOfBody(body)}); pass {shared: true} to add another body of the same shape`,
      );
    const slot = this.slab.next();
    let pose: Pose;
    let data: StepBodies;
    try {
      pose = d.copy(given, slot, 'add: options.pose');
      if (!d.plain(pose)) d.check(pose, 'add: options.pose');
      // broadphase's own checks of the body (and of the pose as its search reads it), now
      d.search([body], [pose], [pose], undefined, undefined);
      data = d.stepData([body], [pose], [pose]);
    } catch (e) {
      // the slot back to the slab: a refused add kept it, and with it the chunk it lies in (an
      // adversarial probe: 400 000 refused adds among 392 good ones held 397 chunks, 40 MB)
      this.slab.release(slot);
      throw e;
    }
    const id = this.#nextId++;
    const k = this.ids.length;
    if (k >= this.radii.length) {
      const grown = new Float64Array(2 * k);
      grown.set(this.radii);
      this.radii = grown;
      const boxes = new Float64Array(2 * d.dim * 2 * k);
      boxes.set(this.placedBoxes);
      this.placedBoxes = boxes;
    }
    this.radii[k] = data.body[bodyLayout(d.dim).radius];
    this.placedBoxes.set(data.body.subarray(0, 2 * d.dim), 2 * d.dim * k);
    this.diagonals.push(data.largestDiagonal);
    this.#index.set(id, this.ids.length);
    this.ids.push(id);
    this.bodies.push(body);
    this.poses.push(pose);
    this.ends.push(pose);
    this.spares.push(null);
    this.kinds.push(KINDS[kind as BodyKind]);
    this.#groups.push(group);
    this.#masks.push(mask);
    this.#uses.set(body, (this.#uses.get(body) ?? 0) + 1);
    this.#sweep.append();
    this.#fat.append();
    return id;
  }

  /**
   * Removes body `id`.
   *
   * @throws `FirstTouchError` `UNKNOWN_BODY`, or `INVALID_OPTION` inside the step's callback.
   * @example
   * ```ts
   * import { World } from '@firsttouch/world';
   * import { box } from '@firsttouch/mesh';
   * import { poseFromAxisAngle } from '@firsttouch/pose';
   * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
   * const world = new World();
   * const id = world.add(box(1), { pose: at(0) });
   * world.remove(id);
   * console.log(world.size, world.has(id)); // 0 false
   * ```
   */
  remove(id: number): void {
    this.#notBusy('remove');
    const k = this.indexOf(id, 'remove');
    const body = this.bodies[k];
    const uses = this.#uses.get(body)! - 1;
    if (uses === 0) this.#uses.delete(body);
    else this.#uses.set(body, uses);
    this.#index.delete(id);
    // its pose objects go back to the slab, for the next body added or target set
    this.slab.release(this.poses[k]);
    this.slab.release(this.ends[k]);
    this.slab.release(this.spares[k]);
    for (const a of [
      this.ids,
      this.bodies,
      this.poses,
      this.ends,
      this.spares,
      this.kinds,
      this.#groups,
      this.#masks,
      this.diagonals,
    ])
      (a as unknown[]).splice(k, 1);
    this.radii.copyWithin(k, k + 1, this.ids.length + 1);
    const w = 2 * this.#d.dim;
    this.placedBoxes.copyWithin(w * k, w * (k + 1), w * (this.ids.length + 1));
    for (let x = k; x < this.ids.length; x++) this.#index.set(this.ids[x], x);
    this.#sweep.remove(k);
    this.#fat.remove(k);
  }

  /**
   * A copy of body `id`'s pose (inside the step's callback: at the impact's instant).
   *
   * @throws `FirstTouchError` `UNKNOWN_BODY`.
   * @example
   * ```ts
   * import { World } from '@firsttouch/world';
   * import { box } from '@firsttouch/mesh';
   * import { poseFromAxisAngle } from '@firsttouch/pose';
   * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
   * const world = new World();
   * const id = world.add(box(1), { pose: at(2) });
   * console.log(Array.from(world.pose(id).t)); // [2, 0, 0]
   * ```
   */
  pose(id: number): Pose {
    const k = this.indexOf(id, 'pose');
    this.current(k);
    return this.#d.copy(this.poses[k] as unknown as PoseLike);
  }

  /**
   * A copy of body `id`'s target (inside the step's callback: where it is going for the rest of the
   * step), or null when it has none (it does not move).
   * @example
   * ```ts
   * import { World } from '@firsttouch/world';
   * import { box } from '@firsttouch/mesh';
   * import { poseFromAxisAngle } from '@firsttouch/pose';
   * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
   * const world = new World();
   * const id = world.add(box(1), { pose: at(0) });
   * console.log(world.target(id)); // null
   * world.setTarget(id, at(1));
   * console.log(Array.from(world.target(id)!.t)); // [1, 0, 0]
   * ```
   */
  target(id: number): Pose | null {
    const k = this.indexOf(id, 'target');
    this.current(k);
    const e = this.ends[k];
    return e === this.poses[k] ? null : this.#d.copy(e as unknown as PoseLike);
  }

  /**
   * True when body `id` is in the world.
   *
   * @example
   * ```ts
   * import { World } from '@firsttouch/world';
   * import { box } from '@firsttouch/mesh';
   * import { poseFromAxisAngle } from '@firsttouch/pose';
   * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
   * const world = new World();
   * const id = world.add(box(1), { pose: at(0) });
   * console.log(world.has(id), world.has(id + 1)); // true false
   * ```
   */
  has(id: number): boolean {
    return this.#index.has(id);
  }

  /**
   * The earliest contact of the step (every body from its pose to its target) among the pairs the
   * kinds and filters allow: broadphase's `firstImpact` on the world's bodies, with the pair as ids.
   * @example
   * ```ts
   * import { World } from '@firsttouch/world';
   * import { box } from '@firsttouch/mesh';
   * import { poseFromAxisAngle } from '@firsttouch/pose';
   * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
   * const world = new World();
   * const a = world.add(box(0.1), { pose: at(0) });
   * world.add(box(0.1), { pose: at(1), kind: 'static' });
   * world.setTarget(a, at(2));
   * const r = world.firstImpact();
   * console.log(r.status, r.pair, r.toi.toFixed(2)); // contact [0, 1] 0.45
   * ```
   */
  firstImpact(options?: ImpactOptions): WorldImpact<Impact> {
    this.#notBusy('firstImpact');
    this.searching = IN_FIRST_IMPACT;
    try {
      return this.search(options, null);
    } finally {
      this.searching = null;
    }
  }

  /** The search, with the pairs in `excluded` (keys i · n + j of dense indices) left out too. */
  protected search(options: ImpactOptions | undefined, excluded: Set<number> | null): WorldImpact<Impact> {
    this.counters.searches++;
    const r = this.#d.search(
      this.bodies,
      this.poses,
      this.ends,
      options,
      worldPairs(this.#sweep, this.#fat, this.#filter(excluded), this.counters),
    );
    const pair: [number, number] | null = r.pair === null ? null : [this.ids[r.pair[0]], this.ids[r.pair[1]]];
    return {
      status: r.status,
      toi: r.toi,
      pair,
      tested: r.tested,
      runs: r.runs,
      candidates: r.candidates,
      tolerance: r.tolerance,
      impact: r.impact,
    };
  }

  /** The pairs tested: a dynamic body in it, each one's group meeting the other's mask, not excluded. */
  #filter(excluded: Set<number> | null): PairFilter {
    const kinds = this.kinds;
    const groups = this.#groups;
    const masks = this.#masks;
    const n = this.ids.length;
    return (i, j) =>
      (kinds[i] === DYNAMIC || kinds[j] === DYNAMIC) &&
      (groups[i] & masks[j]) !== 0 &&
      (groups[j] & masks[i]) !== 0 &&
      (excluded === null || !excluded.has(i * n + j));
  }

  /** The pair (i, j), i < j, dense, may be tested: a dynamic body in it, the filters allowing it. */
  protected allowed(i: number, j: number): boolean {
    const kinds = this.kinds;
    return (
      (kinds[i] === DYNAMIC || kinds[j] === DYNAMIC) &&
      (this.#groups[i] & this.#masks[j]) !== 0 &&
      (this.#groups[j] & this.#masks[i]) !== 0
    );
  }

  /** Brings body k's pose up to date before it is read or retargeted (the step moves bodies lazily). */
  protected current(_k: number): void {}

  /** Told when body k gets a new target (the step drops the motion it keeps for it). */
  protected retargeted(_k: number): void {}

  /** The dense index of `id`, or `UNKNOWN_BODY` naming the call. */
  protected indexOf(id: number, where: string): number {
    // (ids are sorted and unique: where none was removed below it, id's place is id itself; an id
    // that is not a number is never at its place: ids[undefined] is undefined too)
    if (typeof id === 'number' && this.ids[id] === id) return id;
    const k = this.#index.get(id);
    if (k === undefined)
      throw new FirstTouchError(
        'UNKNOWN_BODY',
        `${where}: no body with id ${describeValue(id)} in the world`,
      );
    return k;
  }

  /**
   * The sorted lists under the searches (read them; the world keeps them).
   *
   * @example
   * ```ts
   * import { World } from '@firsttouch/world';
   * import { box } from '@firsttouch/mesh';
   * import { poseFromAxisAngle } from '@firsttouch/pose';
   * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
   * const world = new World();
   * world.add(box(1), { pose: at(0) });
   * world.add(box(1), { pose: at(0.5), shared: true });
   * world.firstImpact();
   * console.log(world.sweep.count, world.sweep.pairCount); // 2 1
   * ```
   */
  get sweep(): SortedSweep {
    return this.#sweep;
  }

  /**
   * The boxes the sorted lists hold (each body's swept box with room to spare; read them).
   *
   * @example
   * ```ts
   * import { World } from '@firsttouch/world';
   * import { box } from '@firsttouch/mesh';
   * import { poseFromAxisAngle } from '@firsttouch/pose';
   * const world = new World();
   * world.add(box(1), { pose: poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0]) });
   * world.firstImpact();
   * console.log(world.fat.boxes()[0] < -0.5); // true
   * ```
   */
  get fat(): FatBoxes {
    return this.#fat;
  }

  #idOfBody(body: unknown): number {
    return this.ids[this.bodies.indexOf(body as Body)];
  }

  #notBusy(what: string): void {
    if (this.busy)
      throw new FirstTouchError(
        'INVALID_OPTION',
        `${what} is not allowed inside the step's onImpact callback`,
      );
    this.notSearching(what);
  }

  /** Refuses a change of the world while a search reads it (see {@link WorldCore.searching}). */
  protected notSearching(what: string): void {
    if (this.searching !== null)
      throw new FirstTouchError('INVALID_OPTION', `${what} is not allowed ${this.searching}`);
  }
}

/** How a refusal inside `firstImpact`'s search ends (see {@link WorldCore.notSearching}). */
const IN_FIRST_IMPACT = "inside firstImpact's onProgress callback or its signal (the search reads the world)";

/** A 32-bit filter: an integer in [−2^31, 2^32), kept as its unsigned bits. */
function bits(v: unknown, fallback: number, name: string): number {
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < -0x80000000 || v > 0xffffffff)
    throw new FirstTouchError('INVALID_OPTION', `${name} must be a 32-bit integer, got ${describeValue(v)}`);
  return v >>> 0;
}
