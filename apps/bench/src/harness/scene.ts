import type { TimingOptions } from './timing.js';

/** How big a run is: `tiny` for the smoke test, `quick` for `--quick`, `full` for the README. */
export type RunSize = 'tiny' | 'quick' | 'full';

/**
 * Warm-up and timed runs per size: the median of at least 5 runs except in the smoke test; warm-up
 * for at least 2 batches (full) and at least a second of them.
 */
export const TIMING: Record<RunSize, TimingOptions> = {
  tiny: { warmup: 0, runs: 1 },
  quick: { warmup: 1, runs: 5, warmupMs: 500 },
  full: { warmup: 2, runs: 11, warmupMs: 1000 },
};

/** What a scene gets from the harness. */
export interface SceneContext {
  size: RunSize;
  timing: TimingOptions;
  /** Progress lines (stderr in the CLI, silent in tests). */
  log: (line: string) => void;
  /** Where scenes write their bodies and poses as files for peers timed in another process (`--obj DIR`). */
  objDir?: string;
}

/** One line of the table: one case, firsttouch against one peer. Times are µs per query. */
export interface Row {
  scene: string;
  case: string;
  /** Median µs per query of firsttouch; null when firsttouch has no entry yet for this case. */
  firsttouch: number | null;
  peer: string;
  /** Median µs per query of the peer; null when the peer did not run. */
  peerTime: number | null;
  /**
   * The peer's time over firsttouch's as the median of the ratios within each timing round
   * (`pairedRatio`), where both were timed side by side; else the table divides the two medians.
   */
  pairedRatio?: number;
  /** Counters and checks shown in the last column (facet pairs per query, largest |Δd|, ...). */
  extra: Record<string, number | string>;
}

/** A line of a plot. */
export interface Series {
  name: string;
  points: Array<[number, number]>;
}

/** A plot to write as SVG (`--svg DIR`). */
export interface Plot {
  file: string;
  title: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
  logX?: boolean;
  logY?: boolean;
}

/** What a scene returns: table rows, plots, and named figures for the JSON and the smoke test. */
export interface SceneResult {
  rows: Row[];
  plots: Plot[];
  figures: Record<string, number>;
  notes: string[];
}

/** A scene is one file exporting one of these; `scenes/index.ts` lists them. */
export interface Scene {
  name: string;
  title: string;
  run(ctx: SceneContext): Promise<SceneResult> | SceneResult;
}

/**
 * Peer time over firsttouch time, above 1 where firsttouch is faster: the row's paired ratio when it
 * has one, else the quotient of the two medians.
 */
export function ratioOf(row: Row): number | null {
  if (row.firsttouch === null || row.peerTime === null || row.firsttouch === 0) return null;
  return row.pairedRatio ?? row.peerTime / row.firsttouch;
}
