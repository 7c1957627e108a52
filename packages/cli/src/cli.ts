// The firsttouch command-line tool: exit 0 done, 1 bad input (the message names the file and what
// is wrong), 2 usage. Never a stack trace for a user's mistake; with --json, errors are JSON too.

import type { CliIO } from './cli-io.js';
import { BATCH_HELP, batchCommand } from './commands/batch.js';
import { BATCH_WORKER_HELP, batchWorkerCommand } from './commands/batch-worker.js';
import { DISTANCE_HELP, distanceCommand } from './commands/distance.js';
import { FIRST_IMPACT_HELP, firstImpactCommand } from './commands/first-impact.js';
import { SLICE_HELP, sliceCommand } from './commands/slice.js';
import { TOI_HELP, toiCommand } from './commands/toi.js';
import { failureJson, failureOf, failureText } from './failure.js';
import { POSE_HELP } from './pose-syntax.js';
import { type Progress, SILENT, terminalProgress } from './progress.js';
import { UsageError } from './usage-error.js';

export type { CliIO } from './cli-io.js';

const COMMANDS: Readonly<
  Record<string, { readonly run: (argv: string[], progress: Progress) => string; readonly help: string }>
> = Object.freeze({
  toi: Object.freeze({ run: toiCommand, help: TOI_HELP }),
  distance: Object.freeze({ run: distanceCommand, help: DISTANCE_HELP }),
  'first-impact': Object.freeze({ run: firstImpactCommand, help: FIRST_IMPACT_HELP }),
  slice: Object.freeze({ run: sliceCommand, help: SLICE_HELP }),
});

const HELP = `firsttouch: the certified time of first contact between moving rigid bodies

usage: firsttouch COMMAND [ARGS] [--json]
  toi A B --a-from POSE --a-to POSE --b-from POSE --b-to POSE           time of first contact
  distance A B --a POSE --b POSE                                         gap at one instant
  first-impact scene.json                                                earliest contact of many bodies
  slice body.stl --axis x|y|z --at P [--svg out.svg]                     section by a plane
  batch queries.jsonl [--workers N] [--redis URL]                        one query a JSON line, every core
  batch-worker --redis URL [--queue NAME]                                answer a job queue's queries
Files are STL (ASCII or binary) or OBJ; a body A or B may also be a primitive, '{"ball": 0.1}'.
'firsttouch COMMAND --help' for a command's options.

${POSE_HELP}

Exit codes: 0 done, 1 bad input, 2 usage, 3 internal error, 141 the output's reader closed it
(| head). With --json, an error is a JSON object
on stdout too: {"command", "error": {"kind", "code"?, "message"}, "exitCode"}.`;

/**
 * Runs the tool on a command line (without the program name) and returns its exit code: 0 done,
 * 1 bad input, 2 usage, 3 an internal error. The result goes to `io.out` and messages to `io.err`;
 * with `--json`, `io.out` gets one JSON object, the result or `{command, error: {kind, code?,
 * message}, exitCode}`, and `io.err` nothing. Nothing is thrown for a user's mistake.
 *
 * @example
 * ```ts
 * import { main } from '@firsttouch/cli';
 * const lines: string[] = [];
 * const io = { out: (s: string) => lines.push(s), err: (s: string) => lines.push(s) };
 * console.log(main(['distance', '--help'], io), lines[0].split('\n')[0]); // 0 firsttouch distance A B [options]
 * console.log(main(['toi', 'a.stl', '--json'], io), JSON.parse(lines[1]).error.message); // 2 toi needs two bodies (files or primitives, or one scene.json), got 1
 * ```
 */
