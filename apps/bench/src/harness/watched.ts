import v8 from 'node:v8';
import { nowMs } from './timing.js';

/** One call, timed, with what the engine and the kernel did while it ran. */
export interface Watched<T> {
  value: T;
  /** Wall-clock milliseconds of the call. */
  ms: number;
  /** Garbage collections (and incremental marking steps) V8 ran on this thread during the call. */
  collections: number;
  /** Their pause time in milliseconds (concurrent marking on other threads is not in it). */
  collectionMs: number;
  /** Minor page faults during the call: first touches of fresh memory. */
  faults: number;
}

/**
 * Runs `fn` once and times it, counting the collections that ran inside it (V8's `GCProfiler`,
 * started and stopped outside the timed region) and the page faults. Why (issue #30, the trees
 * scene): a build of 10⁵ facets takes about 20 ms whichever library builds it, and a round whose
 * build meets the finalisation of an incremental marking (started by the bytes allocated just
 * before: the build's own arrays or the untimed input copies) or touches fresh pages takes 4–14 ms
 * more. With five rounds, which side's builds those rounds fall on decides the row; these counts
 * say when they did.
 *
 * @example
 * ```ts
 * import { watched } from './watched.js';
 * const w = watched(() => new Float64Array(1 << 20).fill(1).length);
 * console.log(w.value, w.ms >= 0, w.faults >= 0); // 1048576 true true
 * ```
 */
export function watched<T>(fn: () => T): Watched<T> {
  const profiler = new v8.GCProfiler();
  profiler.start();
  const faults0 = process.resourceUsage().minorPageFault;
  const t0 = nowMs();
  const value = fn();
  const ms = nowMs() - t0;
  const faults = process.resourceUsage().minorPageFault - faults0;
  const { statistics } = profiler.stop();
  let collectionMs = 0;
  for (const s of statistics) collectionMs += s.cost / 1000;
  return { value, ms, collections: statistics.length, collectionMs, faults };
}
