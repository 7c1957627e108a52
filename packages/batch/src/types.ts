// The records of a batch call: its queries beside its options, as the library's calls take them.
import type { ImpactOptions } from '@firsttouch/broadphase';
import type { Motion2, Motion3, TimeOfImpactOptions } from '@firsttouch/ccd';
import type {
  CurveDistanceOptions,
  CurveDistanceResult,
  SurfaceDistanceOptions,
  SurfaceDistanceResult,
} from '@firsttouch/mesh';
import type { AbortSignalLike, Pose2Like, Pose3Like } from '@firsttouch/pose';
import type { WorkerPort } from './protocol.js';

/**
 * Options of a {@link BatchPool}.
 *
 * @example
 * ```ts
 * import type { PoolOptions } from '@firsttouch/batch';
 * const options: PoolOptions = { workers: 4 };
 * ```
 */
export interface PoolOptions {
  /** Workers to run (default: the machine's available parallelism; a browser's `hardwareConcurrency`). */
  workers?: number;
  /**
   * Send bodies in shared memory (default: true where a `SharedArrayBuffer` can be posted: Node, a
   * cross-origin isolated page): every worker reads one copy. Otherwise each worker gets its own.
   */
  shared?: boolean;
  /**
   * Starts one worker (default: a worker thread in Node, a module web worker in a browser, running
   * this package's worker): for a bundler that wants to place the worker file itself, or a test.
   */
  spawn?: () => WorkerPort;
}

/**
 * How far a batch has got: queries answered (or failed) of all.
 *
 * @example
 * ```ts
 * import type { BatchProgress } from '@firsttouch/batch';
 * const p: BatchProgress = { done: 10, total: 40 };
 * ```
 */
export interface BatchProgress {
  done: number;
  total: number;
}

/**
 * Options of one batch call.
 *
 * @example
 * ```ts
 * import type { BatchOptions } from '@firsttouch/batch';
 * const control = new AbortController();
 * const options: BatchOptions = { signal: control.signal, onProgress: (p) => console.log(p.done, p.total) };
 * ```
 */
export interface BatchOptions {
  /** Stops the batch: its promise rejects with `ABORTED`, and the workers stop within a step. */
  signal?: AbortSignalLike;
  /** Told after each message of answers (not each query). */
  onProgress?: (progress: BatchProgress) => void;
  /**
   * Queries a message to a worker (default: the batch split into 16 messages a worker, at most 256
   * queries each): larger amortises the message, smaller balances the workers.
   */
  chunkSize?: number;
}

/**
 * One query of `BatchPool.timeOfImpact`: the arguments of `timeOfImpact(a, b, motion, options)`,
 * bodies named by their pool ids.
 *
 * @example
 * ```ts
 * import type { TimeOfImpactQuery } from '@firsttouch/batch';
 * import { identityPose } from '@firsttouch/pose';
 * const q: TimeOfImpactQuery = { a: 0, b: 1, motion: { a: [identityPose(), identityPose()], b: [identityPose(), identityPose()] } };
 * ```
 */
export interface TimeOfImpactQuery {
  a: number;
  b: number;
  motion: Motion3;
  /** As `timeOfImpact` takes them, less `signal` and `onProgress` (the batch's own). */
  options?: Omit<TimeOfImpactOptions, 'signal' | 'onProgress'>;
}

/**
 * One query of `BatchPool.timeOfImpact2`: the arguments of `timeOfImpact2`, by ids.
 *
 * @example
 * ```ts
 * import type { TimeOfImpact2Query } from '@firsttouch/batch';
 * import { pose2 } from '@firsttouch/pose';
 * const q: TimeOfImpact2Query = { a: 0, b: 1, motion: { a: [pose2(), pose2()], b: [pose2(0, [2, 0]), pose2()] } };
 * ```
 */
export interface TimeOfImpact2Query {
  a: number;
  b: number;
  motion: Motion2;
  options?: Omit<TimeOfImpactOptions, 'signal' | 'onProgress'>;
}

/**
 * One query of `BatchPool.distance`: two bodies (both surfaces or both curves) at their poses.
 *
 * @example
 * ```ts
 * import type { DistanceQuery } from '@firsttouch/batch';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const q: DistanceQuery = { a: 0, b: 1, poseB: poseFromAxisAngle([0, 0, 1], 0, [2, 0, 0]) };
 * ```
 */
export interface DistanceQuery {
  a: number;
  b: number;
  poseA?: Pose3Like | Pose2Like;
  poseB?: Pose3Like | Pose2Like;
  /** The distance call's other options (`maxDistance`, `hint`, `convex`). */
  options?: Omit<SurfaceDistanceOptions, 'poseA' | 'poseB'> | Omit<CurveDistanceOptions, 'poseA' | 'poseB'>;
}

/**
 * What `BatchPool.distance` answers a query with: the distance call's result.
 *
 * @example
 * ```ts
 * import type { DistanceResultOf } from '@firsttouch/batch';
 * const show = (r: DistanceResultOf) => r.distance;
 * ```
 */
export type DistanceResultOf = SurfaceDistanceResult | CurveDistanceResult;

/**
 * One scene of `BatchPool.firstImpact`: the arguments of `firstImpact(bodies, poses0, poses1,
 * options)`, bodies by ids (one body may appear several times).
 *
 * @example
 * ```ts
 * import type { FirstImpactQuery } from '@firsttouch/batch';
 * import { identityPose } from '@firsttouch/pose';
 * const scene: FirstImpactQuery = { bodies: [0, 0], poses0: [identityPose(), identityPose()], poses1: [identityPose(), identityPose()] };
 * ```
 */
export interface FirstImpactQuery {
  bodies: number[];
  poses0: Pose3Like[];
  poses1: Pose3Like[];
  options?: Omit<ImpactOptions, 'signal' | 'onProgress'>;
}

/**
 * One scene of `BatchPool.firstImpact2` (curves and 2-D poses).
 *
 * @example
 * ```ts
 * import type { FirstImpact2Query } from '@firsttouch/batch';
 * import { pose2 } from '@firsttouch/pose';
 * const scene: FirstImpact2Query = { bodies: [0, 1], poses0: [pose2(), pose2()], poses1: [pose2(), pose2()] };
 * ```
 */
export interface FirstImpact2Query {
  bodies: number[];
  poses0: Pose2Like[];
  poses1: Pose2Like[];
  options?: Omit<ImpactOptions, 'signal' | 'onProgress'>;
}
