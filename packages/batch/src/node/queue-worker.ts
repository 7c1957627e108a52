// A BullMQ worker that answers firsttouch jobs: each job is the queries of one message (an
// operation and its queries, bodies named by content hash); the bodies are fetched from Redis the
// first time they are named and kept (the most recently used ones); the answers go back as the
// job's return value.
/// <reference types="node" preserve="true" />
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { assertCallback, describeValue, FirstTouchError } from '@firsttouch/pose';
import { type Job, Worker } from 'bullmq';
import { Answerer } from '../answer.js';
import type { OpName } from '../protocol.js';
import { HeldBodies } from './queue-bodies.js';
import { closeEvenIfGone, connect, type QueueOptions, queueOptions, reachable } from './queue-options.js';
import { bodyData, bodyKey, decode, encode } from './queue-wire.js';

/**
 * Options of {@link startQueueWorker}.
 *
 * @example
 * ```ts
 * import type { QueueWorkerOptions } from '@firsttouch/batch/queue';
 * const options: QueueWorkerOptions = { redis: 'redis://127.0.0.1:6379', queue: 'toi', lockDuration: 30_000 };
 * ```
 */
export interface QueueWorkerOptions extends QueueOptions {
  /** Jobs this worker runs at once (default 1: a worker process a core; run one process a core). */
  concurrency?: number;
  /**
   * Milliseconds a job stays this worker's without word from it (BullMQ's `lockDuration`, default
   * 30 000): a worker that dies is noticed this long after, and its job goes back to the queue once
   * (a second time, it fails: its queries are reported `WORKER_FAILED`). The lock is renewed between
   * queries, so it must exceed the longest single query. At most 2³¹ − 1 (Node's longest timer).
   */
  lockDuration?: number;
  /**
   * Milliseconds between two checks for jobs whose worker died (BullMQ's `stalledInterval`, default
   * 30 000; at most 2³¹ − 1, Node's longest timer).
   */
  stalledInterval?: number;
  /**
   * Bodies kept in memory, the most recently used (default 256). The bodies of the jobs in hand are
   * kept whatever their number: a job naming more holds them all until it is done.
   */
  maxBodies?: number;
  /** Told when a job is taken, with its id (for logs and tests). */
  onJobStart?: (id: string) => void;
  /** Told after each job with how many queries it answered, and its id. */
  onJob?: (queries: number, id: string) => void;
}

/**
 * A running queue worker.
 *
 * @example
 * ```ts
 * import type { QueueWorker } from '@firsttouch/batch/queue';
 * const stop = async (w: QueueWorker) => w.close();
 * ```
 */
export interface QueueWorker {
  /** Waits for the job in hand, then disconnects. */
  close(): Promise<void>;
}

/** Milliseconds of queries between two returns to the event loop (which renews the job's lock). */
const SLICE_MS = 20;

/**
 * Starts a BullMQ worker on the queue that answers the jobs of `QueueClient` producers. Run one a
 * core on every machine (`firsttouch worker --redis URL --queue NAME` does): they share the queue's
 * jobs. Each answer is the library's call, bit for bit the local pool's and the sequential one's.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for bad options.
 * @example
 * ```ts
 * import { startQueueWorker } from '@firsttouch/batch/queue';
 * // const worker = await startQueueWorker({ redis: 'redis://127.0.0.1:6379', queue: 'toi' });
 * // ... until the process is told to stop:
 * // await worker.close();
 * console.log(typeof startQueueWorker); // function
 * ```
 */
