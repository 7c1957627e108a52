import { CcdStatus } from '@firsttouch/ccd';
import { assertCallback, describeValue, FirstTouchError } from '@firsttouch/pose';
import type { Mover } from './dimension.js';
import type { ImpactEvent, StepOptions, StepResult } from './records.js';
import { StepStatus } from './records.js';
import { WorldCore } from './world-core.js';

const KINEMATIC = 1;
const DYNAMIC = 2;
/** The default cap on the impacts of one step. */
const MAX_IMPACTS = 1000;

/** What a pair's time-of-impact record gives an event (both dimensions' records have these). */
interface ImpactRecord {
  distance: number;
  pointA: Float64Array;
  pointB: Float64Array;
  normal: Float64Array;
}

/**
 * The continuous step (seed 003, Box2D's continuous physics) on the world's bodies, one code path
 * for both dimensions. Each round searches the earliest impact over what is left of the step
 * (every body from where it is to its target), moves every body to that instant, and lets the
 * callback answer; the round after starts from there.
 *
 * A pair that has just touched is within the tolerance, so the next search would find it again at
 * once. After the answer, the pair is checked alone over the rest of the step with half its gap as
 * the tolerance: when it stays apart (Separate) it is left out of the searches until either body
 * gets a new target; otherwise (the answer leaves them closing in) the pair's dynamic bodies stop
 * where they are, Box2D's resolved bodies, and a pair at rest is left out the same way. So a pair
 * left out never comes closer than half its gap, and every other pair is in the search: no two
 * bodies pass through each other, whatever the callback does.
 */
export class SteppingWorld<Body, PoseLike, Pose, Impact extends ImpactRecord> extends WorldCore<
  Body,
  PoseLike,
  Pose,
  Impact
