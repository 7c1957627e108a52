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
  const answerer = new Answerer();
  self.addEventListener('message', (event) => {
    const answer = answerer.receive(event.data);
    if (answer !== undefined) self.postMessage(answer);
  });
}

serve();
