import {
  boxesMeetInStep,
  impactLowerBound,
  impactOptionsOnce,
  inPlayOf,
  PairBound,
  resolveImpactOptions,
  Scratch,
  type StepBodies,
  sweptBoxes,
} from '@firsttouch/broadphase/internal';
import { CcdStatus, defaultTolerance, type TimeOfImpactOptions } from '@firsttouch/ccd';
import { timesPowerOfTwo } from '@firsttouch/mesh/internal';
import { assertCallback, describeValue, FirstTouchError } from '@firsttouch/pose';
import { emptyList } from './lists.js';
import { type ImpactRecord, MovingWorld, type Placed } from './moving-world.js';
import { NearIndex } from './near-index.js';
import { BOUND, EXACT, PairQueue } from './pair-queue.js';
import { boxesOverlap, reachBox, reachBoxes, reachPairs, stillBox } from './reach-boxes.js';
import type { ImpactEvent, StepOptions, StepResult } from './records.js';
import { StepStatus } from './records.js';

const STATIC = 0;
/** The default cap on the impacts of one step. */
const MAX_IMPACTS = 1000;
/** How a refusal during a step's search ends (see `WorldCore.notSearching`). */
const WHILE_STEPPING = 'while the step searches (from its signal, say: the search reads the world)';
/** The spare records a world keeps at most (see `#spareRecords`). */
const SPARE_RECORDS = 1024;

/**
 * The continuous step (seed 003, Box2D's continuous physics) on the world's bodies, one code path
 * for both dimensions, event-driven: the candidate pairs of the step (the sorted lists' pairs whose
 * moving boxes meet) wait in a priority queue keyed by broadphase's lower bound of their time of
 * impact; a pair whose bound comes up is searched alone over what is left of the step and goes back
 * in at the instant of its impact; the earliest impact in the queue is the next event (ties to the
 * smaller pair, as broadphase's). After the callback's answer, only the pairs of the bodies whose
 * motion changed are searched again; every other entry stays valid, since a body that keeps its
 * motion keeps its path (the rest of a motion is the same motion, rescaled in time), and an entry
 * whose body got a new motion is stale (each entry remembers its bodies' motion versions). Bodies
 * move lazily, when an impact, the callback or the end of the step needs them.
 *
 * A pair that has just touched is within the tolerance, so its next search would find it again at
 * once. After the answer, the pair is checked alone over the rest of the step with half its gap as
 * the tolerance: when it stays apart (Separate) it is left out until either body gets a new motion;
 * otherwise (the answer leaves them closing in) the pair's dynamic bodies stop where they are,
 * Box2D's resolved bodies, and a pair at rest is left out the same way. So a pair left out never
 * comes closer than a quarter of its gap (the search's Separate keeps it at least half its
 * tolerance apart), and every other pair is in the queue: no two bodies pass through each other,
 * whatever the callback does.
 */
export class SteppingWorld<Body, PoseLike, Pose, Impact extends ImpactRecord> extends MovingWorld<
  Body,
  PoseLike,
  Pose,
  Impact
