import { FirstTouchError } from './errors.js';
import { describeValue } from './validate.js';

/**
 * What the long calls take as `signal`: an `AbortSignal` (DOM and Node alike), or anything with the
 * same `aborted` flag and optional `reason`.
 *
 * @example
 * ```ts
 * import type { AbortSignalLike } from '@firsttouch/pose';
 * const signal: AbortSignalLike = new AbortController().signal;
 * console.log(signal.aborted); // false
 * ```
 */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
}

/**
 * Validates an optional `signal` option: undefined, or an object with a boolean `aborted`.
 *
 * @throws {@link FirstTouchError} `INVALID_OPTION` naming `name`.
 * @example
 * ```ts
 * import { assertSignal } from '@firsttouch/pose';
 * assertSignal(new AbortController().signal, 'signal');
 * try {
 *   assertSignal(true, 'options.signal');
 * } catch (e) {
 *   console.log((e as Error).message); // options.signal must be an AbortSignal, got boolean
 * }
 * ```
 */
export function assertSignal(signal: unknown, name: string): asserts signal is AbortSignalLike | undefined {
  if (signal === undefined) return;
  if (
    typeof signal !== 'object' ||
    signal === null ||
    typeof (signal as AbortSignalLike).aborted !== 'boolean'
  ) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${name} must be an AbortSignal, got ${describeValue(signal)}`,
    );
  }
}

/**
 * Throws `ABORTED` when `signal` is aborted, its message saying where the work stood (`what`) and
 * the signal's reason.
 *
 * @throws {@link FirstTouchError} `ABORTED`.
 * @example
 * ```ts
 * import { throwIfAborted } from '@firsttouch/pose';
 * const control = new AbortController();
 * control.abort('enough');
 * try {
 *   throwIfAborted(control.signal, 'timeOfImpact: at s = 0.25 after 3 steps');
 * } catch (e) {
 *   console.log((e as Error).message); // timeOfImpact: at s = 0.25 after 3 steps: aborted (enough)
 * }
 * ```
 */
export function throwIfAborted(signal: AbortSignalLike | undefined, what: string): void {
  if (signal === undefined || !signal.aborted) return;
  const reason = signal.reason;
  const why = reason === undefined ? '' : ` (${abortReasonText(reason)})`;
  throw new FirstTouchError('ABORTED', `${what}: aborted${why}`);
}

/**
 * An abort reason as text: an error's message, a string, or the value described; a reason that
 * cannot be read (a revoked proxy, a message getter that throws, an object with no way to a string)
 * is said to be so, rather than its own error escaping in place of `ABORTED`. What
 * {@link throwIfAborted} and the batch pool's aborts say.
 *
 * @example
 * ```ts
 * import { abortReasonText } from '@firsttouch/pose';
 * console.log(abortReasonText(new Error('enough')), abortReasonText(Object.create(null))); // enough object
 * ```
 */
export function abortReasonText(reason: unknown): string {
  try {
    return reason instanceof Error
      ? String(reason.message)
      : typeof reason === 'string'
        ? reason
        : describeValue(reason);
  } catch {
    return 'a reason that cannot be read';
  }
}

/**
 * Validates an optional `onProgress` option: undefined or a function.
 *
 * @throws {@link FirstTouchError} `INVALID_OPTION` naming `name`.
 * @example
 * ```ts
 * import { assertCallback } from '@firsttouch/pose';
 * assertCallback(() => {}, 'onProgress');
 * try {
 *   assertCallback(42, 'onProgress');
 * } catch (e) {
 *   console.log((e as Error).message); // onProgress must be a function, got 42
 * }
 * ```
 */
export function assertCallback(
  fn: unknown,
  name: string,
): asserts fn is ((...args: never[]) => unknown) | undefined {
  if (fn !== undefined && typeof fn !== 'function') {
    throw new FirstTouchError('INVALID_OPTION', `${name} must be a function, got ${describeValue(fn)}`);
  }
}
