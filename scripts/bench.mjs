#!/usr/bin/env node
// `pnpm bench [options]` / `npm run bench -- [options]`: builds what the benchmark needs, then runs
// it with the options as typed (`--quick`, `--json FILE`, ...; see apps/bench/README.md). It runs
// in apps/bench, as the bench README's own commands do, so relative paths are taken from there.
import { join } from 'node:path';
import { bootstrap, root, run } from './bootstrap.mjs';

bootstrap({ quiet: true });
process.exit(
  run(process.execPath, ['--import', 'tsx', 'src/main.ts', ...process.argv.slice(2)], {
    cwd: join(root, 'apps/bench'),
  }),
);
