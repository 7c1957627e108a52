import { redactedRedisUrl } from '@firsttouch/batch';
import { numberOption, parseArgs } from '../args.js';
import type { CliIO } from '../cli-io.js';
import { UsageError } from '../usage-error.js';
import { queueArgs, queueModule } from './queue-args.js';

/** The longest delay Node's timers take (2³¹ − 1 ms); a longer one fires at once, with a warning. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const BATCH_WORKER_HELP = `firsttouch batch-worker --redis URL [options]
  Answers the queries of 'firsttouch batch --redis URL' (and of @firsttouch/batch's QueueClient)
  from a BullMQ queue on Redis until it is stopped (Ctrl-C, SIGTERM): it finishes the job in hand,
  then exits. Run one a core on as many machines as you like; they share the queue's jobs. A worker
  that dies has its job taken by another after --lock-ms. Needs the packages bullmq and ioredis.
  --redis URL        the Redis server (redis://host:port, rediss:// for TLS)
  --queue NAME       the queue's name (default firsttouch)
  --concurrency N    jobs at once in this process (default 1: one process a core is faster)
  --lock-ms MS       how long a job stays this worker's without word from it (default 30000,
                     at most 2147483647: Node's longest timer)`;

/**
 * `firsttouch batch-worker`: runs until the promise `stop()` gives resolves (the process's SIGINT or
 * SIGTERM, from main: asked for once the worker has started), then closes after the job in hand.
 */
export async function batchWorkerCommand(
  argv: string[],
  io: CliIO,
  stop: () => Promise<void>,
): Promise<number> {
  const args = parseArgs(argv, ['redis', 'queue', 'concurrency', 'lock-ms'], ['json']);
  if (args.positional.length > 0)
    throw new UsageError(`batch-worker takes no file, got ${args.positional[0]}`);
  const place = queueArgs(args);
  if (place === undefined) throw new UsageError('batch-worker needs --redis URL');
  const concurrency = numberOption(
    args,
    'concurrency',
    (x) => Number.isInteger(x) && x >= 1,
    'an integer ≥ 1',
  );
  // At most 2³¹ − 1 ms (about 24.8 days), the longest timer Node keeps: past it, every lock renewal
  // warned TimeoutOverflowWarning on stderr and fired after 1 ms instead.
  const lockDuration = numberOption(
    args,
    'lock-ms',
    (x) => Number.isInteger(x) && x >= 100 && x <= MAX_TIMER_MS,
    `an integer in [100, ${MAX_TIMER_MS}]`,
  );
  const { startQueueWorker } = await queueModule();
  let answered = 0;
  const worker = await startQueueWorker({
    ...place,
    ...(concurrency === undefined ? {} : { concurrency }),
    ...(lockDuration === undefined ? {} : { lockDuration, stalledInterval: lockDuration }),
    onJob: (n) => {
      answered += n;
      io.progress?.(`\r\x1b[Kfirsttouch batch-worker: ${answered} queries answered`);
    },
  });
  io.err(`firsttouch batch-worker: answering queue ${place.queue} on ${redactedRedisUrl(place.redis)}`);
  await stop();
  await worker.close();
  io.err(`\nfirsttouch batch-worker: stopped after ${answered} queries`);
  return 0;
}