export async function startQueueWorker(options: QueueWorkerOptions): Promise<QueueWorker> {
  const where = 'startQueueWorker';
  const { redis, queue, prefix } = queueOptions(options, where);
  const concurrency = positiveInteger(options.concurrency ?? 1, 'concurrency', where);
  // (Node's timers take at most 2³¹ − 1 ms: above, each fires after 1 ms with a warning, a flood)
  const lockDuration = positiveInteger(options.lockDuration ?? 30_000, 'lockDuration', where, MAX_TIMER_MS);
  const stalledInterval = positiveInteger(
    options.stalledInterval ?? 30_000,
    'stalledInterval',
    where,
    MAX_TIMER_MS,
  );
  const maxBodies = positiveInteger(options.maxBodies ?? 256, 'maxBodies', where);
  assertCallback(options.onJobStart, `${where}: onJobStart`);
  assertCallback(options.onJob, `${where}: onJob`);
  const store = connect(redis);
  // BullMQ leaves a connection it was given open when it closes: this one is closed here.
  const connection = connect(redis);
  try {
    await reachable([store, connection], redis, where);
  } catch (e) {
    store.disconnect();
    connection.disconnect();
    throw e;
  }
  const answerer = new Answerer();
  const held = new HeldBodies(maxBodies, (id) => answerer.receive({ type: 'drop', id }));

  const fetchBodies = async (ids: Set<string>): Promise<void> => {
    for (const id of ids) {
      if (held.touch(id)) continue;
      const bytes = await store.getBuffer(bodyKey(prefix, queue, id));
      // A body not in Redis (expired, never stored): its queries answer UNKNOWN_BODY.
      if (bytes === null) continue;
      let data: unknown;
      try {
        data = bodyData(bytes);
      } catch (e) {
        data = { kind: 'unreadable', error: String(e) };
      }
      answerer.receive({ type: 'body', id, data });
      held.add(id);
    }
  };

  const worker = new Worker(
    queue,
    async (job: Job) => {
      options.onJobStart?.(String(job.id));
      const list = jobQueries(job.data, String(job.id));
      const op = (job.data as { op: OpName }).op;
      const ids = new Set<string>();
      for (const q of list) {
        if (typeof q !== 'object' || q === null) continue; // (the Answerer refuses it alone)
        const { a, b, bodies } = q as Record<string, unknown>;
        for (const id of [a, b]) if (typeof id === 'string') ids.add(id);
        // By index, up to the first hole (the query then fails alone): a job of 57 bytes naming
        // `new Array(2 ** 32 - 1)` made the spread of its holes end the process.
        if (Array.isArray(bodies))
          for (let k = 0; k < bodies.length && k in bodies; k++) {
            const id = bodies[k];
            if (typeof id === 'string') ids.add(id);
          }
      }
      // Its bodies stay until it is done, past maxBodies if need be: dropping one it still named
      // (the least recently used while its later bodies came in) failed its queries UNKNOWN_BODY.
      held.use(ids);
      try {
        await fetchBodies(ids);
        const results: unknown[] = [];
        let started = performance.now();
        for (let i = 0; i < list.length; i++) {
          const done = answerer.receive({ type: 'run', job: 0, op, queries: [list[i]], stop: undefined });
          results.push(done?.results[0]);
          if (performance.now() - started > SLICE_MS) {
            // Back to the event loop: BullMQ renews the job's lock there.
            await yieldToLoop();
            started = performance.now();
          }
        }
        options.onJob?.(list.length, String(job.id));
        return encode(results);
      } finally {
        held.release(ids);
      }
    },
    { connection, prefix, concurrency, lockDuration, stalledInterval, maxStalledCount: 1 },
  );
  // (BullMQ passes its connections' errors on, and prints each one nobody listens to: a stack trace
  // a retry once the server is gone, 76 in 10 s)
  worker.on('error', () => {});
  await worker.waitUntilReady();
  return {
    close: async () => {
      // (once the server is gone, BullMQ's own connections too: its blocking one kept retrying, and
      // the process alive)
      await closeEvenIfGone(
        (gone) => (gone ? Promise.all([worker.disconnect(), worker.close(true)]) : worker.close()),
        [connection, store],
      );
      store.disconnect();
      connection.disconnect();
    },
  };
}

/**
 * A job's queries, decoded: `BAD_DATA` naming the job for anything else (a queue's jobs come from
 * its store, where anything may be written; they failed with TypeErrors of their own).
 */
function jobQueries(data: unknown, id: string): unknown[] {
  if (typeof data !== 'object' || data === null)
    throw new FirstTouchError(
      'BAD_DATA',
      `job ${id}: data must be {op, queries}, got ${describeValue(data)}`,
    );
  let list: unknown;
  try {
    list = decode((data as { queries?: unknown }).queries);
  } catch (e) {
    throw new FirstTouchError(
      'BAD_DATA',
      `job ${id}: queries must be an encoded list: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  if (!Array.isArray(list))
    throw new FirstTouchError('BAD_DATA', `job ${id}: queries must be a list, got ${describeValue(list)}`);
  // A hole is refused at the first one: a job of 20 bytes decoding to a sparse list of length
  // 2³² − 1 held the worker's loop for good (a failure record a hole), where a dense list costs the
  // store bytes in proportion to its length.
  for (let i = 0; i < list.length; i++) {
    if (!(i in list)) throw new FirstTouchError('BAD_DATA', `job ${id}: queries[${i}] is a hole`);
  }
  return list;
}

/** The longest delay a Node timer takes, in milliseconds (2³¹ − 1). */
const MAX_TIMER_MS = 2 ** 31 - 1;

function positiveInteger(x: unknown, name: string, where: string, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 1 || x > max)
    throw new FirstTouchError(
      'INVALID_OPTION',
      max === Number.MAX_SAFE_INTEGER
        ? `${where}: ${name} must be an integer ≥ 1, got ${describeValue(x)}`
        : `${where}: ${name} must be an integer in [1, ${max}], got ${describeValue(x)}`,
    );
  return x;
}
