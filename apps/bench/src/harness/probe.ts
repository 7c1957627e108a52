/**
 * A fixed workload that uses no firsttouch code, timed in CPU time before and after each scene: on a
 * machine whose cores are shared with other tenants, it tells whether the scene ran on a core slowed
 * by them. Measured here: this machine's two CPUs each run either at full speed or, for stretches of
 * seconds to minutes, slowed by work outside it (both idle inside, no steal time counted); a query of
 * the wing scene then takes 1.6–1.8× its CPU time, with no optimisation, deoptimisation or
 * collection at the change. This workload (filling and sorting doubles: branchy, cache-resident)
 * slows by about 1.3× in the same rounds, where a chain of dependent additions and square roots does
 * not slow at all (so it is not the clock that drops).
 */

/** Doubles sorted a round (32 KiB: stays in the first-level cache). */
const SIZE = 4096;
/** Rounds a timing (about 5 ms at full speed here). */
const ROUNDS = 16;
/** Timings a probe keeps the fastest of. */
const TIMINGS = 3;

const values = new Float64Array(SIZE);

/** One timing's workload; returns a value that depends on all of it (so none of it is dead code). */
function rounds(): number {
  let sink = 0;
  for (let r = 0; r < ROUNDS; r++) {
    // A sine hash: the same numbers in every process, in no order a sort would find easy.
    for (let i = 0; i < SIZE; i++) {
      const x = Math.sin(i * 12.9898 + r * 78.233) * 43758.5453;
      values[i] = x - Math.floor(x);
    }
    values.sort();
    sink += values[r];
  }
  return sink;
}

let sunk = 0;
/** Whether the workload has run once untimed (its first runs are not yet optimised). */
let warm = false;

/**
 * Milliseconds of CPU time the probe's workload takes: the fastest of {@link TIMINGS} timings, so
 * that one interruption does not count. Compare it with the values of the same machine: the bench
 * README gives this machine's at full speed and when slowed.
 */
export function machineProbe(): number {
  if (!warm) {
    for (let k = 0; k < 4; k++) sunk += rounds();
    warm = true;
  }
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < TIMINGS; k++) {
    const start = process.cpuUsage();
    sunk += rounds();
    const spent = process.cpuUsage(start);
    const ms = (spent.user + spent.system) / 1000;
    if (ms < best) best = ms;
  }
  return best;
}

/** What the probe computed (read once at the end, so that it cannot be optimised away). */
export function probeSink(): number {
  return sunk;
}
