// The worker thread of a pool in Node: each message of the pool goes to one Answerer, each answer
// goes back. The Answerer lives in the call below, not in the module: the thread is its owner.
/// <reference types="node" preserve="true" />
import { parentPort } from 'node:worker_threads';
import { Answerer } from '../answer.js';
import type { ToWorker } from '../protocol.js';

function serve(): void {
  // Bodies come from the pool that started this worker, which serialized them itself: their boxes
  // are trusted, and only what keeps a query safe is checked (a large body is read in a fraction of
  // the full check's time).
  const answerer = new Answerer({ check: 'safety' });
  parentPort?.on('message', (message: ToWorker) => {
    const answer = answerer.receive(message);
    if (answer !== undefined) parentPort?.postMessage(answer);
  });
}

serve();
