// The options both sides of the job engine share: where Redis is, which queue, the key prefix.
/// <reference types="node" preserve="true" />
import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { Redis } from 'ioredis';

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

/** A new connection (BullMQ wants one per Queue, Worker and QueueEvents, and no retry limit). */
export function connect(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null });
}
