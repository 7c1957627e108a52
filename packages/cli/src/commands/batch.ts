import { dirname } from 'node:path';
import { BatchPool, type BatchProgress, isBatchFailure } from '@firsttouch/batch';
import type { Surface } from '@firsttouch/mesh';
import { numberOption, parseArgs } from '../args.js';
import { type BatchLine, LINE_HELP, LineError, readLine } from '../batch-lines.js';
import { type CliIO, OUTPUT_CLOSED } from '../cli-io.js';
import { failureOf } from '../failure.js';
import { loadSurface, readBounded } from '../load.js';
import { shownName, shownText } from '../shown-name.js';
import { UsageError } from '../usage-error.js';
import { loadQueue, queueArgs } from './queue-args.js';

export const BATCH_HELP = `firsttouch batch queries.jsonl [options]
  Answers one query a line, on every core (or on the machines of a job queue), and prints one JSON
  line an input line, in input order. A line that cannot be answered gets an error record in its
  place (its line number, what is wrong); the others are answered.
  --workers N        worker threads (default: every core)
  --redis URL        send the queries to a BullMQ queue on this Redis instead (workers:
                     'firsttouch batch-worker' on any machine); needs the packages bullmq and ioredis
  --queue NAME       the queue's name (default firsttouch)
Exit code 0 when every line was answered, 1 when some were not (they are named on stderr).

${LINE_HELP}`;

/** Lines sent as one batch call: the output of a block is written as soon as it is answered. */
const BLOCK = 8192;

/** Where bodies go and queries are answered: the local pool or the queue's producer. */
interface Answerer {
  add(body: Surface): Promise<number | string>;
  run(
    op: 'toi' | 'distance',
    queries: object[],
    options: { onProgress: (p: BatchProgress) => void; signal?: AbortSignal },
  ): Promise<unknown[]>;
  close(): Promise<void>;
}

/** An error record of one line, as the output carries it. */
interface LineFailure {
  kind: 'input' | 'internal';
  code?: string;
  message: string;
}

