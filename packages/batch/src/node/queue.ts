/**
 * The batch on many machines, Node only: {@link QueueClient} (the producer) and
 * {@link startQueueWorker} (run one a core on every machine) over a BullMQ queue on Redis. Needs the
 * optional peer dependencies `bullmq` and `ioredis`.
 *
 * @packageDocumentation
 */

export { redactedRedisUrl } from '../redis-url.js';
export { QueueClient, type QueueClientOptions, type QueueQuery } from './queue-client.js';
export type { QueueOptions } from './queue-options.js';
export { type QueueWorker, type QueueWorkerOptions, startQueueWorker } from './queue-worker.js';
