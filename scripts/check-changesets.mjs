#!/usr/bin/env node
// Runs `changeset status` over every pending changeset, whatever the state of the clone's branches
// (run by `pnpm run lint`, hence by CI). A malformed changeset, or one that names a package outside
// the workspace, fails it.
//
// Why not `changeset status` in the repository itself: it reads the changesets and also compares HEAD
// with the base branch ("main"). On a fresh clone of another branch "main" may not exist (status
// stops: it cannot find where HEAD diverged), and right after a release (packages changed, their
// changesets consumed) it fails with nothing wrong. So the check gives it a scratch git repository
// of two commits: the workspace's manifests, then the pending changesets. `status --since=HEAD~1`
// there reads and parses every changeset and sees no package changed.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const changesetBin = createRequire(import.meta.url).resolve('@changesets/cli/bin.js');

/** The pending changesets of a folder: every `*.md` but its README. */
export function pendingChangesets(dir) {
  return readdirSync(dir).filter((f) => f.endsWith('.md') && f.toLowerCase() !== 'readme.md');
}

function git(cwd, ...args) {
  const r = spawnSync(
    'git',
    [
      '-c',
      'user.name=changeset-check',
      '-c',
      'user.email=changeset-check@example.invalid',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    { cwd, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

/**
 * `changeset status` over the changesets in `changesets` (default: the workspace's `.changeset`),
 * with the workspace `workspace`'s manifests and changeset config. Returns its exit status and output.
 */
export function checkChangesets({ workspace = root, changesets = join(workspace, '.changeset') } = {}) {
  const scratch = mkdtempSync(join(tmpdir(), 'firsttouch-changesets-'));
  const copy = (from, rel) => {
    mkdirSync(dirname(join(scratch, rel)), { recursive: true });
    copyFileSync(from, join(scratch, rel));
  };
  try {
    for (const rel of ['package.json', 'pnpm-workspace.yaml', '.changeset/config.json']) {
      copy(join(workspace, rel), rel);
    }
    for (const group of ['packages', 'apps']) {
      for (const name of existsSync(join(workspace, group)) ? readdirSync(join(workspace, group)) : []) {
        const manifest = join(workspace, group, name, 'package.json');
        if (existsSync(manifest)) copy(manifest, `${group}/${name}/package.json`);
      }
    }
    git(scratch, 'init', '-q');
    git(scratch, 'add', '-A');
    git(scratch, 'commit', '-q', '-m', 'the workspace manifests');
    const pending = pendingChangesets(changesets);
    for (const file of pending) copy(join(changesets, file), `.changeset/${file}`);
    git(scratch, 'add', '-A');
    git(scratch, 'commit', '-q', '--allow-empty', '-m', 'the pending changesets');
    const r = spawnSync(process.execPath, [changesetBin, 'status', '--verbose', '--since=HEAD~1'], {
      cwd: scratch,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    return { status: r.status ?? 1, pending: pending.length, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { status, pending, output } = checkChangesets();
  if (status !== 0) {
    // changesets' own messages, without the stack frames it prints for a parse error
    console.error(
      output
        .split('\n')
        .filter((line) => !/^\S*\s+error\s+at /.test(line))
        .join('\n')
        .trimEnd(),
    );
    console.error(`changesets: \`changeset status\` fails on the ${pending} pending changeset(s)`);
    process.exit(1);
  }
  console.log(`changesets: ${pending} pending, every one parses (\`changeset status\` passes)`);
}