> {
  /** The version of each body's motion (a new motion makes its pairs' queued entries stale). */
  #version = new Uint32Array(0);
  /** Marks, while a changed body's pairs are searched again, the changed bodies already done. */
  #done = new Uint8Array(0);
  /** After an impact, the changed bodies' pairs to search again (two bodies each, the smaller first). */
  readonly #again: number[] = [];
  /** The bodies whose boxes meet one changed body's (reused). */
  readonly #near: number[] = [];
  /** Which bodies may meet a changed body's new box (the held pairs, and the bodies that left theirs). */
  readonly #nearIndex = new NearIndex();
  #nearBuilt = false;
  /** The step's pairs by the instant of their next impact, or a lower bound of it. */
  readonly #queue = new PairQueue<Impact>();
  /**
   * The records of the queue's impacts that the step has read and is done with, written again by
   * the next searches (a record a search that found contact was 0.8 MB of garbage a step in a world
   * of 2 000 resting pebbles). An event copies what it keeps, so no record leaves the step.
   */
  readonly #spareRecords: Impact[] = [];
  /** The step's candidate pairs and their bodies (`reachPairs`' lists, kept from step to step). */
  readonly #reach = { pairs: [] as number[], members: [] as number[] };
  /**
   * A box each body sweeps over its present motion, grown by tol/2: broadphase's for the bodies of
   * the step's candidate pairs (and those given a new motion), else the ball's reach box, which
   * holds it.
   */
  #boxes: Float64Array = new Float64Array(0);
  /** The step's bodies of candidate pairs, as their place in its step data (−1: none). */
  #place = new Int32Array(0);
  #searches = 0;
  /** The arrays of the step data of the step's candidates, reused from step to step. */
  readonly #scratch = new Scratch();
  #pairOptions: TimeOfImpactOptions = {};

  /**
   * Runs the step; see the package README. `onImpact(event, world)` is called at each impact with
   * every body at that instant; it may give any body a new target (`world.setTarget`) for the rest
   * of the step, read poses, and nothing else of the world. Without it, the dynamic bodies of a
   * pair that touches stop there.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for a bad callback or option, `CALLBACK_FAILED`
   *   when the callback throws (the bodies stay at that impact's instant, the targets as the callback
   *   left them; the message says which impact), and the search's own errors.
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
   * const r = world.step((e, w) => w.setTarget(a, at(0)));
   * console.log(r.status, r.events.length, r.events[0].ids, world.pose(a).t[0]); // complete 1 [0, 1] 0
   * ```
   */
  step(onImpact?: (event: ImpactEvent, world: this) => void, options?: StepOptions): StepResult {
    if (this.busy)
      throw new FirstTouchError('INVALID_OPTION', "step is not allowed inside the step's onImpact callback");
    this.notSearching('step');
    assertCallback(onImpact, 'onImpact');
    // Each option read once: the values checked are the values the step uses (a getter that answered
    // a valid tolerance or iteration cap to the check and another to the step let a body through).
    const once: StepOptions | undefined =
      typeof options === 'object' && options !== null
        ? { ...impactOptionsOnce(options), maxImpacts: options.maxImpacts }
        : options;
    const maxImpacts = once?.maxImpacts ?? MAX_IMPACTS;
    if (typeof maxImpacts !== 'number' || !Number.isInteger(maxImpacts) || maxImpacts < 0)
      throw new FirstTouchError(
        'INVALID_OPTION',
        `maxImpacts must be an integer ≥ 0, got ${describeValue(maxImpacts)}`,
      );
    // Until the step returns, its searches read the world (but for its callback's turns, which may
    // set targets): a signal's getter that changes it is refused (see `WorldCore.searching`).
    this.searching = WHILE_STEPPING;
    try {
      return this.#stepFrom(onImpact, once, maxImpacts);
    } finally {
      this.searching = null;
    }
  }

  /** {@link SteppingWorld.step} once its callback and options are read and checked. */
  #stepFrom(
    onImpact: ((event: ImpactEvent, world: this) => void) | undefined,
    once: StepOptions | undefined,
    maxImpacts: number,
  ): StepResult {
    const n = this.ids.length;
    const d = this.dimension;
    // the options checked as every search checks them, on the first body alone (none given: nothing
    // to check, the body and its pose checked when they came in; the call cost 2 % of a coherent step)
    if (n > 0 && once !== undefined)
      d.search([this.bodies[0]], [this.poses[0]], [this.poses[0]], once, undefined);
    // (an empty world checks them too: a bad option is refused whatever the world holds)
    else if (once !== undefined) resolveImpactOptions(once, 1);
    let diagonal = 0;
    for (const g of this.diagonals) if (g > diagonal) diagonal = g;
    const tolerance = once?.tolerance ?? defaultTolerance(diagonal, 1, this.#inPlay(n));
    this.#pairOptions = {
      tolerance,
      maxIterations: once?.maxIterations,
      directional: once?.directional,
      convex: once?.convex,
      gapRelativeError: once?.gapRelativeError,
      signal: once?.signal,
    };
    this.apartOptions = { ...this.#pairOptions };
    this.margin = 0.5 * tolerance;
    this.motions.begin(n);
    if (this.#version.length < n) {
      this.#version = new Uint32Array(2 * n);
      this.#done = new Uint8Array(2 * n);
      this.#place = new Int32Array(2 * n);
      this.#boxes = new Float64Array(2 * d.dim * 2 * n);
    } else {
      this.#version.fill(0);
    }
    this.now = 0;
    this.#searches = 0;
    this.#queueCandidates(once?.maxIterations ?? 1000);
    const queue = this.#queue;
    const changed = new Set<number>();
    const events: ImpactEvent[] = [];
    const version = this.#version;
    this.stepping = true;
    try {
      // the record of the entry taken last: read only within its turn of the loop
      let taken: Impact | null = null;
      for (;;) {
        if (taken !== null && this.#spareRecords.length < SPARE_RECORDS) this.#spareRecords.push(taken);
        taken = null;
        const slot = queue.pop();
        if (slot < 0) return this.#complete(events, tolerance);
        taken = queue.record(slot);
        const i = queue.first[slot];
        const j = queue.second[slot];
        // a body given a new motion since: the pair was searched again then
        if (queue.versionFirst[slot] !== version[i] || queue.versionSecond[slot] !== version[j]) continue;
        const key = queue.key[slot];
        if (queue.kind[slot] === BOUND) {
          if (key <= 1) this.#pairSearch(i, j);
          continue;
        }
        const impact = queue.record(slot)!;
        const r = impact;
        // a pair already within the tolerance that does not close in (at rest, or parting) is no
        // impact: it is left out silently (resting contact) until either body gets a new motion
        if (r.status === CcdStatus.InitialContact) {
          this.sync(i);
          this.sync(j);
          if ((this.atRest(i) && this.atRest(j)) || this.apart(i, j, impact)) continue;
        }
        if (events.length >= maxImpacts)
          return {
            status: StepStatus.MaxImpacts,
            events,
            reached: this.now,
            searches: this.#searches,
            tolerance,
          };
        const at = key >= 1 ? 1 : key;
        this.now = at;
        if (at >= 1) this.finish();
        else {
          this.sync(i);
          this.sync(j);
        }
        const event: ImpactEvent = {
          toi: at,
          ids: [this.ids[i], this.ids[j]],
          status: r.status,
          // (slice, not Float64Array.from, which goes through the iterator)
          points: [impact.pointA.slice(), impact.pointB.slice()],
          normal: impact.normal.slice(),
          distance: impact.distance,
        };
        events.push(event);
        changed.clear();
        // (without a callback, the check below stops a pair that would close in)
        if (onImpact !== undefined) {
          this.busy = true;
          this.searching = null;
          this.changed = changed;
          try {
            onImpact(event, this);
          } catch (e) {
            const err = new FirstTouchError(
              'CALLBACK_FAILED',
              `onImpact threw at impact ${events.length} of the step (bodies ${event.ids[0]} and ${event.ids[1]}, s = ${at}); every body is at that instant, the targets as the callback left them: ${thrownText(e)}`,
            );
            Object.defineProperty(err, 'cause', { value: e, configurable: true, writable: true });
            throw err;
          } finally {
            this.busy = false;
            this.searching = WHILE_STEPPING;
            this.changed = null;
          }
        }
        // the step's end reached: targets the callback set are the next step's
        if (at >= 1) {
          this.stepping = false;
          return { status: StepStatus.Complete, events, reached: 1, searches: this.#searches, tolerance };
        }
        let apart = this.apart(i, j, impact);
        if (!apart) {
          this.stop(i, changed);
          this.stop(j, changed);
          const still = this.atRest(i) && this.atRest(j);
          // a kinematic body still driving into the stopped one: it rides along with the kinematic
          // body, kept when the pair's own search proves it then stays apart (so for a kinematic body
          // that only translates; with a turning one it may not pass, and the impacts then repeat)
          if (!still) {
            apart = this.apart(i, j, impact);
            if (!apart && this.carry(i, j, changed)) {
              apart = this.apart(i, j, impact);
              if (!apart) {
                this.stop(i, changed);
                this.stop(j, changed);
              }
            }
          }
        }
        // the pair proven apart, or at rest, is left out until either body gets a new motion
        const leftOut = apart || (this.atRest(i) && this.atRest(j));
        // a body with a new motion: its old entries are stale, its pairs searched again from now
        for (const k of changed) {
          version[k]++;
          this.sync(k);
        }
        // (their reach boxes: two translations a body, where broadphase's step data costs the set-up
        // of a call; the balls' test below then drops the pairs the tighter boxes would)
        if (!this.#nearBuilt) {
          this.#nearIndex.build(this.sweep.pairs(), n);
          this.#nearBuilt = true;
        }
        // (the fat boxes' view taken once an impact, not once a body: a view a body was garbage)
        const fat = this.fat.boxes();
        for (const k of changed) {
          this.#reachBox(k);
          this.#nearIndex.moved(d.dim, this.#boxes, fat, k);
        }
        emptyList(this.#again);
        for (const k of changed) this.#searchAgain(k, changed, leftOut ? i : -1, j);
        this.#searchGathered();
        if (!leftOut && !changed.has(i) && !changed.has(j)) this.#pairSearch(i, j);
      }
    } finally {
      // an error (a callback that threw, an aborted search): every body at the instant reached
      if (this.stepping) {
        this.stepping = false;
        for (let k = 0; k < n; k++) this.sync(k);
      }
    }
  }

  /**
   * Queues the candidates of the whole step, each keyed by broadphase's lower bound of its time of
   * impact (a pair runs its search only when its bound comes up): the pairs whose boxes broadphase
   * would sweep overlap and whose moving boxes meet (its 4-D test), the kinds and filters allowing.
   * Found without building every body's step data: the sorted lists hold fat boxes (taken anew only
   * for bodies whose reach box left its own), their pairs are kept where the reach boxes meet, and
   * only the bodies of those pairs get broadphase's step data, swept boxes and pair bounds.
   */
  #queueCandidates(maxIterations: number): void {
    const n = this.ids.length;
    const d = this.dimension;
    const dim = d.dim;
    const reach = this.#boxes;
    reachBoxes(dim, this.poses, this.ends, this.radii, this.margin, reach);
    // a static body's own box (its ball's box would meet every body in a room of walls)
    const kinds = this.kinds;
    for (let k = 0; k < n; k++)
      if (kinds[k] === STATIC) stillBox(dim, this.placedBoxes, this.margin, reach, k);
    const refits = this.fat.refit(reach.subarray(0, 2 * dim * n));
    this.counters.refits += refits;
    if (refits > 0) this.counters.swaps += this.sweep.update(this.fat.boxes());
    // (the held pairs indexed by body at the step's first impact: a step without one needs none)
    this.#nearBuilt = false;
    const place = this.#place;
    const keep = (i: number, j: number) => this.allowed(i, j) && !this.ballsApart(i, j);
    const { pairs, members } = reachPairs(dim, this.sweep.pairs(), reach, place, n, keep, this.#reach);
    this.#queue.clear();
    if (pairs.length === 0) return;
    const [bodies, poses, ends] = [this.bodies, this.poses, this.ends].map((a) => members.map((k) => a[k]));
    // Far from unit size the bounds run on the scene taken there (lengths times 2^e; the bounds
    // are instants, the same at any size), and the reach boxes stay as they are.
    const unit = d.unitStepData(bodies, poses as Pose[], ends as Pose[]);
    const data =
      unit === null ? d.stepData(bodies, poses as Pose[], ends as Pose[], this.#scratch) : unit.data;
    const e = unit === null ? 0 : unit.e;
    const margin = timesPowerOfTwo(this.margin, e);
    const tolerance = timesPowerOfTwo(this.#pairOptions.tolerance!, e);
    const tight = sweptBoxes(data, margin, 1);
    const w = 2 * dim;
    // (number by number: a view a body to copy from was garbage)
    if (unit === null)
      for (let x = 0; x < members.length; x++) {
        const to = w * members[x];
        for (let c = 0; c < w; c++) reach[to + c] = tight[w * x + c];
      }
    const bound = new PairBound(data, tolerance, 1, maxIterations);
    for (let x = 0; x < pairs.length; x += 2) {
      const i = pairs[x];
      const j = pairs[x + 1];
      const p = place[i];
      const q = place[j];
      // (p is i's place and q is j's, whichever is smaller: the tests and bounds take i's side
      // first, with the same arithmetic as on the whole world's step data)
      if (!boxesOverlap(tight, dim, p, q) || !boxesMeetInStep(data, p, q, margin)) continue;
      this.#queueBound(data, bound, tolerance, p, q, i, j);
    }
  }

  /** Every body to its target (which it drops): the step is over. */
  /**
   * The coordinates in play over the step, as broadphase's step data takes them for the default
   * tolerance's floor (`inPlayOf`: the bodies in id order, each from its pose to its target), so
   * that the step's default is its `firstImpact`'s.
   */
  #inPlay(n: number): number {
    if (n === 0) return 0;
    const first = translationOf(this.poses[0]);
    let spread = 0;
    let radius = 0;
    for (let k = 0; k < n; k++) {
      const p = translationOf(this.poses[k]);
      const q = translationOf(this.ends[k]);
      for (let a = 0; a < first.length; a++)
        spread = Math.max(spread, Math.abs(p[a] - first[a]), Math.abs(q[a] - first[a]));
      if (this.radii[k] > radius) radius = this.radii[k];
    }
    return inPlayOf(first[0], first[1], first.length > 2 ? first[2] : 0, spread, radius);
  }

  #complete(events: ImpactEvent[], tolerance: number): StepResult {
    this.now = 1;
    this.finish();
    this.stepping = false;
    return { status: StepStatus.Complete, events, reached: 1, searches: this.#searches, tolerance };
  }

  /**
   * The pair (i, j) searched alone over what is left of the step, each body from where it is now to
   * its target: an impact goes into the queue at its instant in the step. A pair that the slab along
   * its origins' line proves apart by more than the tolerance is not searched (it would end Separate).
   */
  #pairSearch(i: number, j: number): void {
    this.sync(i);
    this.sync(j);
    // the slab between the two along the line of their origins stays wider than the tolerance: the
    // search would end Separate (two fifths of the bounce scene's searches did; none is skipped that
    // would find contact, since the slab bounds the distance from below)
    if (this.slabGap(i, j) > this.#pairOptions.tolerance!) return;
    this.#searches++;
    this.counters.searches++;
    const bodies = this.bodies;
    const spare = this.#spareRecords.pop();
    // (a pair that stays apart gives no record: its witness is not built, the step reads none)
    const r = this.dimension.pairUnlessSeparate(
      bodies[i],
      bodies[j],
      this.motionOf(i, j),
      this.#pairOptions,
      spare,
    );
    if (r === null) {
      if (spare !== undefined) this.#spareRecords.push(spare);
      return;
    }
    const now = this.now;
    const u = r.toi;
    const at = u >= 1 ? 1 : Math.max(now, now + u * (1 - now));
    this.#queue.push(at, i, j, EXACT, this.#version[i], this.#version[j], r);
  }

  /**
   * Queues the pair (x, y) of `data` (bodies i, j of the world) by the larger of broadphase's two
   * lower bounds of its time of impact (as its search keys its pairs): the specification's box-gap
   * bound and the advancement on a cheap lower bound of the gap. `data` covers [now, 1], at the
   * size `tolerance` is given in; a pair whose bound passes the step's end is left out.
   */
  #queueBound(
    data: StepBodies,
    bound: PairBound,
    tolerance: number,
    x: number,
    y: number,
    i: number,
    j: number,
  ): void {
    const now = this.now;
    const classic = impactLowerBound(data, x, y, tolerance);
    if (!(classic <= 1)) return;
    // (written into the bound's record: a number returned from the call is boxed on the heap)
    bound.advanceInto(x, y, 1);
    const advanced = bound.reached[0];
    if (advanced > 1) return;
    const lower = advanced > classic ? advanced : classic;
    this.#queue.push(now + lower * (1 - now), i, j, BOUND, this.#version[i], this.#version[j], null);
  }

  /**
   * Body k has a new motion from now (its box over the rest of the step already written, with the
   * other changed bodies'): each of its pairs whose boxes overlap is gathered for `#searchGathered`
   * (the other boxes, each taken over the whole of its body's present motion, hold what is
   * left of it). The pair (leftI, leftJ) is left out; a pair of two changed
   * bodies is gathered once, from the one that comes first in `changed`.
   */
  #searchAgain(k: number, changed: Set<number>, leftI: number, leftJ: number): void {
    let before = true;
    for (const c of changed) {
      if (c === k) before = false;
      else if (before) this.#done[c] = 1;
    }
    const near = this.#near;
    emptyList(near);
    this.#nearIndex.near(this.dimension.dim, this.#boxes, this.ids.length, k, this.#done, near);
    for (const c of changed) this.#done[c] = 0;
    for (let a = 0; a < near.length; a++) {
      const x = near[a];
      const i = k < x ? k : x;
      const j = k < x ? x : k;
      if ((i !== leftI || j !== leftJ) && this.allowed(i, j) && !this.ballsApart(i, j))
        this.#again.push(i, j);
    }
  }

  /** Body k's reach box over the rest of its motion (k at the present instant), into `#boxes`. */
  #reachBox(k: number): void {
    const p = this.poses[k] as unknown as Placed;
    const e = this.ends[k] as unknown as Placed;
    reachBox(this.dimension.dim, p.t, e.t, this.radii[k] + this.margin, this.#boxes, k);
  }

  /**
   * Searches the pairs `#searchAgain` gathered, each at once over the rest of the step. (Queueing
   * them by their lower bound instead, as the step's first candidates are, cut the bounce scene's
   * searches by 40 % at the same time a step, but multiplied the 2-D bullets scene's impacts 40-fold:
   * see DECISIONS.md.)
   */
  #searchGathered(): void {
    const again = this.#again;
    for (let x = 0; x < again.length; x += 2) this.#pairSearch(again[x], again[x + 1]);
  }
}

/** A pose's translation (either dimension's pose has its `t`). */
function translationOf(pose: unknown): ArrayLike<number> {
  return (pose as { t: ArrayLike<number> }).t;
}

/**
 * What a callback threw, as text for the step's error: an error's message, or the value described;
 * a value that cannot be read (a revoked proxy, a message getter that throws) is said to be so,
 * rather than its own error escaping in place of `CALLBACK_FAILED`.
 */
function thrownText(e: unknown): string {
  try {
    return e instanceof Error ? String(e.message) : describeValue(e);
  } catch {
    return 'a value that cannot be read';
  }
}
