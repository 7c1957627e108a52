// One worker of a pool as the pool holds it: its port, the jobs in its hands, and the few rules
// that read them (split from pool.ts, which passed 500 lines with the retries' rules).
import type { BatchJob } from './jobs.js';
import type { WorkerPort } from './protocol.js';

/** Messages a worker holds at once: the next is there when it finishes one. */
export const PIPELINE = 2;

/** One worker of the pool and the jobs it holds. */
export interface Slot {
  readonly port: WorkerPort;
  readonly inFlight: Map<number, BatchJob>;
  /** Messages it answered: a worker that dies before its first answer may not start at all. */
  answered: number;
  alive: boolean;
}

/** Whether a worker takes another job: fewer than PIPELINE in hand, and no retry (which runs alone). */
export function hasRoom(slot: Slot): boolean {
  if (slot.inFlight.size >= PIPELINE) return false;
  for (const job of slot.inFlight.values()) if (job.attempt >= 2) return false;
  return true;
}

/** Whether `port` has the three functions a pool calls on a worker. */
export function isPort(port: unknown): port is WorkerPort {
  const p = port as Partial<WorkerPort> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.listen === 'function' &&
    typeof p.post === 'function' &&
    typeof p.terminate === 'function'
  );
}

/**
 * Terminates a worker's port, whatever its `terminate` does: a custom port's that throws or rejects
 * would otherwise end the process (an unhandled rejection) or the pool's `close`. The worker is
 * given up either way.
 */
export function ended(port: WorkerPort): Promise<void> {
  return Promise.resolve()
    .then(() => port.terminate())
    .catch(() => {});
}
