// The firsttouch command-line tool: exit 0 done, 1 bad input (the message names the file and what
// is wrong), 2 usage. Never a stack trace for a user's mistake.
import { FirstTouchError } from '@firsttouch/pose';
import { DISTANCE_HELP, distanceCommand } from './commands/distance.js';
import { FIRST_IMPACT_HELP, firstImpactCommand } from './commands/first-impact.js';
import { SLICE_HELP, sliceCommand } from './commands/slice.js';
import { TOI_HELP, toiCommand } from './commands/toi.js';
import { POSE_HELP } from './pose-syntax.js';
import { InputError, UsageError } from './usage-error.js';

const COMMANDS: Record<string, { run: (argv: string[]) => string; help: string }> = {
  toi: { run: toiCommand, help: TOI_HELP },
  distance: { run: distanceCommand, help: DISTANCE_HELP },
  'first-impact': { run: firstImpactCommand, help: FIRST_IMPACT_HELP },
  slice: { run: sliceCommand, help: SLICE_HELP },
};

const HELP = `firsttouch: the certified time of first contact between moving rigid bodies

usage: firsttouch COMMAND [ARGS] [--json]
  toi A.stl B.stl --a-from POSE --a-to POSE --b-from POSE --b-to POSE   time of first contact
  distance A.stl B.stl --a POSE --b POSE                                 gap at one instant
  first-impact scene.json                                                earliest contact of many bodies
  slice body.stl --axis x|y|z --at P [--svg out.svg]                     section by a plane
Files are STL (ASCII or binary) or OBJ. 'firsttouch COMMAND --help' for a command's options.

${POSE_HELP}

Exit codes: 0 done, 1 bad input, 2 usage.`;

/**
 * Runs the tool on a command line (without the program name) and returns its exit code: 0 done,
 * 1 bad input, 2 usage, 3 an internal error. What the command prints goes to `out` and its
 * messages to `err`, one call a block of lines; nothing is thrown for a user's mistake.
 *
 * @example
 * ```ts
 * import { main } from '@firsttouch/cli';
 * const lines: string[] = [];
 * const code = main(['distance', '--help'], (s) => lines.push(s), (s) => lines.push(s));
 * console.log(code, lines[0].split('\n')[0]); // 0 firsttouch distance A.stl B.stl [options]
 * console.log(main(['fly'], () => {}, () => {})); // 2
 * ```
 */
export function main(argv: string[], out: (s: string) => void, err: (s: string) => void): number {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    out(HELP);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    err(`firsttouch: unknown command "${name}"\n\n${HELP}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    out(`${command.help}\n\n${POSE_HELP}`);
    return 0;
  }
  try {
    out(command.run(rest));
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      err(`firsttouch ${name}: ${e.message}\n\n${command.help}`);
      return 2;
    }
    if (e instanceof InputError) {
      err(`firsttouch ${name}: ${e.message}`);
      return 1;
    }
    if (e instanceof FirstTouchError) {
      err(`firsttouch ${name}: ${e.message} [${e.code}]`);
      return 1;
    }
    err(`firsttouch ${name}: internal error: ${(e as Error).message} (please report it)`);
    return 3;
  }
}
