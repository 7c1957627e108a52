#!/usr/bin/env node
// The README's test command (`npm test`): works on a machine with only Node 20 and npm.
// It installs pnpm when absent, installs the workspace from the lockfile, builds every package,
// runs the whole vitest suite once, and closes with the plain line `N passed, N failed`.
import { execSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM = '12.4.2';
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  return r.status ?? 1;
}

function pnpmVersion() {
  try {
    return execSync('pnpm --version', { cwd: root, env, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

if (pnpmVersion() === null) {
  console.log(`pnpm is absent: installing pnpm@${PNPM} with npm`);
  if (run('npm', ['install', '-g', `pnpm@${PNPM}`]) !== 0) process.exit(1);
}
if (run('pnpm', ['install', '--frozen-lockfile']) !== 0) process.exit(1);
if (run('pnpm', ['exec', 'turbo', 'run', 'build']) !== 0) process.exit(1);

mkdirSync(join(root, 'test-results'), { recursive: true });
const report = join(root, 'test-results', 'vitest.json');
const code = run('pnpm', [
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests;
  skipped = json.numPendingTests + json.numTodoTests;
} catch {
  failed = Math.max(failed, 1);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(code !== 0 || failed > 0 || passed === 0 ? 1 : 0);
