import type { CcdStatusValue, TimeOfImpactOptions } from '@firsttouch/ccd';
import { ballsApart } from './ball-sweep.js';
import { ContactFaces } from './contact-faces.js';
import type { Mover, PairMotion } from './dimension.js';
import { LazyMotions } from './lazy-motions.js';
import { emptyList } from './lists.js';
import { SlabProof } from './slab-apart.js';
import { TargetingWorld } from './world-targets.js';

const KINEMATIC = 1;
const DYNAMIC = 2;
/**
 * The flat sides of one body an exact-contact proof tries at most (a cuboid's six, a polygon's or a
 * hull's up to this many; beyond, those facing the other body most): a hull of thousands of facets
 * in a squeeze, whose impacts repeat, tried every facet at every impact.
 */
const FACES_TRIED = 32;

/** What `#holds` asks of a candidate normal: the slab keeps the pair more than half its gap apart. */
const APART = 0;
/** What `#holds` asks of a candidate normal: exact contact that does not close in (`touching`). */
const TOUCHING = 1;

/** A pose as the balls' test reads it: its translation (both dimensions' poses have one). */
export interface Placed {
  readonly t: ArrayLike<number>;
}

/** What a pair's time-of-impact record gives an event (both dimensions' records have these). */
export interface ImpactRecord {
  status: CcdStatusValue;
  toi: number;
  distance: number;
  pointA: Float64Array;
  pointB: Float64Array;
  normal: Float64Array;
}

/**
 * The bodies as the continuous step moves them (`world-step.ts` runs the step on top): each body's
 * motion from the instant it started, read lazily at the step's present instant; the answers to an
 * impact that change motions (stop, ride along with a kinematic body) and the proofs that a pair
 * stays apart (its own search with half its gap as the tolerance, or the balls about the two
 * origins staying apart).
 */
export class MovingWorld<Body, PoseLike, Pose, Impact extends ImpactRecord> extends TargetingWorld<
  Body,
  PoseLike,
  Pose,
  Impact
