#!/usr/bin/env node
// The `firsttouch` command (the package's bin): the tool on this process's arguments and streams.
import { main } from './cli.js';

// Progress only on a terminal: a pipe or a file gets the result and the messages, nothing else.
process.exitCode = main(process.argv.slice(2), {
  out: (s) => console.log(s),
  err: (s) => console.error(s),
  progress: process.stderr.isTTY ? (s) => process.stderr.write(s) : undefined,
});
