// How the pool starts a worker in Node: a worker thread running `worker.js` beside this file, and
// how many (the machine's available parallelism).
/// <reference types="node" preserve="true" />
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker, WorkerPort } from '../protocol.js';

/** A worker thread running this package's worker. */
export function spawnWorker(): WorkerPort {
  return threadPort(new Worker(new URL('./worker.js', import.meta.url)));
}

/** A worker thread (running a pool's worker) as the pool reaches it. */
export function threadPort(worker: Worker): WorkerPort {
  // An idle worker does not keep the process alive (a pool left open does not hang a script); one
  // with work to answer does, until its answers are in.
  worker.unref();
  let running = 0;
  return {
    post: (message: ToWorker, transfer?: ArrayBuffer[]) => {
      worker.postMessage(message, transfer ?? []);
      if (message.type === 'run' && running++ === 0) worker.ref();
    },
    listen(onMessage: (m: FromWorker) => void, onExit: (why: string) => void) {
      worker.on('message', (m: FromWorker) => {
        if (--running === 0) worker.unref();
        onMessage(m);
      });
      worker.on('error', (e: Error) => onExit(`the worker failed: ${e.message}`));
      worker.on('exit', (code: number) => onExit(`the worker exited with code ${code}`));
    },
    terminate: async () => {
      await worker.terminate();
    },
  };
}

/** The machine's available parallelism. */
export function defaultWorkerCount(): number {
  return availableParallelism();
}
