import { FirstTouchError, type FirstTouchErrorCode } from './errors.js';

/**
 * Formats a value for an error message, short enough to read and exact enough to find.
 *
 * @example
 * ```ts
 * import { describeValue } from '@firsttouch/pose';
 * describeValue(Number.NaN); // 'NaN'
 * ```
 */
export function describeValue(value: unknown): string {
  try {
    return described(value);
  } catch {
    // (a revoked proxy throws at every look, Array.isArray included: a message must still come out)
    return 'a value that cannot be read (a revoked proxy?)';
  }
}

function described(value: unknown): string {
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : String(value);
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (ArrayBuffer.isView(value)) {
    const bytes = dataViewBytes(value);
    if (bytes !== undefined) return `a DataView of ${bytes} bytes`;
  }
  if (ArrayBuffer.isView(value)) {
    // The kind and the length by the intrinsic getters: a view without its prototype has neither
    // property (it read "a typed array of length undefined"), and a subclass's own name may be of
    // any length (ten million characters were printed).
    const proto = Object.getPrototypeOf(Int8Array.prototype);
    const tag = Object.getOwnPropertyDescriptor(proto, Symbol.toStringTag)?.get?.call(value);
    const n = Object.getOwnPropertyDescriptor(proto, 'length')?.get?.call(value);
    return `${tag ?? 'a typed array'} of length ${n}`;
  }
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  return typeof value;
}

/**
 * A DataView's size in bytes, or undefined for a typed array (a view without a length), read with
 * the intrinsic getters so that a view without its prototype answers too. Messages only: it looks
 * the getters up on each call.
 */
function dataViewBytes(view: ArrayBufferView): number | undefined {
  const kind = Object.getOwnPropertyDescriptor(
    Object.getPrototypeOf(Int8Array.prototype),
    Symbol.toStringTag,
  )?.get;
  if (kind?.call(view) !== undefined) return undefined;
  return Object.getOwnPropertyDescriptor(DataView.prototype, 'byteLength')?.get?.call(view) as number;
}

/**
 * The Euclidean length of a vector, scaled by its largest component first so that neither subnormal
 * nor enormous components lose it (`Math.hypot` rounds on the subnormal grid and overflows past 1e308).
 *
 * @example
 * ```ts
 * import { scaledLength } from '@firsttouch/pose';
 * console.log(scaledLength([3e-320, 4e-320]) > 0, scaledLength([1e308, 1e308]) > 1e308); // true true
 * ```
 */
export function scaledLength(v: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < v.length; i++) m = Math.max(m, Math.abs(v[i]));
  if (m === 0 || m === Number.POSITIVE_INFINITY) return m;
  let s = 0;
  for (let i = 0; i < v.length; i++) s += (v[i] / m) ** 2;
  return m * Math.sqrt(s);
}

/**
 * The unit vector of `v` into `out` (scaled first, so tiny and enormous vectors keep their
 * direction); false when `v` is zero or not finite.
 *
 * @example
 * ```ts
 * import { unitVector } from '@firsttouch/pose';
 * const u = new Float64Array(3);
 * console.log(unitVector([5e-324, 5e-324, 0], u), u[0].toFixed(4)); // true 0.7071
 * ```
 */
export function unitVector(v: ArrayLike<number>, out: Float64Array): boolean {
  let m = 0;
  for (let i = 0; i < v.length; i++) m = Math.max(m, Math.abs(v[i]));
  if (!(m > 0) || m === Number.POSITIVE_INFINITY) return false;
  let s = 0;
  for (let i = 0; i < v.length; i++) s += (v[i] / m) ** 2;
  const n = Math.sqrt(s);
  for (let i = 0; i < v.length; i++) out[i] = v[i] / m / n;
  return true;
}

/**
 * Checks that `value` is an array-like of exactly `length` finite numbers, and throws a
 * {@link FirstTouchError} with `code` naming `name` otherwise.
 *
 * @example
 * ```ts
 * import { assertFiniteVector } from '@firsttouch/pose';
 * assertFiniteVector([1, 2, 3], 3, 'translation', 'INVALID_POSE');
 * ```
 */
