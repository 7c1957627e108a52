import { Pool } from '@firsttouch/mesh/internal';

/**
 * The typed arrays one many-body call works in, kept for the next call (see {@link BROAD_SCRATCH}).
 * Each slot holds one buffer that grows (by half again, at least to the length asked) and is
 * handed out as a view of the length asked. A view's contents are whatever the last call left:
 * the caller writes every entry it reads (or clears it).
 *
 * Why: on this project's machines memory a process touches for the first time costs more than the
 * work done in it (about 3.5 ms a megabyte against 0.1 to write it again), and a call on 10⁵ bodies
 * worked in some 45 MB of fresh typed arrays (DECISIONS.md).
 *
 * @example
 * ```ts
 * import { Scratch } from '@firsttouch/broadphase/internal';
 * const scratch = new Scratch();
 * const a = scratch.f64(0, 4);
 * a.fill(1);
 * console.log(scratch.f64(0, 3).length, scratch.f64(0, 3)[0]); // 3 1
 * ```
 */
export class Scratch {
  readonly #f64: Float64Array[] = [];
  readonly #u32: Uint32Array[] = [];
  readonly #i32: Int32Array[] = [];

  /** A view of `length` doubles in the buffer of `slot` (contents left from before). */
  f64(slot: number, length: number): Float64Array {
    let buf = this.#f64[slot];
    if (buf === undefined || buf.length < length) {
      buf = new Float64Array(grown(buf?.length ?? 0, length));
      this.#f64[slot] = buf;
    }
    return buf.subarray(0, length);
  }

  /** A view of `length` unsigned 32-bit integers in the buffer of `slot` (contents left from before). */
  u32(slot: number, length: number): Uint32Array {
    let buf = this.#u32[slot];
    if (buf === undefined || buf.length < length) {
      buf = new Uint32Array(grown(buf?.length ?? 0, length));
      this.#u32[slot] = buf;
    }
    return buf.subarray(0, length);
  }

  /** A view of `length` signed 32-bit integers in the buffer of `slot` (contents left from before). */
  i32(slot: number, length: number): Int32Array {
    let buf = this.#i32[slot];
    if (buf === undefined || buf.length < length) {
      buf = new Int32Array(grown(buf?.length ?? 0, length));
      this.#i32[slot] = buf;
    }
    return buf.subarray(0, length);
  }

  /**
   * A buffer of `slot` holding at least `length` doubles, the first `keep` of them carried over
   * from the buffer it had (for arrays that grow while they are filled).
   */
  growF64(slot: number, length: number, keep: number): Float64Array {
    const buf = this.#f64[slot];
    if (buf !== undefined && buf.length >= length) return buf;
    const next = new Float64Array(grown(buf?.length ?? 0, length));
    if (buf !== undefined) next.set(buf.subarray(0, keep));
    this.#f64[slot] = next;
    return next;
  }

  /** {@link Scratch.growF64} for unsigned 32-bit integers. */
  growU32(slot: number, length: number, keep: number): Uint32Array {
    const buf = this.#u32[slot];
    if (buf !== undefined && buf.length >= length) return buf;
    const next = new Uint32Array(grown(buf?.length ?? 0, length));
    if (buf !== undefined) next.set(buf.subarray(0, keep));
    this.#u32[slot] = next;
    return next;
  }
}

/**
 * The slots of doubles in the scratch, one buffer each: the step data, the boxes of a window, the
 * sweep's sort keys and entry boxes, the candidates' bounds. Two arrays alive at once never share a
 * slot.
 */
export const F64 = Object.freeze({
  body: 0,
  rho: 6,
  theta: 7,
  rotation: 9,
  boxes: 10,
  windowSpin: 12,
  sortKeys: 13,
  sortBits: 14,
  entryBoxes: 15,
  bounds: 16,
  sortedBoxes: 19,
  gridBoxes: 20,
});

/**
 * The slots of unsigned integers in the scratch: each body's shape, the sweep's order, digit counts
 * and columns, the overlapping pairs, the candidates.
 */
export const U32 = Object.freeze({
  shapeIndex: 0,
  order: 1,
  orderOther: 2,
  digits: 3,
  columnStart: 4,
  columnFill: 5,
  members: 6,
  overlaps: 7,
  active: 8,
  pairs: 9,
  pairsSorted: 10,
  live: 11,
  firsts: 12,
  lexJ: 13,
  bucketOf: 14,
  bucketStart: 15,
  gridCell: 16,
  gridStart: 17,
  gridMembers: 18,
  gridFill: 19,
});

/** The slots of signed integers in the scratch: each box's range of columns. */
export const I32 = Object.freeze({ span: 0 });

/** The new length of a buffer of `had` that must hold `want`. */
function grown(had: number, want: number): number {
  return Math.max(want, Math.ceil(1.5 * had), 16);
}

/**
 * The scratch of the many-body calls, borrowed for a call and given back (a call made while another
 * holds it, from a callback, gets a fresh one). It holds numbers only, never a body: what it keeps
 * between calls is memory, about 500 bytes a body of the largest call so far (50 MB after a call on
 * 10⁵ pebbles).
 */
export const BROAD_SCRATCH = new Pool<Scratch>(1);

/** Runs `use` on the pooled scratch (a fresh one when it is out), and gives it back. */
export function borrowed<T>(use: (scratch: Scratch) => T): T {
  const scratch = BROAD_SCRATCH.get() ?? new Scratch();
  try {
    return use(scratch);
  } finally {
    BROAD_SCRATCH.release(scratch);
  }
}
