#!/usr/bin/env node
// The `firsttouch` command (the package's bin): the tool on this process's arguments and streams.
import { mainAsync } from './cli.js';

// Progress only on a terminal: a pipe or a file gets the result and the messages, nothing else.
// SIGINT or SIGTERM ends a `batch-worker` after the job in hand: it alone listens for them (when it
// asks for its stop), and the listeners go when it is done, so that the process ends by itself once
// its output is written. Every other command keeps the signals' own action, so Ctrl-C ends it at
// once, even one blocked reading a pipe that never comes.
async function run(): Promise<number> {
  let onSignal: (() => void) | undefined;
  const stop = () =>
    new Promise<void>((resolve) => {
      onSignal = resolve;
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
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
    if (onSignal !== undefined) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  }
}

process.exitCode = await run();