> {
  /** Each body's motion object (reused from step to step), whether it holds the body's present motion, and φ. */
  readonly #motions: Mover<Pose>[] = [];
  #live = new Uint8Array(0);
  #phi = new Float64Array(0);

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
    assertCallback(onImpact, 'onImpact');
    const maxImpacts = options?.maxImpacts ?? MAX_IMPACTS;
    if (typeof maxImpacts !== 'number' || !Number.isInteger(maxImpacts) || maxImpacts < 0)
      throw new FirstTouchError(
        'INVALID_OPTION',
        `maxImpacts must be an integer ≥ 0, got ${describeValue(maxImpacts)}`,
      );
    const n = this.ids.length;
    if (this.#live.length < n) {
      this.#live = new Uint8Array(2 * n);
      this.#phi = new Float64Array(2 * n);
    } else this.#live.fill(0);
    // pairs (i · n + j, dense) proven apart for the rest of the step
    const excluded = new Set<number>();
    // the bodies whose motion the answer to an impact changed (one set for the step)
    const changed = new Set<number>();
    const events: ImpactEvent[] = [];
    let s = 0;
    let searches = 0;
    let tolerance = Number.NaN;
    for (;;) {
      const r = this.search(options, excluded);
      searches++;
      tolerance = r.tolerance;
      if (r.pair === null) {
        this.#moveAll(1);
        return { status: StepStatus.Complete, events, reached: 1, searches, tolerance };
      }
      const i = this.indexOf(r.pair[0], 'step');
      const j = this.indexOf(r.pair[1], 'step');
      const impact = r.impact!;
      // a pair already within the tolerance that does not close in (at rest, or parting) is no
      // impact: it is left out silently (resting contact)
      if (
        r.status === CcdStatus.InitialContact &&
        ((this.#atRest(i) && this.#atRest(j)) || this.#apart(i, j, impact.distance, options))
      ) {
        excluded.add(i * n + j);
        continue;
      }
      if (events.length >= maxImpacts)
        return { status: StepStatus.MaxImpacts, events, reached: s, searches, tolerance };
      const u = r.toi;
      this.#moveAll(u);
      // the instant in the step: s + u (1 − s), never before s
      const at = u >= 1 ? 1 : Math.max(s, s + u * (1 - s));
      s = at;
      const event: ImpactEvent = {
        toi: at,
        ids: [r.pair[0], r.pair[1]],
        status: r.status,
        points: [Float64Array.from(impact.pointA), Float64Array.from(impact.pointB)],
        normal: Float64Array.from(impact.normal),
        distance: impact.distance,
      };
      events.push(event);
      changed.clear();
      // (without a callback, the check below stops a pair that would close in)
      if (onImpact !== undefined) {
        this.busy = true;
        this.changed = changed;
        try {
          onImpact(event, this);
        } catch (e) {
          const err = new FirstTouchError(
            'CALLBACK_FAILED',
            `onImpact threw at impact ${events.length} of the step (bodies ${event.ids[0]} and ${event.ids[1]}, s = ${at}); every body is at that instant, the targets as the callback left them: ${e instanceof Error ? e.message : describeValue(e)}`,
          );
          Object.defineProperty(err, 'cause', { value: e, configurable: true, writable: true });
          throw err;
        } finally {
          this.busy = false;
          this.changed = null;
        }
      }
      // the step's end reached: targets the callback set are the next step's
      if (at >= 1) return { status: StepStatus.Complete, events, reached: 1, searches, tolerance };
      let apart = this.#apart(i, j, impact.distance, options);
      if (!apart) {
        this.#stop(i, changed);
        this.#stop(j, changed);
        const still = this.#atRest(i) && this.#atRest(j);
        // a kinematic body still driving into the stopped one: it rides along with the kinematic
        // body, kept when the pair's own search proves it then stays apart (so for a kinematic body
        // that only translates; with a turning one it may not pass, and the impacts then repeat)
        if (!still) {
          apart = this.#apart(i, j, impact.distance, options);
          if (!apart && this.#carry(i, j, changed)) {
            apart = this.#apart(i, j, impact.distance, options);
            if (!apart) {
              this.#stop(i, changed);
              this.#stop(j, changed);
            }
          }
        }
      }
      // a body with a new motion: its pairs are searched again
      if (changed.size > 0 && excluded.size > 0) {
        for (const key of excluded) {
          const a = Math.floor(key / n);
          if (changed.has(a) || changed.has(key - a * n)) excluded.delete(key);
        }
      }
      if (apart || (this.#atRest(i) && this.#atRest(j))) excluded.add(i * n + j);
    }
  }

  /**
   * Moves every body with a target to the instant u of what is left of its motion (u = 1: to the
   * target, which it drops). A body keeps one motion object from where its target was set to the
   * target, and the fraction φ of it done (φ ← φ + u (1 − φ)): a move reads the motion at φ rather
   * than building a motion from the pose it reached (no check, no allocation per impact).
   */
  #moveAll(u: number): void {
    const { poses, ends } = this;
    const live = this.#live;
    const phi = this.#phi;
    for (let k = 0; k < poses.length; k++) {
      const p = poses[k];
      const e = ends[k];
      if (p === e) continue;
      if (u >= 1) {
        // the target becomes the pose; the old pose object waits for the next target
        poses[k] = e;
        this.spares[k] = p;
        live[k] = 0;
        continue;
      }
      if (!(u > 0)) continue;
      let m = this.#motions[k];
      if (live[k] === 0) {
        if (m === undefined) {
          m = this.dimension.motion(p, e);
          this.#motions[k] = m;
        } else m.reset(p, e);
        live[k] = 1;
        phi[k] = 0;
      }
      phi[k] = phi[k] + u * (1 - phi[k]);
      m.poseAt(phi[k], p);
    }
  }

  protected override retargeted(k: number): void {
    if (k < this.#live.length) this.#live[k] = 0;
  }

  /** Stops body k where it is, when it is dynamic (a kinematic body goes on; a static one is still). */
  #stop(k: number, changed: Set<number>): void {
    if (this.kinds[k] !== DYNAMIC || this.poses[k] === this.ends[k]) return;
    this.ends[k] = this.poses[k];
    this.#live[k] = 0;
    changed.add(k);
  }

  /**
   * When one of the pair is kinematic and moving and the other dynamic, gives the dynamic one the
   * target that carries it along with the kinematic one; true when it did.
   */
  #carry(i: number, j: number, changed: Set<number>): boolean {
    const { kinds, poses, ends } = this;
    for (const [d, k] of [
      [i, j],
      [j, i],
    ]) {
      if (kinds[d] !== DYNAMIC || kinds[k] !== KINEMATIC || poses[k] === ends[k]) continue;
      ends[d] = this.dimension.carried(poses[d], poses[k], ends[k]);
      this.#live[d] = 0;
      changed.add(d);
      return true;
    }
    return false;
  }

  #atRest(k: number): boolean {
    return this.poses[k] === this.ends[k] || this.dimension.same(this.poses[k], this.ends[k]);
  }

  /**
   * True when the pair (i, j), now `gap` apart, stays more than gap/2 apart over the rest of the
   * step (the pair's search alone with that tolerance finds no contact).
   */
  #apart(i: number, j: number, gap: number, options: StepOptions | undefined): boolean {
    if (!(gap > 0)) return false;
    const r = this.dimension.search(
      [this.bodies[i], this.bodies[j]],
      [this.poses[i], this.poses[j]],
      [this.ends[i], this.ends[j]],
      {
        tolerance: 0.5 * gap,
        maxIterations: options?.maxIterations,
        directional: options?.directional,
        convex: options?.convex,
        gapRelativeError: options?.gapRelativeError,
        signal: options?.signal,
      },
      undefined,
    );
    return r.status === CcdStatus.Separate;
  }
}
