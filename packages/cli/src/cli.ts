// The firsttouch command-line tool: exit 0 done, 1 bad input (the message names the file and what
// is wrong), 2 usage. Never a stack trace for a user's mistake; with --json, errors are JSON too.
import { DISTANCE_HELP, distanceCommand } from './commands/distance.js';
import { FIRST_IMPACT_HELP, firstImpactCommand } from './commands/first-impact.js';
import { SLICE_HELP, sliceCommand } from './commands/slice.js';
import { TOI_HELP, toiCommand } from './commands/toi.js';
import { failureJson, failureOf, failureText } from './failure.js';
import { POSE_HELP } from './pose-syntax.js';
import { type Progress, SILENT, terminalProgress } from './progress.js';
import { UsageError } from './usage-error.js';

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
  toi A.stl B.stl --a-from POSE --a-to POSE --b-from POSE --b-to POSE   time of first contact
  distance A.stl B.stl --a POSE --b POSE                                 gap at one instant
  first-impact scene.json                                                earliest contact of many bodies
  slice body.stl --axis x|y|z --at P [--svg out.svg]                     section by a plane
Files are STL (ASCII or binary) or OBJ. 'firsttouch COMMAND --help' for a command's options.

${POSE_HELP}

Exit codes: 0 done, 1 bad input, 2 usage, 3 internal error. With --json, an error is a JSON object
on stdout too: {"command", "error": {"kind", "code"?, "message"}, "exitCode"}.`;

/** Where the tool writes: the result, and its messages. */
export interface CliIO {
  /** The result (stdout): one call a block of lines. */
  out: (text: string) => void;
  /** Messages (stderr): one call a block of lines. */
  err: (text: string) => void;
  /**
   * Where progress goes, as raw terminal text (lines rewritten in place): stderr when it is a
   * terminal. Absent (a pipe, a file, a test), or with `--json`, no progress is shown.
   */
  progress?: (text: string) => void;
}

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
 * console.log(main(['distance', '--help'], io), lines[0].split('\n')[0]); // 0 firsttouch distance A.stl B.stl [options]
 * console.log(main(['toi', 'a.stl', '--json'], io), JSON.parse(lines[1]).error.message); // 2 toi needs two files (or one scene.json), got 1
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
  const command = COMMANDS[name];
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
