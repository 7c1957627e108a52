import type { TreeCheck } from '@firsttouch/mesh';
import { type AbortSignalLike, describeValue, FirstTouchError } from '@firsttouch/pose';
import { deserializeBody } from './codecs.js';
import { RUN } from './ops-run.js';
import type { BatchFailure, BodyId, FromWorker, ToWorker } from './protocol.js';

/**
 * What a worker keeps and does, whatever runs it (a Node worker thread, a web worker, a job-engine
 * worker, a test): the bodies it was sent, by id, and the answers to each message. Holds no state
 * but its bodies; the answers are the library's calls on them, in order.
 *
 * @example
 * ```ts
 * import { Answerer } from '@firsttouch/batch';
 * import { box, serialize } from '@firsttouch/mesh';
 * import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
 * const worker = new Answerer();
 * worker.receive({ type: 'body', id: 0, data: serialize(box(1)) });
 * const motion = { a: [identityPose(), identityPose()], b: [poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [-3, 0, 0])] };
 * const done = worker.receive({ type: 'run', job: 1, op: 'timeOfImpact', queries: [{ a: 0, b: 0, motion }], stop: undefined });
 * console.log((done?.results[0] as { toi: number }).toi.toFixed(4)); // 0.3333
 * ```
 */
export class Answerer {
  readonly #bodies = new Map<BodyId, unknown>();
  readonly #check: TreeCheck;
  /** Why a body could not be read, by id: its queries answer that. */
  readonly #refused = new Map<BodyId, BatchFailure>();

  /**
   * @param options - `check`: how bodies are checked when read (`'full'`, the default, for data from
   *   anywhere, such as a job engine's store; `'safety'` for data the same program serialized, as a
   *   pool's own workers get it: see mesh's `DeserializeOptions`).
   * @throws `FirstTouchError` `INVALID_OPTION` for options that are no object, or another `check`.
   */
  constructor(options: { check?: TreeCheck } = {}) {
    if (typeof options !== 'object' || options === null)
      throw new FirstTouchError(
        'INVALID_OPTION',
        `Answerer: options must be an object, got ${describeValue(options)}`,
      );
    const check = options.check ?? 'full';
    if (check !== 'full' && check !== 'safety')
      throw new FirstTouchError(
        'INVALID_OPTION',
        `Answerer: check must be "full" or "safety", got ${String(check)}`,
      );
    this.#check = check;
  }

  /** Whether body `id` is held (read, or refused: its queries answer why). */
  has(id: BodyId): boolean {
    return this.#bodies.has(id) || this.#refused.has(id);
  }

  /** Handles one message of the pool; returns the answer of a `run` (undefined for the others). */
  receive(message: ToWorker): FromWorker | undefined {
    // (the pool's messages, but a queue's worker reads them from the job engine's store: checked)
    if (typeof message !== 'object' || message === null)
      throw new FirstTouchError(
        'BAD_DATA',
        `Answerer: a message must be an object, got ${describeValue(message)}`,
      );
    if (message.type === 'body') {
      this.#refused.delete(message.id);
      try {
        this.#bodies.set(message.id, deserializeBody(message.data, this.#check));
      } catch (e) {
        this.#bodies.delete(message.id);
        this.#refused.set(message.id, failureOf(e, `body ${message.id}`));
      }
      return undefined;
    }
    if (message.type === 'drop') {
      this.#bodies.delete(message.id);
      this.#refused.delete(message.id);
      return undefined;
    }
    if (message.type !== 'run' || !Array.isArray(message.queries))
      throw new FirstTouchError(
        'BAD_DATA',
        `Answerer: a message must be {type: "body" | "drop" | "run", ...} with a run's queries an array, got ${describeValue((message as { type?: unknown }).type)}`,
      );
    const stop: unknown = message.stop;
    if (stop !== undefined && !(stop instanceof Int32Array && stop.length >= 1))
      throw new FirstTouchError(
        'BAD_DATA',
        `Answerer: a run's stop must be an Int32Array of at least one flag or undefined, got ${describeValue(stop)}`,
      );
    return { type: 'done', job: message.job, results: this.run(message) };
  }

  /** The answers of one `run` message, in order. */
  private run(message: Extract<ToWorker, { type: 'run' }>): unknown[] {
    const stop = message.stop;
    const signal: AbortSignalLike | undefined =
      stop === undefined
        ? undefined
        : {
            get aborted() {
              return Atomics.load(stop, 0) !== 0;
            },
            reason: 'the batch was aborted',
          };
    // (own keys only: an op "toString" or "constructor" is no operation, not Object.prototype's)
    const op = message.op;
    const run = typeof op === 'string' && Object.hasOwn(RUN, op) ? RUN[op] : undefined;
    const body = (id: unknown, name: string) => {
      const named = typeof id === 'number' || typeof id === 'string';
      const b = named ? this.#bodies.get(id) : undefined;
      if (b !== undefined) return b;
      const refused = named ? this.#refused.get(id) : undefined;
      if (refused) throw new FirstTouchError('BAD_DATA', refused.error.message);
      throw new FirstTouchError(
        'UNKNOWN_BODY',
        `${name} names body ${String(id)}, which the worker does not hold`,
      );
    };
    const results: unknown[] = [];
    for (const q of message.queries) {
      if (signal?.aborted) {
        results.push(aborted());
        continue;
      }
      try {
        if (typeof q !== 'object' || q === null)
          throw new FirstTouchError(
            'INVALID_OPTION',
            `query ${results.length} must be an object, got ${describeValue(q)}`,
          );
        if (run === undefined)
          throw new FirstTouchError(
            'INVALID_OPTION',
            `op must be one of ${Object.keys(RUN).join(', ')}, got ${describeValue(op)}`,
          );
        results.push(run(q as Record<string, unknown>, body, signal));
      } catch (e) {
        results.push(failureOf(e, ''));
      }
    }
    return results;
  }
}

/** The record of an aborted query. */
export function aborted(): BatchFailure {
  return { error: { code: 'ABORTED', message: 'the batch was aborted before this query was answered' } };
}

/** The failure record of an error a query threw: its code when it is the library's, else `INTERNAL`. */
export function failureOf(e: unknown, where: string): BatchFailure {
  const at = where ? `${where}: ` : '';
  // By name and code rather than by class: a second copy of the library's packages throws its own.
  if (e instanceof Error && e.name === 'FirstTouchError' && typeof (e as FirstTouchError).code === 'string') {
    return { error: { code: (e as FirstTouchError).code, message: `${at}${e.message}` } };
  }
  return { error: { code: 'INTERNAL', message: `${at}${e instanceof Error ? e.message : String(e)}` } };
}
