/**
 * Where the world's own pose objects keep their numbers: views into shared chunks of one
 * `Float64Array`, handed out in order, so that bodies added one after another keep their poses'
 * numbers next to each other in memory. A typed array of more than 64 bytes (a 3-D pose's `R`) gets
 * a backing store of its own, scattered over the heap: the coherent step reads and writes every
 * body's pose and target, and paid a cache miss a body for each.
 */
export class PoseSlab<Pose> {
  readonly #size: number;
  readonly #view: (buf: Float64Array, offset: number) => Pose;
  /** Poses the next chunk holds: doubling from a few up to `#most` (a small world stays small). */
  #chunk = 16;
  readonly #most: number;
  #buf: Float64Array = new Float64Array(0);
  #used = 0;

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

  /** A new pose of the slab (its numbers zero). */
  next(): Pose {
    if (this.#used + this.#size > this.#buf.length) {
      this.#buf = new Float64Array(this.#size * this.#chunk);
      this.#chunk = Math.min(2 * this.#chunk, this.#most);
      this.#used = 0;
    }
    const pose = this.#view(this.#buf, this.#used);
    this.#used += this.#size;
    return pose;
  }
}
