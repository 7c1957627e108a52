import type { FirstImpact2Result, FirstImpactResult } from '@firsttouch/broadphase';
import type { TimeOfImpact2Result, TimeOfImpactResult } from '@firsttouch/ccd';
import {
  type AbortSignalLike,
  abortReasonText,
  assertCallback,
  describeValue,
  FirstTouchError,
} from '@firsttouch/pose';
import { defaultWorkerCount, spawnWorker } from '#spawn';
import { listenForAbort } from './abort-listener.js';
import { type BatchArgs, batchArgs, signalAborted } from './batch-args.js';
import { serializeBody } from './codecs.js';
import { type BatchJob, type BatchRun, jobsOf, recordAnswers, runOf } from './jobs.js';
import type { BatchFailure, FromWorker, OpName, WorkerPort } from './protocol.js';
import type {
  BatchOptions,
  DistanceQuery,
  DistanceResultOf,
  FirstImpact2Query,
  FirstImpactQuery,
  PoolOptions,
  TimeOfImpact2Query,
  TimeOfImpactQuery,
} from './types.js';
import { ended, hasRoom, isPort, type Slot } from './worker-slot.js';

/**
 * A pool of workers (worker threads in Node, web workers in a browser) that answers batches of
 * queries: bodies are sent to every worker once, by {@link BatchPool.add}, and named by id in the
 * queries; the answers come back in input order, each equal bit for bit to the sequential call's
 * (`timeOfImpact`, `timeOfImpact2`, `surfaceDistance` / `curveDistance`, `firstImpact`,
 * `firstImpact2`). A query that fails gets a {@link BatchFailure} record in its place while the
 * others are answered; a worker that dies has its queries retried once, each alone, on another
 * worker, then reported (`WORKER_FAILED`); an aborted batch rejects with `ABORTED` and its workers
 * stop within a step. Close the pool when done (its workers keep a process alive).
 *
 * @example
 * ```ts
 * import { BatchPool } from '@firsttouch/batch';
 * import { box } from '@firsttouch/mesh';
 * import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
 * const pool = new BatchPool({ workers: 2 });
 * const a = pool.add(box(1));
 * const b = pool.add(box(0.5));
 * const still = [identityPose(), identityPose()] as const;
 * const queries = [3, 4, 5].map((x) => ({
 *   a, b, motion: { a: still, b: [poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]), identityPose()] as const },
 * }));
 * const results = await pool.timeOfImpact(queries);
 * console.log(results.map((r) => ('toi' in r ? r.toi.toFixed(4) : r.error.code)).join(' ')); // 0.7500 0.8125 0.8500
 * await pool.close();
 * ```
 */
export class BatchPool {
  /** How many workers the pool keeps. */
  readonly workers: number;
  /** Whether bodies are sent in shared memory (one copy for all workers). */
  readonly shared: boolean;
  readonly #spawn: () => WorkerPort;
  readonly #slots: Slot[] = [];
  /** Every body added, as data, by id: a worker started later gets them all. */
  readonly #bodies = new Map<number, { readonly kind: string }>();
  readonly #queue: BatchJob[] = [];
  readonly #runs = new Set<BatchRun>();
  #nextBody = 0;
  #nextJob = 0;
  /** Workers in a row that died before answering anything: past a few, the pool gives up. */
  #failedStarts = 0;
  /** Whether any worker of the pool has answered: then the workers can start. */
  #answeredOnce = false;
  /** Why the pool gave up (its workers cannot start): every later batch is refused with it. */
  #gaveUp: string | undefined;
  #closed = false;
  /** Whether `#pump` is running: a port that answers inside `post` calls it again, from within. */
  #pumping = false;
  /** A pump asked for while one ran: the running one goes round again rather than recursing. */
  #pumpAgain = false;

