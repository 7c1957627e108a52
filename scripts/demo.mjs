#!/usr/bin/env node
// The README's main-job command (`npm run demo`): the tutorial's four runs on the npm bunny,
// generated pebbles and a generated NACA 0012 wing, printed, with SVG figures in out/.
import { join } from 'node:path';
import { bootstrap, root, run } from './bootstrap.mjs';

bootstrap({ quiet: true });
process.exit(
  run(process.execPath, [
    join(root, 'apps/demo/dist/demo/main.js'),
    join(root, 'out'),
    ...process.argv.slice(2),
  ]),
);
