import { type StepBodies, sweptBoxes } from '@firsttouch/broadphase/internal';
import type { Dimension } from './dimension.js';

/** What the gatherer needs of a dimension. */
type StepDataOf<Pose> = Pick<Dimension<unknown, Pose, unknown>, 'dim' | 'stepData'>;

/**
 * The swept boxes of the bodies whose motion an impact changed, over what is left of their step,
 * from one call for all of them of broadphase's step data (which costs about as much to set up for
 * one body as for a few: its arrays, shape records and pose checks). Each body's box depends on that
 * body alone, so the boxes are the numbers one call a body gave.
 */
export class ChangedBoxes<Pose> {
  /** The members' bodies, poses and targets, reused from impact to impact (no arrays per impact). */
  readonly #bodies: unknown[] = [];
  readonly #poses: Pose[] = [];
  readonly #ends: Pose[] = [];

  /**
   * Writes into `out` (`2 · dim` numbers a body, at the body's index) the box each body of
   * `members` sweeps from its pose to its target, grown by `margin`. The poses must be at the step's
   * present instant.
   */
  write(
    d: StepDataOf<Pose>,
    members: Iterable<number>,
    bodies: readonly unknown[],
    poses: readonly Pose[],
    ends: readonly Pose[],
    margin: number,
    out: Float64Array,
  ): void {
    let m = 0;
    for (const k of members) this.#put(m++, bodies, poses, ends, k);
    if (m === 0) return;
    const boxes = sweptBoxes(this.#data(d, m), margin, 1);
    const w = 2 * d.dim;
    let x = 0;
    for (const k of members) {
      out.set(boxes.subarray(w * x, w * x + w), w * k);
      x++;
    }
  }

  #put(m: number, bodies: readonly unknown[], poses: readonly Pose[], ends: readonly Pose[], k: number) {
    this.#bodies[m] = bodies[k];
    this.#poses[m] = poses[k];
    this.#ends[m] = ends[k];
  }

  #data(d: StepDataOf<Pose>, m: number): StepBodies {
    const b = this.#bodies;
    const p = this.#poses;
    const e = this.#ends;
    b.length = m;
    p.length = m;
    e.length = m;
    const data = d.stepData(b, p, e);
    // the slots keep no body or pose alive after the call
    b.length = 0;
    p.length = 0;
    e.length = 0;
    return data;
  }
}

/**
 * Appends to `out` each body x < n (other than k, and not marked in `skip`) whose box meets body
 * k's, the boxes `2 · dim` numbers a body in `boxes`: a scan over all the bodies' boxes, a few
 * comparisons each, which after an impact costs far less than the pair searches it saves.
 */
export function boxesMeeting(
  dim: 2 | 3,
  boxes: Float64Array,
  n: number,
  k: number,
  skip: Uint8Array,
  out: number[],
): void {
  const B = boxes;
  const w = 2 * dim;
  const ok = w * k;
  // k's box in locals (a 2-D box's third axis never excludes)
  const lx = B[ok],
    ly = B[ok + 1],
    hx = B[ok + dim],
    hy = B[ok + dim + 1];
  const lz = dim === 3 ? B[ok + 2] : 0;
  const hz = dim === 3 ? B[ok + 5] : 0;
  for (let x = 0; x < n; x++) {
    const ox = w * x;
    if (hx < B[ox] || B[ox + dim] < lx || hy < B[ox + 1] || B[ox + dim + 1] < ly) continue;
    if (dim === 3 && (hz < B[ox + 2] || B[ox + 5] < lz)) continue;
    if (x !== k && skip[x] === 0) out.push(x);
  }
}
