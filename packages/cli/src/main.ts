#!/usr/bin/env node
// The `firsttouch` command (the package's bin): the tool on this process's arguments and streams.
import { main } from './cli.js';

process.exitCode = main(process.argv.slice(2), {
  out: (s) => console.log(s),
  err: (s) => console.error(s),
});
