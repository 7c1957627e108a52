// The producer side of the job engine: bodies stored once in Redis by content hash, a batch split
// into jobs of a few hundred queries, the answers gathered in input order from the jobs' return
// values.
/// <reference types="node" preserve="true" />
import type { FirstImpact2Result, FirstImpactResult } from '@firsttouch/broadphase';
import type { TimeOfImpact2Result, TimeOfImpactResult } from '@firsttouch/ccd';
import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { type BatchArgs, batchArgs } from '../batch-args.js';
import { serializeBody } from '../codecs.js';
import type { BatchFailure, OpName } from '../protocol.js';
import type {
  BatchOptions,
  DistanceResultOf,
  FirstImpact2Query,
  FirstImpactQuery,
  TimeOfImpact2Query,
  TimeOfImpactQuery,
} from '../types.js';
import { closeEvenIfGone, connect, type QueueOptions, queueOptions, reachable } from './queue-options.js';
import { runOnQueue } from './queue-run.js';
import { bodyBytes, bodyKey } from './queue-wire.js';

/**
 * A query of a {@link QueueClient}: the local pool's query with bodies named by the content hash
 * {@link QueueClient.add} returned.
 *
 * @example
 * ```ts
 * import type { QueueQuery } from '@firsttouch/batch/queue';
 * import type { TimeOfImpactQuery } from '@firsttouch/batch';
 * const q: QueueQuery<TimeOfImpactQuery> = { a: 'c0ffee…', b: 'c0ffee…', motion: { a: [], b: [] } as never };
 * ```
 */
export type QueueQuery<Q> = {
  [K in keyof Q]: Q[K] extends number ? string : Q[K] extends number[] ? string[] : Q[K];
};

/**
 * Options of a {@link QueueClient}.
 *
 * @example
 * ```ts
 * import type { QueueClientOptions } from '@firsttouch/batch/queue';
 * const options: QueueClientOptions = { redis: 'redis://127.0.0.1:6379', queue: 'toi', bodyTtlSeconds: 3600 };
 * ```
 */
export interface QueueClientOptions extends QueueOptions {
  /** Seconds a stored body stays in Redis after it was last added (default a day; at most 2³¹ − 1, 68 years). */
  bodyTtlSeconds?: number;
}

/** The longest time to live of a stored body, in seconds (2³¹ − 1: 68 years, well within Redis's). */
const MAX_TTL_SECONDS = 2 ** 31 - 1;

/**
 * The producer of distributed batches: the same calls as `BatchPool`, answered by
 * `startQueueWorker` processes on any number of machines through a BullMQ queue on Redis. Bodies are
 * stored once in Redis under their content hash (which is their id here) and fetched once by each
 * worker; a batch goes as jobs of `chunkSize` queries (default 256), each answered whole by one
 * worker. A worker that dies mid-job loses its lock; the job goes back to the queue once (BullMQ's
 * stalled-job check), and a job that stalls twice is reported, each of its queries
 * `WORKER_FAILED`. Every answer lands once, in its place: a job's answer is taken from its return
 * value, which only the worker holding its lock can set.
 *
 * @example
 * ```ts
 * import { QueueClient } from '@firsttouch/batch/queue';
 * // const client = new QueueClient({ redis: 'redis://127.0.0.1:6379', queue: 'toi' });
 * // const a = await client.add(bunny), b = await client.add(pebble);
 * // const results = await client.timeOfImpact([{ a, b, motion }]);
 * // await client.close();
 * console.log(typeof QueueClient); // function
 * ```
 */
export class QueueClient {
  readonly #where: Required<QueueOptions>;
  readonly #ttl: number;
  readonly #store: Redis;
  /** BullMQ's queue and its events, made once Redis is reachable (see `#reachable`). */
  #bull: { queue: Queue; events: QueueEvents } | undefined;
  /** The connections of the queue and its events: BullMQ leaves connections it was given open. */
  readonly #connections: Redis[];
  readonly #bodies = new Set<string>();
  /** The batches running, each by its stop: `close` rejects them with `ABORTED`. */
  readonly #running = new Set<(why: string) => void>();
  #closed = false;
  /** The connections' readiness, asked for by the first call (and again after a failure). */
  #ready: Promise<void> | undefined;

