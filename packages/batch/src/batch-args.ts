import {
  abortReasonText,
  assertCallback,
  assertSignal,
  describeValue,
  FirstTouchError,
} from '@firsttouch/pose';
import type { BatchOptions } from './types.js';

/** A batch call's arguments as {@link batchArgs} read them: each once. */
export interface BatchArgs {
  /** A copy of the queries, taken entry by entry at one reading of the length. */
  queries: unknown[];
  signal: BatchOptions['signal'];
  onProgress: BatchOptions['onProgress'];
  chunkSize: number | undefined;
}

/**
 * Checks a batch call's arguments, the same for the worker pool and the queue's client (`where`
 * names the call), and returns them read once: the queries an array without holes (copied: a proxy
 * whose length answered 5 to the check and 3 to the jobs left a batch waiting for ever), the options
 * an object, its signal, progress callback and chunk size. Throws `INVALID_OPTION` naming what is
 * wrong, also for options whose getters throw (they rejected with the caller's own error).
 */
export function batchArgs(where: string, queries: unknown, options: BatchOptions | undefined): BatchArgs {
  if (!unreadable(where, 'queries', () => Array.isArray(queries))) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: queries must be an array, got ${describeValue(queries)}`,
    );
  }
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: options must be an object, got ${describeValue(options)}`,
    );
  }
  const list = unreadable(where, 'queries', () => {
    // A hole would get no record, and the batch would wait for it: refused, at the first one (so a
    // sparse array of length 2³² − 1 is not walked).
    const all = queries as unknown[];
    const n = all.length;
    const out: unknown[] = [];
    for (let i = 0; i < n; i++) {
      if (!(i in all)) {
        throw new FirstTouchError(
          'INVALID_OPTION',
          `${where}: queries must be an array without holes, queries[${i}] is a hole`,
        );
      }
      out.push(all[i]);
    }
    return out;
  });
  const { signal, onProgress, chunkSize } = unreadable(where, 'options', () => ({
    signal: options?.signal,
    onProgress: options?.onProgress,
    chunkSize: options?.chunkSize,
  }));
  unreadable(where, 'signal', () => assertSignal(signal, `${where}: signal`));
  assertCallback(onProgress, `${where}: onProgress`);
  if (
    chunkSize !== undefined &&
    (typeof chunkSize !== 'number' || !Number.isInteger(chunkSize) || chunkSize < 1)
  ) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: chunkSize must be an integer ≥ 1, got ${describeValue(chunkSize)}`,
    );
  }
  return { queries: list, signal, onProgress, chunkSize };
}

/** `read()`, its own errors passed on, any other (a getter's, a revoked proxy's) as `INVALID_OPTION`. */
function unreadable<T>(where: string, what: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof FirstTouchError) throw e;
    throw new FirstTouchError('INVALID_OPTION', `${where}: ${what} cannot be read: ${abortReasonText(e)}`);
  }
}

/**
 * Whether a batch's signal says stop, read once; a signal whose `aborted` cannot be read does (as
 * the pool's polling of signals without events takes it).
 */
export function signalAborted(signal: BatchOptions['signal']): boolean {
  if (signal === undefined) return false;
  try {
    return signal.aborted === true;
  } catch {
    return true;
  }
}
