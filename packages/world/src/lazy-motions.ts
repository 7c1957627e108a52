import type { Dimension, Mover } from './dimension.js';

/** A pose as `origin` reads it: its translation (both dimensions' poses have one). */
interface Placed {
  readonly t: ArrayLike<number>;
}

/**
 * The bodies' motions inside the continuous step, moved lazily: a body keeps one motion object from
 * the instant its present motion started (`base`) to its target, and is read at the fraction done,
 * (now − base) / (1 − base), only when an impact, the callback or the step's end needs it: no check
 * and no allocation per move. The motion objects are reused from step to step.
 */
export class LazyMotions<Pose> {
  readonly #dimension: Pick<Dimension<unknown, Pose, unknown>, 'motion'>;
  /**
   * Each body's motion object; whether it holds the body's present motion; the instant the body's
   * pose object is at; the instant its present motion started.
   */
  readonly #motions: Mover<Pose>[] = [];
  #live = new Uint8Array(0);
  #at = new Float64Array(0);
  #base = new Float64Array(0);

  constructor(dimension: Pick<Dimension<unknown, Pose, unknown>, 'motion'>) {
    this.#dimension = dimension;
  }

  /** A step of `n` bodies begins: every pose at instant 0, no motion object live. */
  begin(n: number): void {
    if (this.#live.length < n) {
      this.#live = new Uint8Array(2 * n);
      this.#at = new Float64Array(2 * n);
      this.#base = new Float64Array(2 * n);
    } else {
      this.#live.fill(0);
      this.#at.fill(0);
    }
  }

  /** Body k's pose is at instant `now` and its motion from there is new (or it is at its target). */
  restart(k: number, now: number): void {
    if (k < this.#live.length) {
      this.#live[k] = 0;
      this.#at[k] = now;
    }
  }

  /** Body k has reached its target: its motion object is free for the next motion. */
  drop(k: number): void {
    this.#live[k] = 0;
  }

  /**
   * Writes into `out` where body k's origin is at the instant `now`, without moving the body: its
   * motion carries the origin from where its pose object is (at its own instant) to its target's
   * along a straight line at constant speed, so this is that line's point (to rounding).
   */
  origin(
    k: number,
    poses: readonly Placed[],
    ends: readonly Placed[],
    now: number,
    dim: number,
    out: Float64Array,
  ): void {
    const p = poses[k].t;
    const e = ends[k].t;
    const at = this.#at[k];
    const phi = at === now ? 0 : now >= 1 ? 1 : (now - at) / (1 - at);
    for (let a = 0; a < dim; a++) out[a] = p[a] + phi * (e[a] - p[a]);
  }

  /**
   * Body k's present motion object (its pose object `poses[k]` going to `ends[k]`), made live here
   * where it was not (as `sync` makes it), with the fraction of it done at the instant the pose is
   * at into `done[0]`; null for a body at its target.
   */
  live(k: number, poses: readonly Pose[], ends: readonly Pose[], done: Float64Array): Mover<Pose> | null {
    const p = poses[k];
    const e = ends[k];
    if (p === e || k >= this.#live.length) return null;
    const m = this.#liveMotion(k, p, e);
    const base = this.#base[k];
    const at = this.#at[k];
    done[0] = at >= 1 ? 1 : (at - base) / (1 - base);
    return m;
  }

  /** Brings body k (its pose object `poses[k]`, going to `ends[k]`) to the instant `now`. */
  sync(k: number, poses: readonly Pose[], ends: readonly Pose[], now: number): void {
    const p = poses[k];
    const e = ends[k];
    if (p === e || this.#at[k] === now) return;
    const m = this.#liveMotion(k, p, e);
    const base = this.#base[k];
    m.poseAt(now >= 1 ? 1 : (now - base) / (1 - base), p);
    this.#at[k] = now;
  }

  /**
   * Body k's motion object, made live from where its pose object `p` is (at its own instant, which
   * becomes the motion's start) to `e` where it was not: the object reused from motion to motion.
   */
  #liveMotion(k: number, p: Pose, e: Pose): Mover<Pose> {
    let m = this.#motions[k];
    if (this.#live[k] === 0) {
      if (m === undefined) {
        m = this.#dimension.motion(p, e);
        this.#motions[k] = m;
      } else m.reset(p, e);
      this.#live[k] = 1;
      this.#base[k] = this.#at[k];
    }
    return m;
  }
}
