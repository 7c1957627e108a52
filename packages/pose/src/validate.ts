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
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : String(value);
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (ArrayBuffer.isView(value) || Array.isArray(value)) {
    const n = (value as ArrayLike<unknown>).length;
    return `${Array.isArray(value) ? 'an array' : value.constructor.name} of length ${n}`;
  }
  return typeof value;
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
  if (!isArrayLike(value)) {
    throw new FirstTouchError(
      code,
      `${name} must be an array of ${length} numbers, got ${describeValue(value)}`,
    );
  }
  if (value.length !== length) {
    throw new FirstTouchError(
      code === 'NON_FINITE' ? 'BAD_LENGTH' : code,
      `${name} must have ${length} numbers, got ${value.length}`,
    );
  }
  for (let i = 0; i < length; i++) {
    const x = value[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) {
      throw new FirstTouchError(code, `${name}[${i}] must be a finite number, got ${describeValue(x)}`);
    }
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
