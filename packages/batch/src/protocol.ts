// The messages between a pool and its workers, and the one interface a worker is reached through
// (a Node worker thread and a web worker alike), beside each other as Box2D puts a call's input
// beside its output.
import type { FirstTouchErrorCode } from '@firsttouch/pose';

/** How a body is named: a pool's number, or a job engine's content hash. */
export type BodyId = number | string;

/** The operations a worker answers, by name. */
export type OpName = 'timeOfImpact' | 'timeOfImpact2' | 'distance' | 'firstImpact' | 'firstImpact2';

/**
 * Why a query of a batch was not answered: its record in the results, in its place, while the others
 * are answered. `code` is the `FirstTouchError` code the query threw (`INVALID_POSE`, `EMPTY`,
 * `UNKNOWN_BODY`, `WORKER_FAILED`, `ABORTED`, ...), or `INTERNAL` for any other error (a bug).
 *
 * @example
 * ```ts
 * import { isBatchFailure, type BatchFailure } from '@firsttouch/batch';
 * const f: BatchFailure = { error: { code: 'UNKNOWN_BODY', message: 'query 3: a names body 9, which the pool does not hold' } };
 * console.log(isBatchFailure(f), isBatchFailure({ status: 'contact' })); // true false
 * ```
 */
export interface BatchFailure {
  readonly error: {
    readonly code: FirstTouchErrorCode | 'INTERNAL';
    readonly message: string;
  };
}

/**
 * True for the record of a query that was not answered ({@link BatchFailure}).
 *
 * @example
 * ```ts
 * import { isBatchFailure } from '@firsttouch/batch';
 * console.log(isBatchFailure({ error: { code: 'EMPTY', message: '…' } })); // true
 * ```
 */
export function isBatchFailure(value: unknown): value is BatchFailure {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as BatchFailure).error === 'object' &&
    (value as BatchFailure).error !== null &&
    typeof (value as BatchFailure).error.code === 'string'
  );
}

/** A pool's message to a worker. */
export type ToWorker =
  /** Keep body `id` (serialized data of its kind). */
  | { readonly type: 'body'; readonly id: BodyId; readonly data: unknown }
  /** Forget body `id`. */
  | { readonly type: 'drop'; readonly id: BodyId }
  /**
   * Answer `queries` with `op`, in order, as message `job`; stop early (answering `ABORTED`) once
   * `stop[0]` is not 0 (a flag in shared memory, absent where there is none).
   */
  | {
      readonly type: 'run';
      readonly job: number;
      readonly op: OpName;
      readonly queries: readonly unknown[];
      readonly stop: Int32Array | undefined;
    };

/** A worker's message to its pool: the answers of job `job`, in order. */
export interface FromWorker {
  readonly type: 'done';
  readonly job: number;
  readonly results: readonly unknown[];
}

/**
 * A worker as a pool reaches it: a Node worker thread or a web worker behind the same four calls.
 * A pool's `spawn` option returns one.
 *
 * @example
 * ```ts
 * import type { WorkerPort } from '@firsttouch/batch';
 * // a port that answers nothing, as a test double
 * const idle: WorkerPort = { post() {}, listen() {}, terminate: async () => {} };
 * ```
 */
export interface WorkerPort {
  /** Posts a message (`transfer`: buffers to move rather than copy). */
  post(message: ToWorker, transfer?: ArrayBuffer[]): void;
  /**
   * Registers the two callbacks: a message from the worker, and its end (it exited, crashed, or
   * could not start; `why` says which). Called once, before the first post.
   */
  listen(onMessage: (message: FromWorker) => void, onExit: (why: string) => void): void;
  /** Stops the worker at once. */
  terminate(): Promise<void>;
}