export function main(argv: string[], io: CliIO): number {
  // A leading `--` ends the options of a launcher, as in `npx firsttouch -- --help` (npx takes a
  // bare `--help` for itself): it is not the tool's.
  const [name, ...rest] = argv[0] === '--' ? argv.slice(1) : argv;
  const json = argv.includes('--json');
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(HELP);
    return name === undefined ? 2 : 0;
  }
  // (own keys only: "toString" or "__proto__" is no command, not Object.prototype's)
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command && Object.hasOwn(ASYNC_COMMANDS, name)) {
    const f = failureOf(new UsageError(`"${name}" runs asynchronously: call mainAsync, not main`));
    if (json) io.out(failureJson(name, f));
    else io.err(`firsttouch: ${f.message}`);
    return f.exitCode;
  }
  if (!command) {
    const f = failureOf(new UsageError(`unknown command "${name}"`));
    if (json) io.out(failureJson(name, f));
    else io.err(`firsttouch: ${f.message}\n\n${HELP}`);
    return f.exitCode;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${command.help}\n\n${POSE_HELP}`);
    return 0;
  }
  const progress = io.progress && !json ? terminalProgress(io.progress) : SILENT;
  try {
    io.out(command.run(rest, progress));
    return 0;
  } catch (e) {
    const f = failureOf(e);
    if (json) io.out(failureJson(name, f));
    else io.err(failureText(name, f, command.help));
    return f.exitCode;
  }
}

/** The commands that wait for workers: `batch` and `batch-worker`. */
const ASYNC_COMMANDS: Readonly<
  Record<
    string,
    {
      readonly run: (argv: string[], io: CliIO, stop: () => Promise<void>) => Promise<number>;
      readonly help: string;
    }
  >
> = Object.freeze({
  batch: Object.freeze({ run: (argv: string[], io: CliIO) => batchCommand(argv, io), help: BATCH_HELP }),
  'batch-worker': Object.freeze({ run: batchWorkerCommand, help: BATCH_WORKER_HELP }),
});

/**
 * Runs the tool on a command line as {@link main} does, and also the commands that wait for workers
 * (`batch`, `batch-worker`): the promise gives the exit code. `stop` ends a `batch-worker` (the
 * process's SIGINT or SIGTERM, in the bin): a promise, or a function the worker calls once when it
 * starts (the bin's listens for the signals only then); without it the worker runs until the
 * process ends.
 *
 * @example
 * ```ts
 * import { mkdtempSync, writeFileSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { mainAsync } from '@firsttouch/cli';
 * import { writeStl } from '@firsttouch/io';
 * import { box } from '@firsttouch/mesh';
 * const dir = mkdtempSync(join(tmpdir(), 'cli-'));
 * writeFileSync(join(dir, 'cube.stl'), writeStl(box(1)));
 * const lines = ['{"a": "cube.stl", "b": "cube.stl", "bFrom": "t=3,0,0", "bTo": "t=-3,0,0"}', '{"a": "cube.stl",'];
 * writeFileSync(join(dir, 'q.jsonl'), lines.join('\n'));
 * const out: string[] = [];
 * const code = await mainAsync(['batch', join(dir, 'q.jsonl'), '--workers', '1'], { out: (s) => out.push(s), err: () => {} });
 * const [first, second] = out.join('\n').split('\n').map((l) => JSON.parse(l));
 * console.log(code, first.line, first.status, first.toi.toFixed(4), second.line, second.error.kind); // 1 1 contact 0.3333 2 input
 * ```
 */
export async function mainAsync(
  argv: string[],
  io: CliIO,
  stop?: Promise<void> | (() => Promise<void>),
): Promise<number> {
  const [name, ...rest] = argv[0] === '--' ? argv.slice(1) : argv;
  const command =
    name !== undefined && Object.hasOwn(ASYNC_COMMANDS, name) ? ASYNC_COMMANDS[name] : undefined;
  if (command === undefined) return main(argv, io);
  const json = argv.includes('--json');
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${command.help}\n\n${POSE_HELP}`);
    return 0;
  }
  try {
    const stopped = typeof stop === 'function' ? stop : () => stop ?? new Promise<void>(() => {});
    // (with --json, no progress: the rest of the streams as given)
    const { progress: _, ...quiet } = io;
    return await command.run(rest, json ? quiet : io, stopped);
  } catch (e) {
    const f = failureOf(e);
    if (json) io.out(failureJson(name, f));
    else io.err(failureText(name, f, command.help));
    return f.exitCode;
  }
}
