// The web worker of a pool in a browser: each message of the pool goes to one Answerer, each
// answer goes back. The Answerer lives in the call below, not in the module: the worker is its owner.
import { Answerer } from '../answer.js';
import type { ToWorker } from '../protocol.js';

/** The little of a worker's global scope this file uses (no DOM library). */
declare const self: {
  addEventListener(type: 'message', listener: (event: { data: ToWorker }) => void): void;
  postMessage(message: unknown): void;
};

function serve(): void {
  // Bodies come from the pool that started this worker, which serialized them itself: their boxes
  // are trusted, and only what keeps a query safe is checked (a large body is read in a fraction of
  // the full check's time).
  const answerer = new Answerer({ check: 'safety' });
  self.addEventListener('message', (event) => {
    const answer = answerer.receive(event.data);
    if (answer !== undefined) self.postMessage(answer);
  });
}

serve();
