// The worker thread of a pool in Node: each message of the pool goes to one Answerer, each answer
// goes back. The Answerer lives in the call below, not in the module: the thread is its owner.
/// <reference types="node" preserve="true" />
import { parentPort } from 'node:worker_threads';
import { Answerer } from '../answer.js';
import type { ToWorker } from '../protocol.js';

function serve(): void {
  const answerer = new Answerer();
  parentPort?.on('message', (message: ToWorker) => {
    const answer = answerer.receive(message);
    if (answer !== undefined) parentPort?.postMessage(answer);
  });
}

serve();
