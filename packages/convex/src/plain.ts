// Plain arrays of doubles for the small, hot scratch of GJK and for the points its supports scan.
//
// V8 keeps an array whose elements are all numbers, once it has held a non-integer, as unboxed
// doubles in one block (its "packed double" elements): as flat as a Float64Array, and read without a
// typed array's per-access checks. Those checks grow once any ArrayBuffer of the process has been
// detached (a transfer to a worker, a WebAssembly memory that grew): from then on every typed-array
// access also tests that its buffer is still attached. GJK's casts on hulls, boxes and capsules took
// 1.08–1.24x the time in that state with Float64Array scratch than with these, which cost about the
// same in either state (DECISIONS.md, "Plain arrays for GJK's scratch and scans"). Each array here is made once and
// rewritten in place: nothing is allocated per query.

/**
 * `n` zeros in an array V8 keeps as unboxed doubles: the array starts from a non-integer, so its
 * elements are doubles from the first, and integers written later stay doubles.
 *
 * @example
 * ```ts
 * import { doubles } from '@firsttouch/convex/internal';
 * const v = doubles(3);
 * v[0] = 1.5;
 * console.log(v.length, v[0], v[1]); // 3 1.5 0
 * ```
 */
export function doubles(n: number): number[] {
  const a = [0.5];
  a.length = 0;
  for (let i = 0; i < n; i++) a.push(0);
  return a;
}

/**
 * A copy of `from` as an array of unboxed doubles (see {@link doubles}).
 *
 * @example
 * ```ts
 * import { plainCopy } from '@firsttouch/convex/internal';
 * console.log(plainCopy(new Float64Array([1, 2, 3]))); // [ 1, 2, 3 ]
 * ```
 */
export function plainCopy(from: ArrayLike<number>): number[] {
  const a = doubles(from.length);
  for (let i = 0; i < from.length; i++) a[i] = from[i];
  return a;
}
