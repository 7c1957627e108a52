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
}
