#!/usr/bin/env node
// The README's test command (`npm test`): works on a machine with only Node 20 and npm.
// It installs pnpm when absent, installs the workspace from the lockfile, builds every package,
// runs the whole vitest suite once, and closes with the plain line `N passed, N failed`.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bootstrap, root, run } from './bootstrap.mjs';

bootstrap();

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
