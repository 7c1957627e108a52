#!/usr/bin/env node
// `npm run demo:web`: builds the viewer and serves it on http://localhost:4173 (Ctrl-C stops it).
import { bootstrap, run } from './bootstrap.mjs';

bootstrap({ quiet: true });
process.exit(run('pnpm', ['--filter', '@firsttouch/demo', 'run', 'web']));
