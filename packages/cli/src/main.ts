#!/usr/bin/env node
// The `firsttouch` command (the package's bin): the tool on this process's arguments and streams.
import { main } from './cli.js';

process.exitCode = main(
  process.argv.slice(2),
  (s) => console.log(s),
  (s) => console.error(s),
);
