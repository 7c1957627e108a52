import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { median } from './stats.js';
import { type Contender, nowMs } from './timing.js';

/**
 * The engine's full garbage collection, callable from the bench without `--expose-gc` on the
 * command line (the flag is set, then the function read from a fresh context, as Node allows).
 */
export function garbageCollector(): () => void {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as () => void;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Milliseconds of CPU time the process has used (every thread: the collector's included). */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The timings of one contender of {@link timeAlternated}, a batch a round. */
export interface AlternatedTiming {
  /** CPU milliseconds of each round's batch. */
  cpuMs: number[];
  /** Wall-clock milliseconds of each round's batch. */
  wallMs: number[];
  queries: number;
  /** The sum of what the batches returned (read it, so no engine can drop a batch as useless). */
  checksum: number;
}

/**
 * Times contenders in alternating rounds, each batch after a full garbage collection and measured
 * in CPU time as well as on the clock: for two contenders where one's garbage would otherwise be
 * collected in the other's time (the world and the fresh `firstImpact` in the same process), and
 * on a shared machine whose other work stretches the clock but not this process's CPU time. Each
 * contender runs `warmup` batches first; then `rounds` rounds, the order turning each round.
 */
export function timeAlternated(
  contenders: readonly Contender[],
  warmup: number,
  rounds: number,
): Map<string, AlternatedTiming> {
  const gc = garbageCollector();
  const out = new Map<string, AlternatedTiming>(
    contenders.map((c) => [c.name, { cpuMs: [], wallMs: [], queries: c.queries, checksum: 0 }]),
  );
  for (const c of contenders) for (let i = 0; i < warmup; i++) out.get(c.name)!.checksum += c.batch();
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < contenders.length; k++) {
      const c = contenders[(k + r) % contenders.length];
      gc();
      const c0 = cpuMs();
      const w0 = nowMs();
      const sum = c.batch();
      const t = out.get(c.name)!;
      t.wallMs.push(nowMs() - w0);
      t.cpuMs.push(cpuMs() - c0);
      t.checksum += sum;
    }
  }
  return out;
}

/** The median over the rounds of `peer`'s time a query over `firsttouch`'s (CPU, or the clock). */
export function alternatedRatio(
  peer: AlternatedTiming,
  firsttouch: AlternatedTiming,
  clock: 'cpu' | 'wall',
): number {
  const p = clock === 'cpu' ? peer.cpuMs : peer.wallMs;
  const f = clock === 'cpu' ? firsttouch.cpuMs : firsttouch.wallMs;
  const ratios = p.map((x, r) => x / peer.queries / (f[r] / firsttouch.queries));
  return median(ratios);
}
