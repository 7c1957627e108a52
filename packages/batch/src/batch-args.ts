import { assertCallback, assertSignal, describeValue, FirstTouchError } from '@firsttouch/pose';
import type { BatchOptions } from './types.js';

/**
 * Checks a batch call's arguments, the same for the worker pool and the queue's client (`where`
 * names the call): the queries an array, the options an object, its signal, progress callback and
 * chunk size. Throws `INVALID_OPTION` naming what is wrong.
 */
export function assertBatchArgs(where: string, queries: unknown, options: BatchOptions | undefined): void {
  if (!Array.isArray(queries)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: queries must be an array, got ${describeValue(queries)}`,
    );
  }
  // A hole would get no record, and the batch would wait for it: refused, at the first one (so a
  // sparse array of length 2³² − 1 is not walked).
  for (let i = 0; i < queries.length; i++) {
    if (!(i in queries)) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `${where}: queries must be an array without holes, queries[${i}] is a hole`,
      );
    }
  }
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: options must be an object, got ${describeValue(options)}`,
    );
  }
  assertSignal(options?.signal, `${where}: signal`);
  assertCallback(options?.onProgress, `${where}: onProgress`);
  const chunk = options?.chunkSize;
  if (chunk !== undefined && (typeof chunk !== 'number' || !Number.isInteger(chunk) || chunk < 1)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: chunkSize must be an integer ≥ 1, got ${describeValue(chunk)}`,
    );
  }
}
