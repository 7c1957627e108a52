import { FirstTouchError, type FirstTouchErrorCode } from '@firsttouch/pose';
import { shownText } from './shown-name.js';
import { InputError, UsageError } from './usage-error.js';

/** Why a command failed, as the tool reports it (as text on stderr, or as JSON with `--json`). */
export interface Failure {
  /** `usage`: the command line (exit 2); `input`: a file, pose or number (exit 1); `internal`: a bug (exit 3). */
  kind: 'usage' | 'input' | 'internal';
  /** The library's `FirstTouchError` code, when the library found the problem. */
  code?: FirstTouchErrorCode;
  message: string;
  exitCode: 1 | 2 | 3;
}

/**
 * The failure an error thrown by a command stands for. Its message is shown as {@link shownText}
 * writes it: messages quote others' text (a scene's JSON, a pose string, a batch line, a solid's
 * name, a file's bytes), which reached the terminal raw (ESC, a newline, NUL bytes).
 */
export function failureOf(e: unknown): Failure {
  if (e instanceof UsageError) return { kind: 'usage', message: shownText(e.message), exitCode: 2 };
  if (e instanceof InputError) {
    const message = shownText(e.message);
    return e.code
      ? { kind: 'input', code: e.code, message, exitCode: 1 }
      : { kind: 'input', message, exitCode: 1 };
  }
  if (e instanceof FirstTouchError)
    return { kind: 'input', code: e.code, message: shownText(e.message), exitCode: 1 };
  return { kind: 'internal', message: shownText(e instanceof Error ? e.message : String(e)), exitCode: 3 };
}

/** The failure as the text on stderr: the tool and command, the message, the code; usage after a usage error. */
export function failureText(command: string, f: Failure, usage: string): string {
  const head = `firsttouch ${command}: `;
  if (f.kind === 'usage') return `${head}${f.message}\n\n${usage}`;
  if (f.kind === 'internal') return `${head}internal error: ${f.message} (please report it)`;
  return `${head}${f.message}${f.code ? ` [${f.code}]` : ''}`;
}

/** The failure as the one JSON object of `--json` (on stdout, where the result would be). */
export function failureJson(command: string, f: Failure): string {
  const { exitCode, ...error } = f;
  return JSON.stringify({ command, error, exitCode }, null, 2);
}