> {
  /**
   * Each body's motion, moved lazily (not part of the API).
   *
   * @hidden
   */
  protected readonly motions = new LazyMotions<Pose>(this.dimension);
  /** The step's present instant, and whether a step is running (bodies then move lazily). */
  protected now = 0;
  protected stepping = false;
  /** Half the step's tolerance: what every box of the step is grown by. */
  protected margin = 0;
  /** The options of the check after an impact (its tolerance set each time). */
  protected apartOptions: TimeOfImpactOptions = {};
  /** The check's record (read once, so reused: none per impact). */
  #apartRecord: Impact | undefined = undefined;
  /** Two bodies' origins at the present instant (scratch of the balls' test). */
  readonly #originI = new Float64Array(3);
  readonly #originJ = new Float64Array(3);
  /** The cheap proof that a pair that has just touched parts (before its search). */
  readonly #slab = new SlabProof<Pose>(this.dimension);
  /** The line between two bodies' origins (scratch of `slabGap`). */
  readonly #line = new Float64Array(3);
  /** The bodies' flat sides, the candidate normals of an exact contact (`touching`), and scratch. */
  readonly #faces = new ContactFaces();
  readonly #candidates: number[] = [];
  readonly #axis = new Float64Array(3);
  readonly #side = new Float64Array(3);
  readonly #done = new Float64Array(2);
  readonly #order: number[] = [];
  readonly #scores: number[] = [];
  readonly #toward = new Float64Array(3);
  /**
   * What `#holds` reads for the pair being proven (a record, not a closure made for each proof):
   * the half gap (APART) or the gap and the two motions' done fractions (TOUCHING), and the motions.
   */
  readonly #proof = new Float64Array(3);
  #proofA: Mover<Pose> | null = null;
  #proofB: Mover<Pose> | null = null;
  /** The motion record of a pair's search (see `motionOf`). */
  readonly #motion = { a: [null, null], b: [null, null] } as unknown as PairMotion<Pose>;

  /** Moves every body with a target to it; the target becomes the pose (its old object the spare). */
  protected finish(): void {
    const { poses, ends } = this;
    for (let k = 0; k < poses.length; k++) {
      const p = poses[k];
      const e = ends[k];
      if (p === e) continue;
      poses[k] = e;
      this.spares[k] = p;
      this.motions.drop(k);
    }
  }

  /**
   * The pair (i, j) from where the bodies are to their targets, in the world's one motion record
   * (read by the search it is passed to, and not kept by it). Not part of the API.
   *
   * @hidden
   */
  protected motionOf(i: number, j: number): PairMotion<Pose> {
    const m = this.#motion;
    m.a[0] = this.poses[i];
    m.a[1] = this.ends[i];
    m.b[0] = this.poses[j];
    m.b[1] = this.ends[j];
    return m;
  }

  /** Brings body k to the step's present instant (see `LazyMotions`). */
  protected sync(k: number): void {
    this.motions.sync(k, this.poses, this.ends, this.now);
  }

  protected override retargeted(k: number): void {
    this.motions.restart(k, this.now);
  }

  protected override current(k: number): void {
    if (this.stepping) this.sync(k);
  }

  /**
   * True when bodies i and j cannot come within the tolerance over the rest of the step: the balls
   * about their origins that hold them stay farther apart (see `ballsApart`), so the pair's search
   * would end Separate and is not run.
   */
  protected ballsApart(i: number, j: number): boolean {
    const dim = this.dimension.dim;
    const poses = this.poses as unknown as Placed[];
    const ends = this.ends as unknown as Placed[];
    const oi = this.#originI;
    const oj = this.#originJ;
    this.motions.origin(i, poses, ends, this.now, dim, oi);
    this.motions.origin(j, poses, ends, this.now, dim, oj);
    const reach = this.radii[i] + this.radii[j] + 2 * this.margin;
    return ballsApart(dim, oi, ends[i].t, oj, ends[j].t, reach);
  }

  /** Stops body k where it is, when it is dynamic (a kinematic body goes on; a static one is still). */
  protected stop(k: number, changed: Set<number>): void {
    if (this.kinds[k] !== DYNAMIC || this.poses[k] === this.ends[k]) return;
    this.#dropTarget(k);
    this.ends[k] = this.poses[k];
    this.motions.restart(k, this.now);
    changed.add(k);
  }

  /**
   * Body k's target object is about to be replaced: nothing reads it again (its motion restarts;
   * an event copies what it keeps), so it becomes the body's spare, or goes back to the slab, for
   * the next target to be written into (a new pose a stopped body, 0.25 MB of garbage a step in a
   * world of 2 000 resting pebbles).
   */
  #dropTarget(k: number): void {
    const e = this.ends[k];
    if (e === this.poses[k]) return;
    if (this.spares[k] === null) this.spares[k] = e;
    else this.slab.release(e);
  }

  /**
   * When one of the pair is kinematic and moving and the other dynamic, gives the dynamic one the
   * target that carries it along with the kinematic one; true when it did.
   */
  protected carry(i: number, j: number, changed: Set<number>): boolean {
    const { kinds, poses, ends } = this;
    for (const [d, k] of [
      [i, j],
      [j, i],
    ]) {
      if (kinds[d] !== DYNAMIC || kinds[k] !== KINEMATIC || poses[k] === ends[k]) continue;
      const to = this.dimension.carried(poses[d], poses[k], ends[k]);
      this.#dropTarget(d);
      ends[d] = to;
      this.motions.restart(d, this.now);
      changed.add(d);
      return true;
    }
    return false;
  }

  protected atRest(k: number): boolean {
    return this.poses[k] === this.ends[k] || this.dimension.same(this.poses[k], this.ends[k]);
  }

  /**
   * True when the pair (i, j), as `impact` left it (its gap, its normal from i towards j), stays
   * apart over the rest of the step: the slab between them along the normal proves it more than
   * gap/2 apart (see `SlabProof`), or else the pair's search alone with tolerance gap/2 finds no
   * contact (its Separate keeps the gap at least half the tolerance: gap/4). A pair in exact contact
   * (a gap at the rounding of its coordinates, 0 for bodies placed face to face) has no half gap to
   * keep: it counts as apart when it does not close in (`touching`).
   */
  protected apart(i: number, j: number, impact: Impact): boolean {
    const gap = impact.distance;
    this.sync(i);
    this.sync(j);
    if (gap > 0) {
      // The record's normal first, then the other candidates of `touching` (the flat sides, the
      // origins' line): the record's is the witness points' difference, which at a gap far below
      // the bodies' size tilts by about an ulp over the gap (1e-7 at 1e-9 for a unit crate), and its
      // slab then loses more than the gap over the bodies' extent. A crate a hair above a floor,
      // sliding, was stopped at every step (an adversarial probe: gaps of 1e-13 to 1e-8).
      this.#proof[0] = 0.5 * gap;
      if (this.#anyNormal(i, j, impact, APART)) return true;
      const bodies = this.bodies;
      const options = this.apartOptions;
      options.tolerance = 0.5 * gap;
      // (the search's record is read for its status alone: none is made for a pair that stays apart)
      const r = this.dimension.pairUnlessSeparate(
        bodies[i],
        bodies[j],
        this.motionOf(i, j),
        options,
        this.#apartRecord,
      );
      if (r === null) return true;
      this.#apartRecord = r;
    }
    return this.touching(i, j, impact);
  }

  /**
   * True when the pair (i, j) is in exact contact and does not close in over the rest of the step
   * (`SlabProof.touching`: resting, sliding along its contact plane without turning into it, or
   * parting), along one of the candidate normals: the record's (both ways: at a gap of 0 a
   * surface's is its facet's, whose side is not known), the flat sides of i (outward) and of j
   * (inward) with the features the record names, and the line between the origins (two balls).
   * The slab checks each candidate, so a wrong one proves nothing; bodies read neither by vertices
   * nor by supports (compounds) are never proven so.
   */
  protected touching(i: number, j: number, impact: Impact): boolean {
    const { bodies, poses, ends } = this;
    const a = bodies[i] as object;
    const b = bodies[j] as object;
    const slab = this.#slab;
    const gap = impact.distance;
    if (!(gap >= 0 && gap <= slab.touchingGap(a, poses[i], ends[i], b, poses[j], ends[j]))) return false;
    const done = this.#done;
    const proof = this.#proof;
    proof[0] = gap;
    this.#proofA = this.motions.live(i, poses, ends, done);
    proof[1] = done[0];
    this.#proofB = this.motions.live(j, poses, ends, done);
    proof[2] = done[0];
    const holds = this.#anyNormal(i, j, impact, TOUCHING);
    // (the motions are not kept past the proof)
    this.#proofA = null;
    this.#proofB = null;
    return holds;
  }

  /** Whether `what` (APART or TOUCHING) holds for the pair (i, j) along `n` (see `#proof`). */
  #holds(what: number, i: number, j: number, n: ArrayLike<number>): boolean {
    const proof = this.#proof;
    if (what === APART) return this.slabGap(i, j, n) > proof[0];
    const { bodies, poses, ends } = this;
    return this.#slab.touching(
      bodies[i] as object,
      poses[i],
      ends[i],
      bodies[j] as object,
      poses[j],
      ends[j],
      n,
      proof[0],
      this.#proofA,
      proof[1],
      this.#proofB,
      proof[2],
    );
  }

  /**
   * True when `what` holds (see `#holds`) for one of the candidate normals of the pair (i, j) as
   * `impact` left it (from i towards j), tried in turn: the record's, both ways (at a gap of 0 a
   * surface's is its facet's, whose side is not known); the flat sides of i (outward) and of j
   * (inward) with the features the record names; the line between the origins (two balls).
   */
  #anyNormal(i: number, j: number, impact: Impact, what: number): boolean {
    const { bodies, poses } = this;
    const d = this.dimension;
    const dim = d.dim;
    const a = bodies[i] as object;
    const b = bodies[j] as object;
    const n = impact.normal;
    if (this.#holds(what, i, j, n)) return true;
    const flipped = this.#side;
    for (let x = 0; x < dim; x++) flipped[x] = -n[x];
    if (this.#holds(what, i, j, flipped)) return true;
    const pi = poses[i] as unknown as Placed;
    const pj = poses[j] as unknown as Placed;
    const line = this.#line;
    for (let x = 0; x < dim; x++) line[x] = pj.t[x] - pi.t[x];
    const local = this.#axis;
    const world = this.#side;
    for (let side = 0; side < 2; side++) {
      const onA = side === 0;
      const c = this.#candidates;
      emptyList(c);
      this.#faces.collect(onA ? a : b, d.feature(impact, onA ? 0 : 1), dim, c);
      const pose = onA ? poses[i] : poses[j];
      // a body of many flat sides (a hull of thousands of facets) tries those facing the other body
      const order = this.#facing(c, dim, pose, line, onA ? 1 : -1);
      for (let q = 0; q < order.length; q++) {
        const k = order[q] * dim;
        for (let x = 0; x < dim; x++) local[x] = c[k + x];
        d.toWorld(pose, local, world);
        if (!onA) for (let x = 0; x < dim; x++) world[x] = -world[x];
        if (this.#holds(what, i, j, world)) return true;
      }
    }
    return this.#holds(what, i, j, line);
  }

  /**
   * The indices of the directions in `c` (`dim` numbers each, a body's frame at `pose`) to try: all
   * of them up to {@link FACES_TRIED}, else the {@link FACES_TRIED} that face the other body most
   * (the largest cosine with `sign · line`, the line from i's origin to j's, in the body's frame).
   */
  #facing(c: number[], dim: 2 | 3, pose: Pose, line: Float64Array, sign: 1 | -1): ArrayLike<number> {
    const count = c.length / dim;
    const order = this.#order;
    emptyList(order);
    if (count <= FACES_TRIED) {
      for (let k = 0; k < count; k++) order.push(k);
      return order;
    }
    const toward = this.#toward;
    this.dimension.toBody(pose, line, toward);
    // the best FACES_TRIED by insertion into a short sorted list: one pass over the sides
    const scores = this.#scores;
    emptyList(scores);
    for (let k = 0; k < count; k++) {
      let dot = 0;
      let length = 0;
      for (let x = 0; x < dim; x++) {
        dot += c[k * dim + x] * toward[x];
        length += c[k * dim + x] * c[k * dim + x];
      }
      const score = (sign * dot) / Math.sqrt(length);
      // (NaN, a degenerate side, never enters)
      if (order.length === FACES_TRIED && !(score > scores[FACES_TRIED - 1])) continue;
      if (order.length < FACES_TRIED && !(score >= Number.NEGATIVE_INFINITY)) continue;
      let at = order.length < FACES_TRIED ? order.length : FACES_TRIED - 1;
      while (at > 0 && scores[at - 1] < score) {
        if (at < FACES_TRIED) {
          scores[at] = scores[at - 1];
          order[at] = order[at - 1];
        }
        at--;
      }
      scores[at] = score;
      order[at] = k;
    }
    return order;
  }

  /**
   * A lower bound of the distance of bodies i and j (both at the present instant) over the rest of
   * their motions, from the slab between them along `normal` (from i towards j; see `SlabProof`),
   * or along the line from i's origin to j's when none is given (round bodies: most pairs whose
   * balls meet but that stay apart are told apart along it); −∞ when it proves nothing.
   */
  protected slabGap(i: number, j: number, normal?: ArrayLike<number>): number {
    const { bodies, poses, ends } = this;
    let n = normal;
    if (n === undefined) {
      const pi = poses[i] as unknown as Placed;
      const pj = poses[j] as unknown as Placed;
      const line = this.#line;
      for (let x = 0; x < this.dimension.dim; x++) line[x] = pj.t[x] - pi.t[x];
      n = line;
    }
    const slab = this.#slab;
    slab.gapInto(bodies[i] as object, poses[i], ends[i], bodies[j] as object, poses[j], ends[j], n);
    return slab.width;
  }
}
