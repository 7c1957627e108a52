// How the pool starts a worker in a browser: a module web worker running `worker.js` beside this
// file (bundlers see `new Worker(new URL(...), {type: 'module'})` and bundle it), and how many.
import type { FromWorker, ToWorker, WorkerPort } from '../protocol.js';

/** The little of the DOM's Worker this file uses (the package compiles without the DOM library). */
interface WebWorker {
  postMessage(message: unknown, transfer?: unknown[]): void;
  addEventListener(
    type: 'message' | 'error' | 'messageerror',
    listener: (event: { data?: unknown; message?: string }) => void,
  ): void;
  terminate(): void;
}
declare const Worker: new (url: URL, options: { type: 'module' }) => WebWorker;
declare const navigator: { hardwareConcurrency?: number } | undefined;
declare const URL: new (url: string, base: string) => URL;
interface URL {
  readonly href: string;
}

/**
 * A module web worker running this package's worker.
 *
 * @example
 * ```ts
 * import type { WorkerPort } from '@firsttouch/batch';
 * // in a browser: new BatchPool() calls it; a bundler that places the worker itself passes `spawn`
 * const spawn: (() => WorkerPort) | undefined = undefined;
 * ```
 */
export function spawnWorker(): WorkerPort {
  const worker = new Worker(new URL('./worker.js', (import.meta as unknown as { url: string }).url), {
    type: 'module',
  });
  return {
    post: (message: ToWorker, transfer?: ArrayBuffer[]) => worker.postMessage(message, transfer ?? []),
    listen(onMessage: (m: FromWorker) => void, onExit: (why: string) => void) {
      worker.addEventListener('message', (event) => onMessage(event.data as FromWorker));
      // A web worker has no exit event: an error that reaches its top ends it for the pool.
      worker.addEventListener('error', (event) =>
        onExit(`the worker failed: ${event.message ?? 'an error'}`),
      );
      worker.addEventListener('messageerror', () => onExit('a message could not be read'));
    },
    terminate: async () => worker.terminate(),
  };
}

/** The browser's `hardwareConcurrency` (2 where it does not say). */
export function defaultWorkerCount(): number {
  const n = typeof navigator === 'object' && navigator !== null ? navigator.hardwareConcurrency : undefined;
  return typeof n === 'number' && n >= 1 ? n : 2;
}
