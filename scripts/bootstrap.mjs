// Shared by the README's commands: on a machine with only Node 20 and npm, install pnpm (pinned)
// when absent, install the workspace from the lockfile and build every package.
import { execSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM = '12.4.2';
export const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };

/** Runs a command in the repository root, inheriting the terminal; returns its exit code. */
export function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env, ...options });
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

/** pnpm present, the workspace installed, every package built; exits on failure. */
export function bootstrap({ quiet = false } = {}) {
  const io = quiet ? { stdio: ['ignore', 'ignore', 'inherit'] } : {};
  if (pnpmVersion() === null) {
    console.error(`pnpm is absent: installing pnpm@${PNPM} with npm`);
    if (run('npm', ['install', '-g', `pnpm@${PNPM}`], io) !== 0) process.exit(1);
  }
  if (run('pnpm', ['install', '--frozen-lockfile'], io) !== 0) process.exit(1);
  if (run('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], io) !== 0) process.exit(1);
}
