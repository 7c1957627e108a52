// Where the tool writes, apart from the tool itself so that the commands can name it.

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
  /**
   * Aborted when the reader of `out` has gone (a closed pipe: `firsttouch batch q.jsonl | head`):
   * `batch` then stops its workers and returns 141, with nothing more written.
   */
  outClosed?: AbortSignal;
}

/**
 * The exit code when the reader of stdout went away: 128 + SIGPIPE's 13, what a shell shows for a
 * Unix tool that a closed pipe ended (`yes | head`), so that a script can tell the output was cut.
 */
export const OUTPUT_CLOSED = 141;
