#!/usr/bin/env node
// turbo for the root scripts (`pnpm run build`, `lint`, `docs`), with its telemetry off: otherwise
// turbo prints a telemetry notice on a machine's first run and reports usage to its host.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { env, root } from './bootstrap.mjs';

const turbo = createRequire(import.meta.url).resolve('turbo/bin/turbo');
const r = spawnSync(process.execPath, [turbo, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(r.status ?? 1);
