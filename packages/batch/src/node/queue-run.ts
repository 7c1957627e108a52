// One batch of a QueueClient while it runs: its queries encoded (one that cannot be fails alone),
// its jobs added, their answers gathered in input order; and the ways it ends early (a signal, the
// client's close), each of which clears what the batch set up (its listeners, its poll timer).
/// <reference types="node" preserve="true" />
import { randomUUID } from 'node:crypto';
import { type AbortSignalLike, abortReasonText, describeValue, FirstTouchError } from '@firsttouch/pose';
import { Job, type Queue, type QueueEvents } from 'bullmq';
import { listenForAbort } from '../abort-listener.js';
import { type BatchJob, type BatchRun, jobsOf, recordAnswers, runOf } from '../jobs.js';
import type { BatchFailure, OpName } from '../protocol.js';
import type { BatchOptions } from '../types.js';
import { decode, encode } from './queue-wire.js';

/** What a batch needs of its client. */
export interface QueueRunHost {
  /** BullMQ's queue and events, once Redis is reachable (rejects `QUEUE_UNREACHABLE`). */
  reachable(where: string): Promise<{ queue: Queue; events: QueueEvents }>;
  /** Whether the client was closed. */
  closed(): boolean;
  /** Whether the client holds body `id`. */
  hasBody(id: unknown): boolean;
  /** The batches running, each by its stop (the client's close calls it: `why` ends the message). */
  readonly running: Set<(why: string) => void>;
}

/** Milliseconds between two reads of the state of a batch's unfinished jobs (in case an event was missed). */
const POLL_MS = 3000;

/** Runs one batch of `op` on the queue's workers: the promise of its results, in input order. */
export function runOnQueue(
  op: OpName,
  queries: readonly unknown[],
  options: BatchOptions | undefined,
  host: QueueRunHost,
): Promise<unknown[]> {
  const where = `QueueClient.${op}`;
  let resolveRun!: (r: unknown[]) => void;
  let rejectRun!: (e: unknown) => void;
  const outcome = new Promise<unknown[]>((resolve, reject) => {
    resolveRun = resolve;
    rejectRun = reject;
  });
  const run = runOf(op, where, queries.length, options, false, resolveRun, rejectRun);
  let next = 0;
  const jobs = jobsOf(
    run,
    queries,
    options?.chunkSize ?? 256,
    (id) => host.hasBody(id),
    () => next++,
  );
  /** What the batch set up, undone when it settles (it kept a timer and listeners for ever). */
  const cleanups: Array<() => void> = [];
  /** The jobs added to the queue: those no worker has taken yet are removed if the batch stops. */
  let added: Job[] = [];
  const settle = (error?: unknown) => {
    if (run.settled) return;
    run.settled = true;
    host.running.delete(stop);
    for (const cleanup of cleanups) cleanup();
    if (error === undefined) {
      run.resolve(run.results);
      return;
    }
    // What no worker has taken yet goes; what runs finishes and is dropped.
    for (const j of added) void j.remove().catch(() => undefined);
    run.reject(error);
  };
  const stop = (why: string) => settle(new FirstTouchError('ABORTED', `${where}: ${why}`));
  const finish = () => {
    if (run.done === run.total) settle();
  };
  const signal = options?.signal;
  const abortIfAsked = () => {
    if (run.settled || signal === undefined || !isAborted(signal)) return;
    stop(`aborted after ${run.done} of ${run.total} queries${reasonOf(signal)}`);
  };
  host.running.add(stop);
  try {
    const detach = listenForAbort(signal, abortIfAsked, where);
    if (detach !== undefined) cleanups.push(detach);
  } catch (e) {
    settle(e);
    return outcome;
  }
  if (signal !== undefined && isAborted(signal)) {
    stop('aborted before it started');
    return outcome;
  }
  const sent = encodeJobs(run, jobs);
  void (async () => {
    const bull = await host.reachable(where);
    await bull.events.waitUntilReady();
    if (run.settled) return;
    if (host.closed()) {
      stop('the client was closed');
      return;
    }
    const batch = randomUUID();
    added = await bull.queue.addBulk(
      sent.map(({ job, data }) => ({
        name: op,
        data: { op, queries: data },
        opts: { jobId: `${batch}-${job.id}`, removeOnComplete: { age: 3600 }, removeOnFail: { age: 86_400 } },
      })),
    );
    if (run.settled) {
      for (const j of added) void j.remove().catch(() => undefined);
      return;
    }
    collect(run, added, sent, bull, { finish, abortIfAsked, cleanups });
    finish();
  })().catch(settle);
  return outcome;
}

/**
 * Each job's answer once: from its completed or failed event, or, should an event be missed (a
 * dropped connection), from its state, read every few seconds. A signal without events is read at
 * each answer and each of those reads: its batch stops within one.
 */
