// The options both sides of the job engine share: where Redis is, which queue, the key prefix.
/// <reference types="node" preserve="true" />

import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { Redis } from 'ioredis';
import { redactedRedisUrl } from '../redis-url.js';

/**
 * Where the queue lives: a Redis server and a queue name. Producers and workers that give the same
 * pair share the jobs.
 *
 * @example
 * ```ts
 * import type { QueueOptions } from '@firsttouch/batch/queue';
 * const where: QueueOptions = { redis: 'redis://127.0.0.1:6379', queue: 'toi' };
 * ```
 */
export interface QueueOptions {
  /** The Redis URL (`redis://host:port`, `rediss://…` for TLS, with `user:password@` if needed). */
  redis: string;
  /** The queue's name. */
  queue: string;
  /** The prefix of every key (BullMQ's, default `bull`). */
  prefix?: string;
}

/** The options checked, with the prefix filled in. */
export function queueOptions(o: unknown, where: string): Required<QueueOptions> {
  if (typeof o !== 'object' || o === null) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: options must be an object, got ${describeValue(o)}`,
    );
  }
  const { redis, queue, prefix = 'bull' } = o as QueueOptions;
  if (typeof redis !== 'string' || !/^rediss?:\/\//.test(redis))
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: redis must be a redis:// URL, got ${describeValue(redis)}`,
    );
  assertDatabase(redis, where);
  if (typeof queue !== 'string' || queue === '' || queue.includes(':'))
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: queue must be a name without ':', got ${describeValue(queue)}`,
    );
  if (typeof prefix !== 'string' || prefix === '')
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: prefix must be a non-empty string, got ${describeValue(prefix)}`,
    );
  return { redis, queue, prefix };
}

/**
 * Refuses a URL that is no URL, or whose database (`/N` or `?db=N`) is not a number: ioredis selects
 * `parseInt` of it, and a NaN database sent every command with a SELECT whose refusal nobody could
 * catch (an unhandled rejection: the process ended).
 */
function assertDatabase(redis: string, where: string): void {
  let url: URL;
  try {
    url = new URL(redis);
  } catch {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: redis must be a redis:// URL, got ${describeValue(redactedRedisUrl(redis))}`,
    );
  }
  const path = url.pathname.length > 1 ? url.pathname.slice(1) : undefined;
  // (every `db` given: ioredis takes the last, and a check of the first let `?db=0&db=x` through)
  for (const db of [path, ...url.searchParams.getAll('db')]) {
    if (db !== undefined && !/^\d+$/.test(db))
      throw new FirstTouchError(
        'INVALID_OPTION',
        `${where}: the database of redis URL ${redactedRedisUrl(redis)} must be a number (redis://host:port/N or ?db=N), got ${describeValue(db)}`,
      );
  }
}

/**
 * A new connection (BullMQ wants one per Queue, Worker and QueueEvents, and no retry limit). Its
 * errors are listened to: ioredis prints a stack trace a retry for a connection nobody listens to
 * (hundreds a minute for a server that is down); {@link reachable} reports the first one.
 */
export function connect(url: string): Redis {
  const connection = new Redis(url, { maxRetriesPerRequest: null });
  connection.on('error', () => {});
  return connection;
}

/**
 * Resolves once every connection is ready; rejects with `QUEUE_UNREACHABLE` at the first error of
 * one that is not (a refused connection, an unknown host, a timeout: ioredis then keeps retrying,
 * and every command would wait for it, forever).
 */
export function reachable(connections: readonly Redis[], url: string, where: string): Promise<void> {
  return Promise.all(
    connections.map(
      (c) =>
        new Promise<void>((resolve, reject) => {
          if (c.status === 'ready') {
            resolve();
            return;
          }
          const onReady = () => {
            c.off('error', onError);
            resolve();
          };
          const onError = (e: unknown) => {
            c.off('ready', onReady);
            reject(
              new FirstTouchError(
                'QUEUE_UNREACHABLE',
                `${where}: cannot reach Redis at ${redactedRedisUrl(url)}: ${e instanceof Error ? e.message : String(e)}`,
              ),
            );
          };
          c.once('ready', onReady);
          c.once('error', onError);
        }),
    ),
  ).then(() => {});
}

/** How long a close waits for BullMQ once the server is gone, at most. */
const GONE_GRACE_MS = 1000;

/**
 * Runs `close` (BullMQ's), but where a connection is not ready (the server went away) starts it
 * forced, disconnects the connections and waits for it at most {@link GONE_GRACE_MS}: BullMQ's close
 * waits for a connection that never comes back, and the process lived on (a worker did not stop on
 * SIGTERM).
 */
export async function closeEvenIfGone(
  close: (gone: boolean) => Promise<unknown>,
  connections: readonly Redis[],
): Promise<void> {
  if (connections.every((c) => c.status === 'ready')) {
    await close(false);
    return;
  }
  // (BullMQ's own teardown first: it waits for its connections' end, which a connection ended
  // already never sends, and its blocking connection kept retrying, the process alive)
  const closing = close(true).catch(() => undefined);
  for (const c of connections) c.disconnect();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    closing,
    new Promise((done) => {
      timer = setTimeout(done, GONE_GRACE_MS);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}
