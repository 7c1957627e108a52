#!/usr/bin/env node
// The `firsttouch` command (the package's bin): the tool on this process's arguments and streams.

import { mainAsync } from './cli.js';
import { OUTPUT_CLOSED } from './cli-io.js';

// Progress only on a terminal: a pipe or a file gets the result and the messages, nothing else.
// SIGINT or SIGTERM ends a `batch-worker` after the job in hand: it alone listens for them (when it
// asks for its stop), and the listeners go when it is done, so that the process ends by itself once
// its output is written. Every other command keeps the signals' own action, so Ctrl-C ends it at
// once, even one blocked reading a pipe that never comes.
//
// A stream whose reader has gone (`firsttouch batch q.jsonl | head`) fails its next write with
// EPIPE, an 'error' event that nobody listened to: the process crashed with a stack trace while the
// pool's workers ran on. Now stdout's closing aborts `outClosed` (a batch stops its workers and
// returns) and the exit code is 141, as for a Unix tool that SIGPIPE ended; nothing more is written
// there. A closed stderr only loses the messages. Any other stream error is thrown, as before.
async function run(): Promise<number> {
  const outClosed = new AbortController();
  let errClosed = false;
  const closing = (stream: 'out' | 'err') => (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    if (stream === 'err') errClosed = true;
    else {
      outClosed.abort();
      // (a command that wrote its one result and returned has set its exit code already)
      process.exitCode = OUTPUT_CLOSED;
    }
  };
  process.stdout.on('error', closing('out'));
  process.stderr.on('error', closing('err'));
  let onSignal: (() => void) | undefined;
  const stop = () =>
    new Promise<void>((resolve) => {
      onSignal = resolve;
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
  try {
    const code = await mainAsync(
      process.argv.slice(2),
      {
        out: (s) => {
          if (!outClosed.signal.aborted) console.log(s);
        },
        err: (s) => {
          if (!errClosed) console.error(s);
        },
        progress: process.stderr.isTTY ? (s) => process.stderr.write(s) : undefined,
        outClosed: outClosed.signal,
      },
      stop,
    );
    return outClosed.signal.aborted ? OUTPUT_CLOSED : code;
  } finally {
    if (onSignal !== undefined) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  }
}

process.exitCode = await run();