export function assertFiniteVector(
  value: unknown,
  length: number,
  name: string,
  code: FirstTouchErrorCode = 'NON_FINITE',
): asserts value is ArrayLike<number> {
  readFinite(value, length, name, code, undefined);
}

/**
 * {@link assertFiniteVector}'s check, each entry read once into a fresh Float64Array that is
 * returned: what a constructor keeps is what was checked (an array whose getters answer a number to
 * the check and NaN to a second read made `poseFromAxisAngle` return a translation of NaN).
 *
 * @example
 * ```ts
 * import { finiteCopy } from '@firsttouch/pose';
 * console.log(Array.from(finiteCopy([1, 2, 3], 3, 'translation'))); // [1, 2, 3]
 * ```
 */
export function finiteCopy(
  value: unknown,
  length: number,
  name: string,
  code: FirstTouchErrorCode = 'NON_FINITE',
): Float64Array {
  const out = new Float64Array(length);
  readFinite(value, length, name, code, out);
  return out;
}

/** The check of {@link assertFiniteVector}, each entry read once (into `out` when given). */
function readFinite(
  value: unknown,
  length: number,
  name: string,
  code: FirstTouchErrorCode,
  out: Float64Array | undefined,
): void {
  if (!isArrayLike(value)) {
    throw new FirstTouchError(
      code,
      `${name} must be an array of ${length} numbers, got ${describeValue(value)}`,
    );
  }
  const n = value.length;
  if (n !== length) {
    throw new FirstTouchError(
      code === 'NON_FINITE' ? 'BAD_LENGTH' : code,
      `${name} must have ${length} numbers, got ${n}`,
    );
  }
  for (let i = 0; i < length; i++) {
    const x = value[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) {
      throw new FirstTouchError(code, `${name}[${i}] must be a finite number, got ${describeValue(x)}`);
    }
    if (out !== undefined) out[i] = x;
  }
}

/**
 * Checks that `value` is a finite number, and throws a {@link FirstTouchError} with `code` naming
 * `name` otherwise.
 *
 * @example
 * ```ts
 * import { assertFiniteNumber } from '@firsttouch/pose';
 * assertFiniteNumber(0.5, 's');
 * ```
 */
export function assertFiniteNumber(
  value: unknown,
  name: string,
  code: FirstTouchErrorCode = 'NON_FINITE',
): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new FirstTouchError(code, `${name} must be a finite number, got ${describeValue(value)}`);
  }
}

/**
 * True for arrays and typed arrays (not strings, not DataViews).
 *
 * @example
 * ```ts
 * import { isArrayLike } from '@firsttouch/pose';
 * isArrayLike(new Float64Array(3)); // true
 * isArrayLike('abc'); // false
 * ```
 */
export function isArrayLike(value: unknown): value is ArrayLike<unknown> {
  return Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
}

/**
 * Checks an instant of the step: a finite number. (The motion is meant for [0, 1]; outside it the
 * pose is extrapolated, and a pose that overflows is refused where it is computed.)
 *
 * @throws {@link FirstTouchError} `NON_FINITE` for a non-finite `s`.
 * @example
 * ```ts
 * import { assertStepInstant } from '@firsttouch/pose';
 * assertStepInstant(0.5);
 * ```
 */
export function assertStepInstant(s: unknown): asserts s is number {
  assertFiniteNumber(s, 's');
}

/**
 * Checks a flat array of points: `dim` numbers a point (a trailing partial point is ignored by the
 * bounds), all finite.
 *
 * @throws {@link FirstTouchError} `BAD_LENGTH` or `NON_FINITE`, naming `name` and the point.
 * @example
 * ```ts
 * import { assertPoints } from '@firsttouch/pose';
 * assertPoints([0, 0, 1, 1], 2, 'uv');
 * ```
 */
export function assertPoints(value: unknown, dim: number, name: string): asserts value is ArrayLike<number> {
  if (!isArrayLike(value)) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `${name} must be an array of ${dim} numbers a point, got ${describeValue(value)}`,
    );
  }
  for (let i = 0; i < value.length; i++) {
    const x = value[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) {
      throw new FirstTouchError(
        'NON_FINITE',
        `${name}: point ${Math.floor(i / dim)} has a coordinate ${describeValue(x)}`,
      );
    }
  }
}
