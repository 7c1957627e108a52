/**
 * What a long step inside a phase reports as it goes (from the library's `onProgress`): a tree
 * build's elements placed, the advancement's steps, the broad phase's pair runs. Every field is
 * optional, and what is given is shown.
 */
export interface ProgressInfo {
  /** Elements placed in their leaves so far (a tree build), of `total`. */
  done?: number;
  total?: number;
  /** Steps taken so far. */
  iteration?: number;
  /** The instant reached, in [0, 1]. */
  s?: number;
  /** The gap at that instant. */
  gap?: number;
  /** Pair runs so far (the broad phase), and the earliest toi among them. */
  runs?: number;
  earliest?: number;
}

/** Shows the phases of a command (loading, trees, the query) while they run. */
export interface Progress {
  /**
   * Runs `work` as one phase and returns what it returns: `label …` while it runs, then
   * `label: summary (time)`. `work` gets the phase's `onProgress`, for the steps inside it.
   */
  phase<T>(
    label: string,
    work: (onProgress: (info: ProgressInfo) => void) => T,
    summary: (result: T) => string,
  ): T;
}

/** No progress: a pipe, a file, `--json`, a test. The work runs as it is. */
export const SILENT: Progress = Object.freeze<Progress>({ phase: (_, work) => work(() => {}) });

/** The least time between two updates of a phase's line: a terminal need not redraw faster. */
const UPDATE_MS = 100;

/** Erases the terminal's current line: carriage return, then clear to its end. */
const ERASE = '\r\x1b[K';

/**
 * Progress for a terminal: one line a phase, rewritten in place while it runs (with the steps
 * `onProgress` reports, at most every 100 ms) and ended with the phase's summary and time. A phase
 * that throws leaves no line, so the error message starts on a clean one. `write` gets raw text.
 */
export function terminalProgress(
  write: (text: string) => void,
  now: () => number = () => performance.now(),
): Progress {
  function phase<T>(
    label: string,
    work: (onProgress: (info: ProgressInfo) => void) => T,
    summary: (result: T) => string,
  ): T {
    const started = now();
    let shown = started;
    write(`firsttouch: ${label} …`);
    const onProgress = (info: ProgressInfo) => {
      const t = now();
      if (t - shown < UPDATE_MS) return;
      shown = t;
      write(`${ERASE}firsttouch: ${label} … ${steps(info)}`);
    };
    let result: T;
    try {
      result = work(onProgress);
    } catch (e) {
      write(ERASE);
      throw e;
    }
    write(`${ERASE}firsttouch: ${label}: ${summary(result)} (${seconds(now() - started)})\n`);
    return result;
  }
  return { phase };
}

function steps(info: ProgressInfo): string {
  const parts: string[] = [];
  if (info.done !== undefined && info.total !== undefined) {
    parts.push(`${info.done} of ${info.total} (${((100 * info.done) / info.total).toFixed(0)} %)`);
  }
  if (info.runs !== undefined) parts.push(`${info.runs} pair runs`);
  if (info.earliest !== undefined && info.earliest < 1) parts.push(`earliest ${info.earliest.toFixed(6)}`);
  if (info.iteration !== undefined) parts.push(`step ${info.iteration}`);
  if (info.s !== undefined) parts.push(`s = ${info.s.toFixed(6)}`);
  if (info.gap !== undefined) parts.push(`gap ${info.gap.toExponential(3)}`);
  return parts.join(', ');
}

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
