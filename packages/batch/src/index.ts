/**
 * Batches of firsttouch queries on every core: a pool of workers (worker threads in Node, web
 * workers in a browser) that holds bodies sent once and answers `timeOfImpact`, `timeOfImpact2`,
 * distances and `firstImpact` scenes in order, bit for bit as the sequential calls. The same batch on
 * many machines goes through `@firsttouch/batch/queue` (BullMQ on Redis, Node only). Depends on
 * `@firsttouch/pose`, `convex`, `mesh`, `ccd` and `broadphase`.
 *
 * @packageDocumentation
 */
export { Answerer } from './answer.js';
export { BODY_CODECS, type BodyCodec, LARGE_BODY } from './codecs.js';
export { BatchPool } from './pool.js';
export {
  type BatchFailure,
  type BodyId,
  type FromWorker,
  isBatchFailure,
  type OpName,
  type ToWorker,
  type WorkerPort,
} from './protocol.js';
export { redactedRedisUrl } from './redis-url.js';
export type {
  BatchOptions,
  BatchProgress,
  DistanceQuery,
  DistanceResultOf,
  FirstImpact2Query,
  FirstImpactQuery,
  PoolOptions,
  TimeOfImpact2Query,
  TimeOfImpactQuery,
} from './types.js';