  /** Connects (lazily: the first call waits for Redis). @throws `FirstTouchError` `INVALID_OPTION`. */
  constructor(options: QueueClientOptions) {
    this.#where = queueOptions(options, 'QueueClient');
    const ttl = options.bodyTtlSeconds ?? 86_400;
    // (Redis refuses an expiry it cannot add to its clock in milliseconds, and a number written in
    // exponent form: 1e300 and 2⁶³ were taken here and refused by every add, with a bare Redis error)
    if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 1 || ttl > MAX_TTL_SECONDS)
      throw new FirstTouchError(
        'INVALID_OPTION',
        `QueueClient: bodyTtlSeconds must be an integer in [1, ${MAX_TTL_SECONDS}], got ${describeValue(ttl)}`,
      );
    this.#ttl = ttl;
    const { redis } = this.#where;
    this.#store = connect(redis);
    this.#connections = [connect(redis), connect(redis)];
  }

  /**
   * Stores a body in Redis (once: its key is its content hash; adding it again only renews its
   * time to live) and returns its id, the hash.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for a value that is not a body.
   */
  async add(body: unknown): Promise<string> {
    if (this.#closed) throw new FirstTouchError('INVALID_OPTION', 'QueueClient.add: the client is closed');
    const { bytes, hash } = bodyBytes(serializeBody(body, false, 'QueueClient.add'));
    await this.#reachable('QueueClient.add');
    const { queue, prefix } = this.#where;
    await this.#store.set(bodyKey(prefix, queue, hash), bytes, 'EX', this.#ttl);
    this.#bodies.add(hash);
    return hash;
  }

  /** `BatchPool.timeOfImpact` on the queue's workers. */
  timeOfImpact(
    queries: readonly QueueQuery<TimeOfImpactQuery>[],
    options?: BatchOptions,
  ): Promise<Array<TimeOfImpactResult | BatchFailure>> {
    return this.#batch('timeOfImpact', queries, options);
  }

  /** `BatchPool.timeOfImpact2` on the queue's workers. */
  timeOfImpact2(
    queries: readonly QueueQuery<TimeOfImpact2Query>[],
    options?: BatchOptions,
  ): Promise<Array<TimeOfImpact2Result | BatchFailure>> {
    return this.#batch('timeOfImpact2', queries, options);
  }

  /** `BatchPool.distance` on the queue's workers. */
  distance(
    queries: readonly object[],
    options?: BatchOptions,
  ): Promise<Array<DistanceResultOf | BatchFailure>> {
    return this.#batch('distance', queries, options);
  }

  /** `BatchPool.firstImpact` on the queue's workers. */
  firstImpact(
    scenes: readonly QueueQuery<FirstImpactQuery>[],
    options?: BatchOptions,
  ): Promise<Array<FirstImpactResult | BatchFailure>> {
    return this.#batch('firstImpact', scenes, options);
  }

  /** `BatchPool.firstImpact2` on the queue's workers. */
  firstImpact2(
    scenes: readonly QueueQuery<FirstImpact2Query>[],
    options?: BatchOptions,
  ): Promise<Array<FirstImpact2Result | BatchFailure>> {
    return this.#batch('firstImpact2', scenes, options);
  }

  /**
   * Disconnects (the stored bodies stay until their time to live ends); batches still running reject
   * with `ABORTED`, as the pool's do (they were left waiting, and their poll kept the process alive).
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const stop of [...this.#running]) stop('the client was closed');
    const bull = this.#bull;
    if (bull !== undefined)
      await closeEvenIfGone(
        () => Promise.all([bull.queue.close(), bull.events.close()]),
        [this.#store, ...this.#connections],
      );
    this.#store.disconnect();
    for (const c of this.#connections) c.disconnect();
  }

  /**
   * Waits for Redis: `QUEUE_UNREACHABLE` rather than commands queued forever for a server that is
   * down. BullMQ's queue and events are made only then: their close waits for their connections to
   * be ready, and their retry loops would keep the process alive.
   */
  async #reachable(where: string): Promise<{ queue: Queue; events: QueueEvents }> {
    this.#ready ??= reachable([this.#store, ...this.#connections], this.#where.redis, where);
    try {
      await this.#ready;
    } catch (e) {
      this.#ready = undefined;
      throw e;
    }
    if (this.#bull === undefined) {
      const { queue, prefix } = this.#where;
      const bull = {
        queue: new Queue(queue, { connection: this.#connections[0], prefix }),
        events: new QueueEvents(queue, { connection: this.#connections[1], prefix }),
      };
      // (BullMQ passes its connections' errors on and prints each one nobody listens to)
      bull.queue.on('error', () => {});
      bull.events.on('error', () => {});
      this.#bull = bull;
    }
    return this.#bull;
  }

  #batch<R>(
    op: OpName,
    queries: readonly unknown[],
    options: BatchOptions | undefined,
  ): Promise<Array<R | BatchFailure>> {
    const where = `QueueClient.${op}`;
    let args: BatchArgs;
    try {
      if (this.#closed) throw new FirstTouchError('INVALID_OPTION', `${where}: the client is closed`);
      args = batchArgs(where, queries, options);
    } catch (e) {
      return Promise.reject(e);
    }
    // (the queries and options as read once: the run reads no getter again)
    return runOnQueue(op, args.queries, args, {
      reachable: (w) => this.#reachable(w),
      closed: () => this.#closed,
      hasBody: (id) => typeof id === 'string' && this.#bodies.has(id),
      running: this.#running,
    }) as Promise<Array<R | BatchFailure>>;
  }
}
