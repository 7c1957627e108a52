/**
 * The stable codes of {@link FirstTouchError}. A code names one kind of failure and is never reused
 * for another, so callers can switch on it across versions.
 *
 * @example
 * ```ts
 * import { FirstTouchError, poseFromAxisAngle } from '@firsttouch/pose';
 * try {
 *   poseFromAxisAngle([0, 0, 0], 1);
 * } catch (e) {
 *   const code = e instanceof FirstTouchError ? e.code : 'not ours';
 *   console.log(code); // INVALID_POSE
 * }
 * ```
 */
export type FirstTouchErrorCode =
  | 'INVALID_POSE'
  | 'INVALID_OPTION'
  | 'NON_FINITE'
  | 'BAD_LENGTH'
  | 'INDEX_RANGE'
  | 'EMPTY'
  | 'STL_TRUNCATED'
  | 'STL_SYNTAX'
  | 'OBJ_SYNTAX'
  | 'FILE_TOO_LARGE'
  | 'ABORTED'
  /** Serialized body data that does not describe a body: unknown kind or version, a tree that does not match. */
  | 'BAD_DATA'
  /** A body id that a worker pool or a world does not hold. */
  | 'UNKNOWN_BODY'
  /** A worker died on a query twice (the query was retried once on another worker). */
  | 'WORKER_FAILED'
  /** The same body object added to a world twice (without `shared`). */
  | 'DUPLICATE_BODY'
  /** A world step's impact callback threw; the error names how far the step got. */
  | 'CALLBACK_FAILED'
  /** A job queue's server (Redis) could not be reached when a queue client or worker needed it. */
  | 'QUEUE_UNREACHABLE';

/**
 * The one error class of firsttouch: every bad input to every package throws it, with a stable
 * {@link FirstTouchErrorCode} and a message that names the argument and what was wrong with it.
 *
 * @example
 * ```ts
 * import { FirstTouchError } from '@firsttouch/pose';
 * const e = new FirstTouchError('INVALID_OPTION', 'tolerance must be positive, got -1');
 * console.log(e.code, e.message); // INVALID_OPTION tolerance must be positive, got -1
 * ```
 */
export class FirstTouchError extends Error {
  /** The stable code of this failure. */
  readonly code: FirstTouchErrorCode;

  constructor(code: FirstTouchErrorCode, message: string) {
    super(message);
    this.name = 'FirstTouchError';
    this.code = code;
  }
}
