import type { FirstTouchErrorCode } from '@firsttouch/pose';

/** A mistake in how the command was called: exit code 2, with the usage shown. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * A problem with the user's input (a file, a pose, a number): exit code 1. `code` is the library's
 * when it found the problem (a file that does not parse).
 */
export class InputError extends Error {
  readonly code: FirstTouchErrorCode | undefined;

  constructor(message: string, code?: FirstTouchErrorCode) {
    super(message);
    this.name = 'InputError';
    this.code = code;
  }
}
