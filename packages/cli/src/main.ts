#!/usr/bin/env node
// The `firsttouch` command (the package's bin): the tool on this process's arguments and streams.
import { mainAsync } from './cli.js';

// Progress only on a terminal: a pipe or a file gets the result and the messages, nothing else.
// SIGINT or SIGTERM ends a `batch-worker` after the job in hand; the listeners go when the command
// is done, so that the process ends by itself once its output is written.
async function run(): Promise<number> {
  let onSignal = () => {};
  const stop = new Promise<void>((resolve) => {
    onSignal = resolve;
  });
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await mainAsync(
      process.argv.slice(2),
      {
        out: (s) => console.log(s),
        err: (s) => console.error(s),
        progress: process.stderr.isTTY ? (s) => process.stderr.write(s) : undefined,
      },
      stop,
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

process.exitCode = await run();
