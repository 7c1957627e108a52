// A batch as the pool runs it: the run (its results, progress and promise) and its jobs (the
// queries of one message), with each query checked for the bodies it names before it is sent.
import { type AbortSignalLike, abortReasonText, describeValue } from '@firsttouch/pose';
import type { BatchFailure, OpName } from './protocol.js';
import type { BatchOptions, BatchProgress } from './types.js';

/** One batch call while it runs. */
export interface BatchRun {
  readonly op: OpName;
  /** The call, for messages (`BatchPool.timeOfImpact`). */
  readonly where: string;
  readonly total: number;
  done: number;
  readonly results: unknown[];
  settled: boolean;
  readonly resolve: (results: unknown[]) => void;
  readonly reject: (error: unknown) => void;
  readonly onProgress: ((progress: BatchProgress) => void) | undefined;
  /** The flag the workers read to stop (shared memory), where there is shared memory. */
  readonly stop: Int32Array | undefined;
  /** The caller's signal (one without events is read at every answer). */
  signal?: AbortSignalLike;
  /** Removes the abort listener. */
  detach?: () => void;
}

/** The queries of one message to a worker, and where their answers go. */
export interface BatchJob {
  readonly run: BatchRun;
  readonly id: number;
  /** The queries' places in the batch. */
  readonly indices: readonly number[];
  readonly queries: readonly unknown[];
  /** 1 the first time; 2 for a query retried (alone) after its worker died. */
  readonly attempt: number;
}

/** A new run of `total` queries. */
export function runOf(
  op: OpName,
  where: string,
  total: number,
  options: BatchOptions | undefined,
  shared: boolean,
  resolve: (results: unknown[]) => void,
  reject: (error: unknown) => void,
): BatchRun {
  return {
    op,
    where,
    total,
    done: 0,
    results: new Array(total),
    settled: false,
    resolve,
    reject,
    onProgress: options?.onProgress,
    stop: shared ? new Int32Array(new SharedArrayBuffer(4)) : undefined,
  };
}

/** The fields a worker needs of a query of `op`, and the body ids it names (with their names). */
function fieldsOf(op: OpName, q: Record<string, unknown>): { fields: object; ids: Array<[string, unknown]> } {
  if (op === 'firstImpact' || op === 'firstImpact2') {
    const ids: Array<[string, unknown]> = [];
    const list = q.bodies;
    if (Array.isArray(list)) {
      // By index, up to the first hole (which names no body): `map` walked every hole of a sparse
      // array, 2³²−1 of them, on the caller's thread (two minutes), then failed with a garbled message.
      for (let k = 0; k < list.length; k++) {
        const hole = !(k in list);
        ids.push([`bodies[${k}]`, hole ? undefined : list[k]]);
        if (hole) break;
      }
    }
    return { fields: { bodies: q.bodies, poses0: q.poses0, poses1: q.poses1, options: q.options }, ids };
  }
  const ids: Array<[string, unknown]> = [
    ['a', q.a],
    ['b', q.b],
  ];
  if (op === 'distance')
    return { fields: { a: q.a, b: q.b, poseA: q.poseA, poseB: q.poseB, options: q.options }, ids };
  return { fields: { a: q.a, b: q.b, motion: q.motion, options: q.options }, ids };
}

/**
 * The jobs of a run, `size` queries each at most; a query that is not an object or names a body the
 * pool does not hold gets its failure record now (and counts as done).
 */
export function jobsOf(
  run: BatchRun,
  queries: readonly unknown[],
  size: number,
  hasBody: (id: unknown) => boolean,
  nextId: () => number,
): BatchJob[] {
  const jobs: BatchJob[] = [];
  let indices: number[] = [];
  let fields: object[] = [];
  const flush = () => {
    if (indices.length === 0) return;
    jobs.push({ run, id: nextId(), indices, queries: fields, attempt: 1 });
    indices = [];
    fields = [];
  };
  // (By index: `assertBatchArgs` refused holes, which `forEach` skipped and the run then waited for.)
  for (let i = 0; i < queries.length; i++) {
    const q = queries[i];
    let failure: BatchFailure | undefined;
    let f: object | undefined;
    try {
      failure = refusal(run.op, q, i, hasBody);
      if (failure === undefined) f = fieldsOf(run.op, q as Record<string, unknown>).fields;
    } catch (e) {
      // A query whose fields cannot be read (a getter that throws, a revoked proxy) fails alone.
      failure = {
        error: { code: 'INVALID_OPTION', message: `query ${i} cannot be read: ${abortReasonText(e)}` },
      };
    }
    if (failure !== undefined) {
      run.results[i] = failure;
      run.done++;
      continue;
    }
    indices.push(i);
    fields.push(f!);
    if (indices.length === size) flush();
  }
  flush();
  return jobs;
}

/** Why query `i` cannot be sent, or undefined. */
function refusal(
  op: OpName,
  q: unknown,
  i: number,
  hasBody: (id: unknown) => boolean,
): BatchFailure | undefined {
  if (typeof q !== 'object' || q === null) {
    return {
      error: { code: 'INVALID_OPTION', message: `query ${i} must be an object, got ${describeValue(q)}` },
    };
  }
  // A query's own signal and progress callback would stay behind (a signal arrived in the worker
  // as a copy that never aborts, and the worker's own replaced it: an aborted one was answered):
  // the batch's options carry them.
  const options = (q as { options?: unknown }).options;
  if (typeof options === 'object' && options !== null) {
    for (const key of ['signal', 'onProgress'] as const) {
      if ((options as Record<string, unknown>)[key] !== undefined) {
        return {
          error: {
            code: 'INVALID_OPTION',
            message: `query ${i}: options.${key} does not travel to a worker; give it in the batch's options (${key === 'signal' ? 'it stops the whole batch' : 'it tells {done, total}'})`,
          },
        };
      }
    }
  }
  for (const [name, id] of fieldsOf(op, q as Record<string, unknown>).ids) {
    if (!hasBody(id)) {
      return {
        error: {
          code: 'UNKNOWN_BODY',
          message: `query ${i}: ${name} names body ${describeValue(id)}, which the pool does not hold`,
        },
      };
    }
  }
  return undefined;
}

/**
 * The answers (or failures) of one job's queries into its run, and the run's progress told (a
 * callback that throws does not stop the batch): the pool's and the queue client's alike.
 */
export function recordAnswers(job: BatchJob, results: readonly unknown[]): void {
  const run = job.run;
  job.indices.forEach((i, k) => {
    run.results[i] = results[k];
  });
  run.done += job.indices.length;
  try {
    run.onProgress?.({ done: run.done, total: run.total });
  } catch {
    // The caller's callback is the caller's: its error does not stop the batch.
  }
}
