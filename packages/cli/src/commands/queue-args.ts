// The job-queue side of `firsttouch batch --redis` and `firsttouch batch-worker`: where the queue
// is, and `@firsttouch/batch/queue` loaded only when asked (it needs bullmq and ioredis, which a
// user of the local commands need not install).

import type { BatchProgress } from '@firsttouch/batch';
import { redactedRedisUrl } from '@firsttouch/batch';
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
    throw new UsageError(`--redis must be a redis:// URL, got ${shownUrl(String(redis))}`);
  // (a URL that does not parse reached ioredis, whose `Invalid URL` read as the tool's own bug)
  const fault = urlFault(redis);
  if (fault !== undefined)
    throw new UsageError(`--redis must be a redis:// URL, got ${shownUrl(redis)}: ${fault}`);
  const name = queue ?? 'firsttouch';
  if (typeof name !== 'string' || name === '' || name.includes(':'))
    throw new UsageError(`--queue must be a name without ':', got ${JSON.stringify(String(name))}`);
  return { redis, queue: name };
}

/** Why a `redis://` URL is none a client can connect to (it does not parse, port 0), or undefined. */
function urlFault(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // The parser says only `Invalid URL`: a port out of range is the likeliest slip, so it is named.
    const port = /^rediss?:\/\/(?:[^@/]*@)?(?:\[[^\]]*\]|[^:/?#[]*):(\d+)(?:[/?#]|$)/.exec(url)?.[1];
    if (port !== undefined && Number(port) > 65535) return `port ${port} is past 65535`;
    return 'it does not parse as a URL';
  }
  if (parsed.port === '0') return 'port 0 is no port to connect to';
  return undefined;
}

/** A URL as a message shows it: without its user and password, quoted as JSON (no control character reaches the terminal). */
function shownUrl(url: string): string {
  return JSON.stringify(redactedRedisUrl(url));
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
  run(
    op: 'toi' | 'distance',
    queries: object[],
    options: { onProgress: (p: BatchProgress) => void; signal?: AbortSignal },
  ): Promise<unknown[]>;
  close(): Promise<void>;
}> {
  const { QueueClient } = await queueModule();
  const client = new QueueClient(place);
  return {
    add: (body) => client.add(body),
    run: (op, queries, options) =>
      op === 'toi' ? client.timeOfImpact(queries as never, options) : client.distance(queries, options),
    close: () => client.close(),
  };
}