/** `firsttouch batch`. */
export async function batchCommand(argv: string[], io: CliIO): Promise<number> {
  const args = parseArgs(argv, ['workers', 'redis', 'queue'], ['json']);
  if (args.positional.length !== 1)
    throw new UsageError(`batch needs one file of queries, got ${args.positional.length}`);
  const workers = numberOption(
    args,
    'workers',
    (x) => Number.isInteger(x) && x >= 1 && x <= 1024,
    'an integer in [1, 1024]',
  );
  const remote = queueArgs(args);
  if (remote !== undefined && workers !== undefined)
    throw new UsageError('--workers is for the local pool, not with --redis');
  const [path] = args.positional;
  const text = new TextDecoder().decode(readBounded(path));
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (lines.at(-1) === '') lines.pop();

  const read: Array<BatchLine | LineFailure | undefined> = lines.map((line) => {
    if (line.trim() === '') return undefined;
    try {
      return readLine(line, dirname(path));
    } catch (e) {
      if (e instanceof LineError) return { kind: 'input', message: e.message };
      throw e;
    }
  });
  const answerer: Answerer = remote === undefined ? localPool(workers) : await loadQueue(remote);
  try {
    // Each file once: read, placed as it is, and sent to the workers with its tree.
    const bodies = new Map<string, number | string | LineFailure>();
    for (const r of read) {
      if (r === undefined || !('op' in r)) continue;
      for (const file of [r.a, r.b]) {
        if (bodies.has(file)) continue;
        try {
          bodies.set(file, await answerer.add(loadSurface(file)));
        } catch (e) {
          const f = failureOf(e);
          if (f.kind === 'usage' || f.kind === 'internal') throw e;
          bodies.set(file, { kind: 'input', ...(f.code ? { code: f.code } : {}), message: f.message });
        }
      }
    }
    const total = read.filter((r) => r !== undefined).length;
    const progress = progressLine(io.progress, total);
    let before = 0;
    const failures: string[] = [];
    // The reader of the output gone (`| head`): the workers stop and nothing more is written (the
    // next write crashed the process, an unhandled EPIPE with its stack trace, as the pool ran on).
    const closed = io.outClosed;
    for (let start = 0; start < lines.length; start += BLOCK) {
      if (closed?.aborted) return OUTPUT_CLOSED;
      const end = Math.min(lines.length, start + BLOCK);
      const out: unknown[] = new Array(end - start);
      const byOp = {
        toi: { at: [] as number[], queries: [] as object[] },
        distance: { at: [] as number[], queries: [] as object[] },
      };
      for (let i = start; i < end; i++) {
        const r = read[i];
        if (r === undefined) continue;
        if (!('op' in r)) {
          out[i - start] = { error: r };
          continue;
        }
        const a = bodies.get(r.a);
        const b = bodies.get(r.b);
        const missing = [a, b].find((x) => typeof x === 'object');
        if (missing !== undefined) {
          out[i - start] = { error: missing };
          continue;
        }
        byOp[r.op].at.push(i - start);
        byOp[r.op].queries.push({ a, b, ...r.fields });
      }
      const lineCount = read.slice(start, end).filter((r) => r !== undefined).length;
      // Lines answered in this block so far: those refused before sending, then the pool's progress.
      let doneHere = lineCount - byOp.toi.at.length - byOp.distance.at.length;
      const sent = { toi: 0, distance: 0 };
      const answered = Promise.all(
        (['toi', 'distance'] as const).map(async (op) => {
          if (byOp[op].queries.length === 0) return;
          const onProgress = (p: BatchProgress) => {
            doneHere += p.done - sent[op];
            sent[op] = p.done;
            progress.show(before + doneHere);
          };
          const results = await answerer.run(
            op,
            byOp[op].queries,
            closed === undefined ? { onProgress } : { onProgress, signal: closed },
          );
          byOp[op].at.forEach((k, j) => {
            const r = results[j];
            out[k] = isBatchFailure(r)
              ? { error: { kind: r.error.code === 'INTERNAL' ? 'internal' : 'input', ...r.error } }
              : r;
          });
        }),
      );
      try {
        await answered;
      } catch (e) {
        if (closed?.aborted) return OUTPUT_CLOSED;
        throw e;
      }
      if (closed?.aborted) return OUTPUT_CLOSED;
      before += lineCount;
      const block: string[] = [];
      for (let i = start; i < end; i++) {
        const r = out[i - start];
        if (read[i] === undefined) continue;
        const error = (r as { error?: LineFailure }).error;
        if (error !== undefined)
          // (a line's message quotes the line: shown escaped, one line of the summary each)
          failures.push(
            `${shownName(path)}:${i + 1}: ${shownText(error.message)}${error.code ? ` [${error.code}]` : ''}`,
          );
        block.push(lineJson(i + 1, r));
      }
      if (block.length > 0) io.out(block.join('\n'));
    }
    if (closed?.aborted) return OUTPUT_CLOSED;
    progress.end();
    if (failures.length > 0) {
      const shown = failures.slice(0, 10);
      const more = failures.length > shown.length ? `\n… and ${failures.length - shown.length} more` : '';
      io.err(
        `firsttouch batch: ${failures.length} of ${total} lines not answered:\n${shown.join('\n')}${more}`,
      );
      return 1;
    }
    return 0;
  } finally {
    await answerer.close();
  }
}

/** One output line: the line number first, typed arrays as plain arrays, on one line. */
function lineJson(line: number, result: unknown): string {
  return JSON.stringify({ line, ...(result as object) }, (_, v) =>
    ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v,
  );
}

function localPool(workers: number | undefined): Answerer {
  const pool = new BatchPool(workers === undefined ? {} : { workers });
  return {
    add: async (body) => pool.add(body),
    run: (op, queries, options) =>
      op === 'toi' ? pool.timeOfImpact(queries as never, options) : pool.distance(queries as never, options),
    close: () => pool.close(),
  };
}

/** The least time between two redraws of the progress line. */
const UPDATE_MS = 100;

/** `answered N of M (P %)` rewritten in place on a terminal; nothing elsewhere. */
function progressLine(write: ((text: string) => void) | undefined, total: number) {
  let shown = -Infinity;
  return {
    show(done: number) {
      if (write === undefined) return;
      const t = performance.now();
      if (t - shown < UPDATE_MS && done < total) return;
      shown = t;
      write(
        `\r\x1b[Kfirsttouch: batch … ${done} of ${total} lines (${((100 * done) / Math.max(1, total)).toFixed(0)} %)`,
      );
    },
    end() {
      if (write !== undefined && shown > -Infinity) write(`\r\x1b[Kfirsttouch: batch: ${total} lines\n`);
    },
  };
}
