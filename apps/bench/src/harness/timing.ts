import { median } from './stats.js';

/** How hard to time: warm-up batches (not recorded) and timed batches (the median is kept). */
export interface TimingOptions {
  warmup: number;
  runs: number;
  /**
   * Keep warming up until this many milliseconds have passed as well: a cheap batch needs many
   * repetitions before V8 has optimised it (planck's TimeOfImpact ran 5× slower after one warm-up
   * batch of 500 queries than after a second of them).
   */
  warmupMs?: number;
}

/** Wall-clock milliseconds with sub-microsecond resolution (monotonic, unlike Date.now). */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** One side of a comparison: a batch of `queries` queries, returning a checksum. */
export interface Contender {
  name: string;
  queries: number;
  batch: () => number;
  /** Fewer runs for a contender too slow for the full count (the brute force); the median of those. */
  runs?: number;
  warmup?: number;
}

/** The timing of one contender. */
export interface Timing {
  /** Median of the batch times, in milliseconds. */
  batchMs: number;
  /** Median time per query, in microseconds. */
  perQueryUs: number;
  /** Every timed batch, in milliseconds (for the JSON). */
  runsMs: number[];
  queries: number;
}

// Checksums of every batch land here, so no engine can prove a batch useless and drop it.
let sink = 0;

/** The accumulated checksums (read it once so the sink is observable). */
export function sinkValue(): number {
  return sink;
}

/**
 * Times contenders side by side in one process: each is warmed up first (JIT tiers, lazily built
 * trees), then the timed batches run in turn, the first one moving on each round — A B C, B C A,
 * C A B, … — so a drift of the clock or of the CPU's frequency hits every contender alike, and none
 * always follows the same other (whose garbage the collector may clear in the next batch's time:
 * with a fixed order, the ccd scene's plain pebble throw, timed right after three-mesh-bvh's
 * sampling, read 412–524 µs against 293–487 µs for the default mode, the very same steps and pairs).
 * The median batch is kept.
 */
export function timeSideBySide(
  contenders: readonly Contender[],
  options: TimingOptions,
): Map<string, Timing> {
  for (const c of contenders) {
    const w = c.warmup ?? options.warmup;
    const until = nowMs() + (c.warmup === undefined ? (options.warmupMs ?? 0) : 0);
    for (let i = 0; i < w || (nowMs() < until && i < 10_000); i++) sink += c.batch();
  }
  const times = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
  const rounds = Math.max(...contenders.map((c) => c.runs ?? options.runs));
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < contenders.length; k++) {
      const c = contenders[(k + r) % contenders.length];
      if (r >= (c.runs ?? options.runs)) continue;
      const t0 = nowMs();
      sink += c.batch();
      times.get(c.name)!.push(nowMs() - t0);
    }
  }
  const out = new Map<string, Timing>();
  for (const c of contenders) {
    const runsMs = times.get(c.name)!;
    const batchMs = median(runsMs);
    out.set(c.name, { batchMs, perQueryUs: (1000 * batchMs) / c.queries, runsMs, queries: c.queries });
  }
  return out;
}

/**
 * `peer`'s time a query over `firsttouch`'s, round by round, and the median of those ratios: both ran
 * once in each round, seconds apart, so a change of the machine's speed between rounds (this shared
 * 2-core machine's varies by 1.5× from minute to minute) cancels within each ratio, where the ratio of
 * the two medians takes each median from other rounds. Rounds in which one of them did not run (a
 * contender with fewer `runs`) are left out.
 */
export function pairedRatio(peer: Timing, firsttouch: Timing): number {
  const rounds = Math.min(peer.runsMs.length, firsttouch.runsMs.length);
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    ratios.push(peer.runsMs[r] / peer.queries / (firsttouch.runsMs[r] / firsttouch.queries));
  }
  return median(ratios);
}
