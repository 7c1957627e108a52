/**
 * Where the world's own pose objects keep their numbers: views into shared chunks of one
 * `Float64Array`, handed out in order, so that bodies added one after another keep their poses'
 * numbers next to each other in memory. A typed array of more than 64 bytes (a 3-D pose's `R`) gets
 * a backing store of its own, scattered over the heap: the coherent step reads and writes every
 * body's pose and target, and paid a cache miss a body for each.
 *
 * A removed body's poses come back ({@link PoseSlab.release}) and are handed out again before a new
 * chunk is made: without that, a world that keeps adding and removing bodies would keep a whole
 * chunk alive for each long-lived body among them (a chunk lives while any of its poses does).
 */
export class PoseSlab<Pose> {
  readonly #size: number;
  readonly #view: (buf: Float64Array, offset: number) => Pose;
  /** Poses the next chunk holds: doubling from a few up to `#most` (a small world stays small). */
  #chunk = 16;
  readonly #most: number;
  #buf: Float64Array = new Float64Array(0);
  #used = 0;
  /** Poses given back, handed out again first. */
  readonly #free: Pose[] = [];
  /** The poses handed out and not given back (so that a pose is never given back twice). */
  readonly #out = new WeakSet<object>();
  /** Chunks made so far. */
  #chunks = 0;

  /**
   * @param size - numbers a pose takes.
   * @param view - a pose whose numbers are `size` numbers of `buf` from `offset`.
   * @param most - poses a chunk holds at most.
   */
  constructor(size: number, view: (buf: Float64Array, offset: number) => Pose, most = 1024) {
    this.#size = size;
    this.#view = view;
    this.#most = most;
  }

  /**
   * A pose of the slab: one given back if there is one (its numbers as they were), else a new one (its
   * numbers zero). The caller writes all its numbers.
   */
  next(): Pose {
    let pose = this.#free.pop();
    if (pose === undefined) {
      if (this.#used + this.#size > this.#buf.length) {
        this.#buf = new Float64Array(this.#size * this.#chunk);
        this.#chunk = Math.min(2 * this.#chunk, this.#most);
        this.#used = 0;
        this.#chunks++;
      }
      pose = this.#view(this.#buf, this.#used);
      this.#used += this.#size;
    }
    this.#out.add(pose as object);
    return pose;
  }

  /**
   * Gives back a pose that nothing will read again, to be handed out by a later {@link next}. A pose
   * the slab did not hand out, or has already been given, is ignored (so a caller may give back
   * every pose object a removed body held, whatever made it).
   */
  release(pose: Pose | null): void {
    if (pose === null || !this.#out.delete(pose as object)) return;
    this.#free.push(pose);
  }

  /** Chunks made so far (for the tests: the slab's memory). */
  get chunks(): number {
    return this.#chunks;
  }
}
