// The job-queue side of `firsttouch batch --redis` and `firsttouch batch-worker`: where the queue
// is, and `@firsttouch/batch/queue` loaded only when asked (it needs bullmq and ioredis, which a
// user of the local commands need not install).
import type { BatchProgress } from '@firsttouch/batch';
import type { Surface } from '@firsttouch/mesh';
import type { Args } from '../args.js';
import { InputError, UsageError } from '../usage-error.js';

/** Where the queue lives. */
export interface QueuePlace {
  redis: string;
  queue: string;
}

/** `--redis URL` and `--queue NAME` (default firsttouch), or undefined without `--redis`. */
export function queueArgs(args: Args): QueuePlace | undefined {
  const redis = args.options.get('redis');
  const queue = args.options.get('queue');
  if (redis === undefined) {
    if (queue !== undefined) throw new UsageError(`--queue goes with --redis URL`);
    return undefined;
  }
  if (typeof redis !== 'string' || !/^rediss?:\/\/\S+$/.test(redis))
    throw new UsageError(`--redis must be a redis:// URL, got ${String(redis)}`);
  const name = queue ?? 'firsttouch';
  if (typeof name !== 'string' || name === '' || name.includes(':'))
    throw new UsageError(`--queue must be a name without ':', got ${String(name)}`);
  return { redis, queue: name };
}

/** The queue's module, or an InputError that says what to install. */
export async function queueModule(): Promise<typeof import('@firsttouch/batch/queue')> {
  try {
    return await import('@firsttouch/batch/queue');
  } catch (e) {
    throw new InputError(
      `the job queue needs the packages bullmq and ioredis next to @firsttouch/cli (npm install bullmq ioredis): ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

/** The producer of the queue, as `firsttouch batch` uses it. */
export async function loadQueue(place: QueuePlace): Promise<{
  add(body: Surface): Promise<string>;
  run(op: 'toi' | 'distance', queries: object[], onProgress: (p: BatchProgress) => void): Promise<unknown[]>;
  close(): Promise<void>;
}> {
  const { QueueClient } = await queueModule();
  const client = new QueueClient(place);
  return {
    add: (body) => client.add(body),
    run: (op, queries, onProgress) =>
      op === 'toi'
        ? client.timeOfImpact(queries as never, { onProgress })
        : client.distance(queries, { onProgress }),
    close: () => client.close(),
  };
}
