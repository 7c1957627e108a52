import { decimal, radixNote } from './decimal.js';
import { UsageError } from './usage-error.js';

/** Parsed command-line arguments: positionals, and options by name (flags are `true`). */
export interface Args {
  positional: string[];
  options: Map<string, string | true>;
}

/**
 * Splits `--name value`, `--name=value` and bare `--flag` (a flag when the name is in `flags`),
 * rejecting options the command does not know.
 */
export function parseArgs(argv: string[], valued: readonly string[], flags: readonly string[]): Args {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--') || a === '--') {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
    if (flags.includes(name)) {
      if (eq > 0) throw new UsageError(`--${name} takes no value`);
      options.set(name, true);
    } else if (valued.includes(name)) {
      const value = eq > 0 ? a.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      // an option where the value should be (`--svg --json`): taken as the value, it was a file
      // named "--json" written, while the tool answered in JSON or in text by whether it failed
      if (eq < 0 && isOption(value, valued, flags))
        throw new UsageError(
          `--${name} needs a value, got the option ${value} (write --${name}=${value} for a value that starts with --)`,
        );
      options.set(name, value);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { positional, options };
}

/** Whether `a` is an option of the command (or one the tool reads of every command: --json, --help). */
function isOption(a: string, valued: readonly string[], flags: readonly string[]): boolean {
  if (!a.startsWith('--') || a === '--') return false;
  const eq = a.indexOf('=');
  const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
  return flags.includes(name) || valued.includes(name) || name === 'json' || name === 'help';
}

/** A number option, checked: decimal (see {@link decimal}), finite, and passing `check`. */
export function numberOption(
  args: Args,
  name: string,
  check: (x: number) => boolean,
  what: string,
): number | undefined {
  const v = args.options.get(name);
  if (v === undefined) return undefined;
  const x = typeof v === 'string' ? decimal(v) : Number.NaN;
  if (!Number.isFinite(x) || !check(x))
    throw new UsageError(`--${name} must be ${what}, got ${shown(String(v))}${radixNote(String(v))}`);
  return x;
}

/** An argument as a message shows it: whole up to 40 characters, else its start and its length. */
function shown(v: string): string {
  return v.length <= 40 ? v : `${v.slice(0, 40)}… (${v.length} characters)`;
}