function collect(
  run: BatchRun,
  added: readonly Job[],
  sent: ReadonlyArray<{ job: BatchJob }>,
  bull: { queue: Queue; events: QueueEvents },
  hooks: { finish: () => void; abortIfAsked: () => void; cleanups: Array<() => void> },
): void {
  const pending = new Map(added.map((bullJob, k) => [bullJob.id as string, sent[k].job]));
  const land = (jobId: string, value: { returnvalue?: unknown; failedReason?: unknown }) => {
    const job = pending.get(jobId);
    if (job === undefined || run.settled) return;
    pending.delete(jobId);
    let results: unknown[];
    if (value.failedReason !== undefined) {
      results = job.queries.map(() => failed(value.failedReason));
    } else {
      try {
        results = decode(value.returnvalue) as unknown[];
      } catch (e) {
        results = job.queries.map(() => failed(e));
      }
      // A job's value as the pool takes a worker's: anything but one result a query is each query's
      // failure (another version's worker, or a value written into Redis, gave `[]`: results of
      // undefined; `null` threw in this listener and the batch waited for good).
      const n = job.queries.length;
      if (!Array.isArray(results) || results.length !== n) {
        const failure: BatchFailure = {
          error: {
            code: 'INTERNAL',
            message: `its job answered ${Array.isArray(results) ? `${results.length} results` : describeValue(results)} for ${n} queries`,
          },
        };
        results = job.queries.map(() => failure);
      }
    }
    recordAnswers(job, results);
    hooks.abortIfAsked();
    hooks.finish();
  };
  const onCompleted = (e: { jobId: string; returnvalue: unknown }) =>
    land(e.jobId, { returnvalue: e.returnvalue });
  const onFailed = (e: { jobId: string; failedReason: string }) =>
    land(e.jobId, { failedReason: e.failedReason });
  bull.events.on('completed', onCompleted);
  bull.events.on('failed', onFailed);
  const poll = setInterval(() => {
    hooks.abortIfAsked();
    for (const bullJob of added) {
      if (run.settled) return;
      if (!pending.has(bullJob.id as string)) continue;
      void bullJob.getState().then(
        async (state) => {
          if (state !== 'completed' && state !== 'failed') return;
          const fresh = await Job.fromId(bull.queue, bullJob.id as string);
          if (fresh === undefined) return;
          land(
            bullJob.id as string,
            state === 'completed' ? { returnvalue: fresh.returnvalue } : { failedReason: fresh.failedReason },
          );
        },
        () => undefined,
      );
    }
  }, POLL_MS);
  hooks.cleanups.push(() => {
    clearInterval(poll);
    bull.events.off('completed', onCompleted);
    bull.events.off('failed', onFailed);
  });
}

/**
 * The jobs as the queue takes them (V8's serialization). A query that cannot be encoded (a function
 * in its options, a symbol) fails alone with `INVALID_OPTION`, as in the pool, and the rest of its
 * job goes: it rejected the whole batch with a bare Error.
 */
function encodeJobs(run: BatchRun, jobs: readonly BatchJob[]): Array<{ job: BatchJob; data: string }> {
  const sent: Array<{ job: BatchJob; data: string }> = [];
  for (const job of jobs) {
    try {
      sent.push({ job, data: encode(job.queries) });
      continue;
    } catch {
      // one of its queries cannot be encoded: found below
    }
    const indices: number[] = [];
    const kept: unknown[] = [];
    job.queries.forEach((q, k) => {
      try {
        encode(q);
        indices.push(job.indices[k]);
        kept.push(q);
      } catch (e) {
        run.results[job.indices[k]] = {
          error: {
            code: 'INVALID_OPTION',
            message: `cannot be sent to a worker: ${e instanceof Error ? e.message : String(e)}`,
          },
        } satisfies BatchFailure;
        run.done++;
      }
    });
    if (kept.length > 0) sent.push({ job: { ...job, indices, queries: kept }, data: encode(kept) });
  }
  return sent;
}

/** Whether the signal says stop (one whose `aborted` cannot be read does). */
function isAborted(signal: AbortSignalLike): boolean {
  try {
    return signal.aborted === true;
  } catch {
    return true;
  }
}

/** ` (reason)` for a signal's reason, or ''. */
function reasonOf(signal: AbortSignalLike): string {
  try {
    return signal.reason !== undefined ? ` (${abortReasonText(signal.reason)})` : '';
  } catch {
    return ' (a reason that cannot be read)';
  }
}

/** The record of a query whose job failed: stalled twice (its workers died), or a worker's error. */
function failed(e: unknown): BatchFailure {
  const why = e instanceof Error ? e.message : String(e);
  return /stalled/i.test(why)
    ? {
        error: {
          code: 'WORKER_FAILED',
          message: `its job stalled twice (the workers that took it died): ${why}`,
        },
      }
    : { error: { code: 'INTERNAL', message: `its job failed in a worker: ${why}` } };
}