  /**
   * Starts the workers.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for bad options.
   */
  constructor(options: PoolOptions = {}) {
    if (typeof options !== 'object' || options === null) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `BatchPool: options must be an object, got ${describeValue(options)}`,
      );
    }
    const n = options.workers ?? defaultWorkerCount();
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 1024) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `BatchPool: workers must be an integer in [1, 1024], got ${describeValue(n)}`,
      );
    }
    const canShare =
      typeof SharedArrayBuffer === 'function' &&
      (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false;
    const shared = options.shared ?? canShare;
    if (typeof shared !== 'boolean' || (shared && !canShare)) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `BatchPool: shared must be a boolean, and true only where SharedArrayBuffer can be posted, got ${describeValue(shared)}`,
      );
    }
    assertCallback(options.spawn, 'BatchPool: spawn');
    this.workers = n;
    this.shared = shared;
    this.#spawn = options.spawn ?? spawnWorker;
    for (let i = 0; i < n; i++) this.#start();
  }

  /**
   * Sends a body (a Surface, a Curve, a convex shape or a compound, 3-D or 2-D) to every worker, once (in shared
   * memory when {@link BatchPool.shared}: one copy for all), with its tree (built now if it was not
   * yet: in shared memory for a large body, see `LARGE_BODY`), and returns the id that queries name it
   * by. A surface built with `{shared: true}` is sent without any copy.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for a value that is not a body, or a closed pool.
   */
  add(body: unknown): number {
    this.#assertOpen('add');
    const data = serializeBody(body, this.shared, 'BatchPool.add');
    const id = this.#nextBody++;
    this.#bodies.set(id, data);
    // (over a copy: a port that reports its end from inside post changes the list)
    for (const slot of [...this.#slots]) if (slot.alive) slot.port.post({ type: 'body', id, data });
    return id;
  }

  /**
   * Forgets body `id` in every worker (queries sent afterwards that name it fail with
   * `UNKNOWN_BODY`). False when the pool does not hold it; `INVALID_OPTION` once the pool is closed,
   * as {@link add}.
   */
  remove(id: number): boolean {
    // (as add: a closed pool holds nothing to remove; it answered true)
    this.#assertOpen('remove');
    if (!this.#bodies.delete(id)) return false;
    for (const slot of [...this.#slots]) if (slot.alive) slot.port.post({ type: 'drop', id });
    return true;
  }

  /** The time of impact of each query (`timeOfImpact(a, b, motion, options)`), in order. */
  timeOfImpact(
    queries: readonly TimeOfImpactQuery[],
    options?: BatchOptions,
  ): Promise<Array<TimeOfImpactResult | BatchFailure>> {
    return this.#batch('timeOfImpact', queries, options);
  }

  /** The 2-D time of impact of each query (`timeOfImpact2`), in order. */
  timeOfImpact2(
    queries: readonly TimeOfImpact2Query[],
    options?: BatchOptions,
  ): Promise<Array<TimeOfImpact2Result | BatchFailure>> {
    return this.#batch('timeOfImpact2', queries, options);
  }

  /**
   * The distance of each query at its poses (`surfaceDistance` for surfaces, `curveDistance` for
   * curves, `shapeDistance` / `shapeDistance2` for two convex shapes, with
   * `{...options, poseA, poseB}`), in order.
   */
  distance(
    queries: readonly DistanceQuery[],
    options?: BatchOptions,
  ): Promise<Array<DistanceResultOf | BatchFailure>> {
    return this.#batch('distance', queries, options);
  }

  /** The earliest contact of each scene (`firstImpact(bodies, poses0, poses1, options)`), in order. */
  firstImpact(
    scenes: readonly FirstImpactQuery[],
    options?: BatchOptions,
  ): Promise<Array<FirstImpactResult | BatchFailure>> {
    return this.#batch('firstImpact', scenes, options);
  }

  /** The earliest contact of each 2-D scene (`firstImpact2`), in order. */
  firstImpact2(
    scenes: readonly FirstImpact2Query[],
    options?: BatchOptions,
  ): Promise<Array<FirstImpact2Result | BatchFailure>> {
    return this.#batch('firstImpact2', scenes, options);
  }

  /** Stops every worker; batches still running reject with `ABORTED`. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const run of [...this.#runs])
      this.#settle(run, new FirstTouchError('ABORTED', `${run.where}: the pool was closed`));
    this.#queue.length = 0;
    const ports = this.#slots.map((s) => s.port);
    for (const s of this.#slots) s.alive = false;
    await Promise.all(ports.map(ended));
  }

  #assertOpen(where: string): void {
    if (this.#closed) throw new FirstTouchError('INVALID_OPTION', `BatchPool.${where}: the pool is closed`);
  }

  #batch<R>(
    op: OpName,
    queries: readonly unknown[],
    options: BatchOptions | undefined,
  ): Promise<Array<R | BatchFailure>> {
    const where = `BatchPool.${op}`;
    let args: BatchArgs;
    try {
      this.#assertOpen(op);
      args = batchArgs(where, queries, options);
      if (signalAborted(args.signal))
        throw new FirstTouchError('ABORTED', `${where}: aborted before it started`);
      if (this.#gaveUp !== undefined) throw new FirstTouchError('WORKER_FAILED', `${where}: ${this.#gaveUp}`);
    } catch (e) {
      return Promise.reject(e);
    }
    const list = args.queries;
    return new Promise((resolve, reject) => {
      const run = runOf(op, where, list.length, args, this.shared, resolve as never, reject);
      const size = args.chunkSize ?? Math.max(1, Math.min(256, Math.ceil(list.length / (16 * this.workers))));
      const jobs = jobsOf(
        run,
        list,
        size,
        (id) => this.#bodies.has(id as number),
        () => this.#nextJob++,
      );
      const signal = args.signal;
      run.signal = signal;
      try {
        run.detach = listenForAbort(signal, () => this.#abort(run, signal as AbortSignalLike), where);
      } catch (e) {
        // (before the run is listed: it was left among the pool's runs, never settled)
        reject(e);
        return;
      }
      this.#runs.add(run);
      this.#queue.push(...jobs);
      this.#finishIfDone(run);
      this.#pump();
    });
  }

  /** Stops a batch: its promise rejects now, its queued jobs go, its running ones are told to stop. */
  #abort(run: BatchRun, signal: AbortSignalLike): void {
    if (run.settled) return;
    let why = '';
    try {
      // (a reason no String() can convert once threw out of the listener: an uncaught error)
      if (signal.reason !== undefined) why = abortReasonText(signal.reason);
    } catch {
      why = 'a reason that cannot be read';
    }
    this.#settle(
      run,
      new FirstTouchError(
        'ABORTED',
        `${run.where}: aborted after ${run.done} of ${run.total} queries${why ? ` (${why})` : ''}`,
      ),
    );
    if (run.stop !== undefined) {
      // The workers read the flag between queries and inside each long call.
      Atomics.store(run.stop, 0, 1);
    } else {
      // No shared memory to tell them through: the workers busy with this batch are stopped.
      for (const slot of this.#slots) {
        if (slot.alive && [...slot.inFlight.values()].some((j) => j.run === run))
          this.#lose(slot, 'stopped by an abort', true);
      }
    }
  }

  #settle(run: BatchRun, error?: unknown): void {
    if (run.settled) return;
    run.settled = true;
    this.#runs.delete(run);
    run.detach?.();
    for (let i = this.#queue.length - 1; i >= 0; i--)
      if (this.#queue[i].run === run) this.#queue.splice(i, 1);
    if (error !== undefined) run.reject(error);
    else run.resolve(run.results);
  }

  #finishIfDone(run: BatchRun): void {
    if (!run.settled && run.done === run.total) this.#settle(run);
  }

  /** Records answers (or failures) of a job's queries. */
  #record(job: BatchJob, results: readonly unknown[]): void {
    if (job.run.settled) return;
    recordAnswers(job, results);
    this.#finishIfDone(job.run);
  }

  #start(): void {
    let port: WorkerPort;
    try {
      port = this.#spawn();
      if (!isPort(port)) {
        throw new FirstTouchError(
          'INVALID_OPTION',
          `spawn must return a worker port (listen, post, terminate), got ${describeValue(port)}`,
        );
      }
    } catch (e) {
      this.#giveUp(`a worker could not be started (${abortReasonText(e)})`);
      return;
    }
    const slot: Slot = { port, inFlight: new Map(), answered: 0, alive: true };
    try {
      port.listen(
        (message) => this.#onMessage(slot, message),
        (why) => this.#lose(slot, why),
      );
    } catch (e) {
      void ended(port);
      this.#giveUp(`a worker could not be started (${abortReasonText(e)})`);
      return;
    }
    // A port that reported its end from inside listen is already lost (and replaced): it was listed
    // anyway, a dead worker among the live ones.
    if (!slot.alive) return;
    this.#slots.push(slot);
    for (const [id, data] of this.#bodies) {
      if (!slot.alive) return;
      port.post({ type: 'body', id, data });
    }
  }

  #onMessage(slot: Slot, message: FromWorker): void {
    if (typeof message !== 'object' || message === null) return;
    const job = slot.inFlight.get(message.job);
    if (job === undefined) return;
    slot.inFlight.delete(message.job);
    slot.answered++;
    this.#answeredOnce = true;
    this.#failedStarts = 0;
    // A port of the caller's own may answer anything: results that are not one a query are each
    // query's failure (null threw out of the port's callback, too few left holes in the results).
    const results = message.results;
    const n = job.indices.length;
    if (!Array.isArray(results) || results.length !== n) {
      const failure: BatchFailure = {
        error: {
          code: 'INTERNAL',
          message: `the worker answered ${Array.isArray(results) ? `${results.length} results` : describeValue(results)} for a job of ${n} queries`,
        },
      };
      this.#record(
        job,
        job.indices.map(() => failure),
      );
    } else this.#record(job, results);
    this.#pollAborts();
    this.#pump();
  }

  /**
   * Aborts the runs whose signal says so: a signal with no `addEventListener` (an
   * `AbortSignalLike` of the caller's own) is read at every answer, so its batch stops within a job.
   */
  #pollAborts(): void {
    for (const run of [...this.#runs]) {
      const signal = run.signal;
      if (signal === undefined || run.detach !== undefined) continue;
      let aborted = false;
      try {
        aborted = signal.aborted === true;
      } catch {
        aborted = true;
      }
      if (aborted) this.#abort(run, signal);
    }
  }

  /**
   * A worker is gone: its jobs are retried (each query alone, once) or reported, and another starts.
   * A worker stopped by an abort (`aborted`) failed nothing: the other batches' jobs it held go back to
   * the queue as they were, and it does not count as a worker that could not start.
   */
  #lose(slot: Slot, why: string, aborted = false): void {
    if (!slot.alive) return;
    slot.alive = false;
    // (not listed yet when it ended inside listen: splice(-1) removed a healthy worker, never ended)
    const at = this.#slots.indexOf(slot);
    if (at >= 0) this.#slots.splice(at, 1);
    void ended(slot.port);
    if (this.#closed) return;
    // A worker that died holding queries, in a pool whose workers have answered, died of a query
    // (retried alone, then reported below: each query is run twice at most, so such deaths are
    // bounded), not of a start that fails. Counted as failed starts, the deaths on retries alone
    // and then (an adversarial probe) a burst of first runs of queries that kill their worker made
    // the pool give up on every batch, for good.
    const diedOfQuery = this.#answeredOnce && slot.inFlight.size > 0;
    const retry: BatchJob[] = [];
    for (const job of slot.inFlight.values()) {
      if (job.run.settled) continue;
      if (aborted) {
        retry.push(job);
        continue;
      }
      if (job.attempt >= 2) {
        const failure: BatchFailure = {
          error: { code: 'WORKER_FAILED', message: `a worker died on this query twice (${why})` },
        };
        this.#record(
          job,
          job.indices.map(() => failure),
        );
        continue;
      }
      // Alone, so that a query that kills its worker again is the only one reported.
      job.queries.forEach((q, k) => {
        retry.push({
          run: job.run,
          id: this.#nextJob++,
          indices: [job.indices[k]],
          queries: [q],
          attempt: 2,
        });
      });
    }
    slot.inFlight.clear();
    this.#queue.unshift(...retry);
    if (slot.answered === 0 && !aborted && !diedOfQuery) this.#failedStarts++;
    if (this.#failedStarts > 2 * this.workers + 2) {
      this.#giveUp(`the workers die before answering anything (${why})`);
      return;
    }
    this.#start();
    this.#pump();
  }

  /** No worker can run: every batch fails with `WORKER_FAILED`, now and later. */
  #giveUp(why: string): void {
    this.#gaveUp ??= why;
    for (const run of [...this.#runs])
      this.#settle(run, new FirstTouchError('WORKER_FAILED', `${run.where}: ${why}`));
  }

  /**
   * Hands queued jobs to workers with room. A retry (a query whose worker died) goes alone to an idle
   * worker and nothing joins it there: pipelined with another, it was blamed for the other's death
   * (reported `WORKER_FAILED` without having run) or blamed the other for its own.
   */
  #pump(): void {
    if (this.#pumping) {
      this.#pumpAgain = true;
      return;
    }
    this.#pumping = true;
    try {
      do {
        this.#pumpAgain = false;
        // (over a copy: a port that reports its end from inside post changes the list)
        for (const slot of [...this.#slots]) this.#fill(slot);
      } while (this.#pumpAgain);
    } finally {
      this.#pumping = false;
    }
  }

  /** Posts queued jobs to one worker while it has room. */
  #fill(slot: Slot): void {
    while (slot.alive && this.#queue.length > 0 && hasRoom(slot)) {
      const job = this.#queue[0];
      if (job.run.settled) {
        this.#queue.shift();
        continue;
      }
      if (job.attempt >= 2 && slot.inFlight.size > 0) return;
      this.#queue.shift();
      // In flight before it is posted: a port may answer, or report its end, from inside post.
      slot.inFlight.set(job.id, job);
      try {
        slot.port.post({
          type: 'run',
          job: job.id,
          op: job.run.op,
          queries: job.queries,
          stop: job.run.stop,
        });
      } catch (e) {
        // (a job its worker's end already put back for a retry is that retry's)
        if (!slot.inFlight.delete(job.id)) continue;
        this.#unsendable(job, e);
      }
    }
  }

  /**
   * A job that cannot be copied to a worker (a function, a class instance with private state): split
   * to find the query, which is reported alone.
   */
  #unsendable(job: BatchJob, e: unknown): void {
    if (job.queries.length > 1) {
      this.#queue.unshift(
        ...job.queries.map((q, k) => ({
          ...job,
          id: this.#nextJob++,
          indices: [job.indices[k]],
          queries: [q],
        })),
      );
      return;
    }
    this.#record(job, [
      {
        error: {
          code: 'INVALID_OPTION',
          message: `cannot be sent to a worker: ${e instanceof Error ? e.message : String(e)}`,
        },
      } satisfies BatchFailure,
    ]);
  }
}
