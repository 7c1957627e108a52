#!/usr/bin/env node
// The consumer test (run by CI after the build; `pnpm run test:consumer` by hand): the published
// packages as a user gets them. Every package under packages/ is packed with pnpm (as a release is)
// into a temporary folder outside the workspace; the tarballs are installed with npm into a fresh
// project there, with three.js, publint and the lowest and newest TypeScript we support. Then:
//   - each tarball holds package.json, README.md, LICENSE and dist/ with its declarations, and no
//     "workspace:" range; publint finds nothing in it (--strict);
//   - a strict TypeScript consumer of every package's main API type-checks with both TypeScript
//     versions, under `module: nodenext` and under `moduleResolution: bundler`, with the
//     declarations themselves checked (no skipLibCheck), and its typed-array fields are not `any`;
//   - every README and TSDoc example, copied into a file of its own, type-checks (strict, both
//     TypeScript versions, moduleResolution bundler);
//   - compiled, it runs and prints what the library computes;
//   - `npx firsttouch` runs from the installed CLI: --help, then toi and distance on STL files the
//     consumer wrote, equal to the library's results.
// Not a vitest test: it installs from the registry. Takes a minute or two. `--keep` keeps the
// temporary project (it is kept anyway when a check fails).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrap, root } from './bootstrap.mjs';
import { collectExamples } from './examples.mjs';

/** The TypeScript versions of the README's promise: the lowest supported and the newest stable. */
const TYPESCRIPT = { lowest: '5.7.3', newest: '6.0.3' };
const TOOLS = ['three@0.187.0', '@types/three@0.187.0', '@types/node@20.19.43', 'publint@0.3.25'];

const started = performance.now();
const work = mkdtempSync(join(tmpdir(), 'firsttouch-consumer-'));
const tarballs = join(work, 'tarballs');
const project = join(work, 'project');
let failures = 0;

function step(what) {
  console.log(`consumer test: ${what}`);
}

function check(ok, what) {
  if (ok) return;
  failures++;
  console.error(`consumer test: FAILED: ${what}`);
}

/** Runs a command; returns its result. Output is captured, and printed when it fails. */
function run(cmd, args, cwd, { expectFail = false } = {}) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  if ((r.status !== 0) !== expectFail) {
    console.error(`$ ${cmd} ${args.join(' ')}  (in ${cwd}, exit ${r.status})\n${r.stdout}${r.stderr}`);
  }
  return r;
}

bootstrap({ quiet: true });

// 1. Pack every published package with pnpm.
const packages = readdirSync(join(root, 'packages')).filter((name) => {
  const pkg = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));
  return !pkg.private;
});
step(`packing ${packages.length} packages with pnpm (${packages.join(', ')})`);
mkdirSync(tarballs);
for (const name of packages) {
  const r = run('pnpm', ['pack', '--pack-destination', tarballs], join(root, 'packages', name));
  check(r.status === 0, `pnpm pack of ${name}`);
}
const files = readdirSync(tarballs).filter((f) => f.endsWith('.tgz'));
check(files.length === packages.length, `one tarball a package (${files.length} for ${packages.length})`);
for (const file of files) {
  const listing = run('tar', ['-tzf', join(tarballs, file)], work).stdout.split('\n');
  for (const need of ['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts']) {
    check(listing.includes(`package/${need}`), `${file} holds ${need}`);
  }
  const manifest = run('tar', ['-xzOf', join(tarballs, file), 'package/package.json'], work).stdout;
  check(!manifest.includes('workspace:'), `${file}: no "workspace:" range in the packed package.json`);
}

// 2. A fresh project outside the workspace: the tarballs, three, the TypeScripts, publint.
step('installing the tarballs with npm into a fresh project');
mkdirSync(join(project, 'src'), { recursive: true });
writeFileSync(
  join(project, 'package.json'),
  `${JSON.stringify({ name: 'firsttouch-consumer', private: true, type: 'module' }, null, 2)}\n`,
);
const install = run(
  'npm',
  [
    'install',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    ...files.map((f) => join(tarballs, f)),
    ...TOOLS,
    `typescript@${TYPESCRIPT.newest}`,
    `typescript-lowest@npm:typescript@${TYPESCRIPT.lowest}`,
  ],
  project,
);
check(install.status === 0, 'npm install of the tarballs');

// 3. publint on each tarball.
for (const file of files) {
  const r = run('npx', ['--no', 'publint', join(tarballs, file), '--strict'], project);
  check(r.status === 0, `publint ${file}`);
}

// 4. The TypeScript consumer, type-checked four ways, then compiled and run.
writeFileSync(
  join(project, 'src', 'consumer.ts'),
  readFileSync(join(root, 'scripts', 'consumer', 'consumer.ts')),
);
// A three.js user's settings: the DOM library (three's declarations need it) and Node's types.
const strict = {
  strict: true,
  target: 'ES2022',
  lib: ['ES2022', 'DOM'],
  types: ['node'],
  skipLibCheck: false,
  verbatimModuleSyntax: true,
};
const configs = {
  nodenext: { ...strict, module: 'nodenext', moduleResolution: 'nodenext', rootDir: 'src', outDir: 'out' },
  bundler: { ...strict, module: 'esnext', moduleResolution: 'bundler', noEmit: true },
};
for (const [name, compilerOptions] of Object.entries(configs)) {
  writeFileSync(
    join(project, `tsconfig.${name}.json`),
    `${JSON.stringify({ compilerOptions, include: ['src'] }, null, 2)}\n`,
  );
}
// And every README and TSDoc example, as a user copies it into a file of their own, type-checks
// against the installed packages (strict, both TypeScript versions): the doc-examples tests run them
// on the sources, where a union they print the right answer from could still fail a user's `tsc`
// (a probe found three README examples and six TSDoc ones that ran but did not compile).
const examplesDir = join(project, 'examples');
mkdirSync(examplesDir, { recursive: true });
const places = [];
for (const name of readdirSync(join(root, 'packages')).sort()) {
  collectExamples(join(root, 'packages', name)).forEach((example, k) => {
    const file = `${name}-${String(k).padStart(3, '0')}.ts`;
    places.push(`${file}: ${example.where}`);
    // each its own module (`export {}`), as a file of its own would be
    writeFileSync(join(examplesDir, file), `${example.code}\nexport {};\n`);
  });
}
writeFileSync(
  join(project, 'tsconfig.examples.json'),
  `${JSON.stringify(
    {
      // (lib checks are the consumer's above; here the examples' own code)
      compilerOptions: { ...configs.bundler, skipLibCheck: true, verbatimModuleSyntax: false },
      include: ['examples'],
    },
    null,
    2,
  )}\n`,
);
for (const [which, version] of Object.entries(TYPESCRIPT)) {
  const tsc = join(
    project,
    'node_modules',
    which === 'newest' ? 'typescript' : 'typescript-lowest',
    'bin',
    'tsc',
  );
  for (const name of Object.keys(configs)) {
    step(`type-checking with TypeScript ${version}, ${name}`);
    const r = run(process.execPath, [tsc, '-p', `tsconfig.${name}.json`, '--noEmit'], project);
    check(r.status === 0, `TypeScript ${version} (${which}), ${name}: the consumer type-checks`);
  }
  step(`type-checking every README and TSDoc example with TypeScript ${version}`);
  const examples = run(process.execPath, [tsc, '-p', 'tsconfig.examples.json', '--noEmit'], project);
  if (examples.status !== 0) {
    console.error(`consumer test: the examples' files: ${join(project, 'examples')}; where each stands:`);
    console.error(places.join('\n'));
  }
  check(
    examples.status === 0,
    `TypeScript ${version}: ${places.length} README and TSDoc examples type-check`,
  );
}
const tsc = join(project, 'node_modules', 'typescript', 'bin', 'tsc');
check(
  run(process.execPath, [tsc, '-p', 'tsconfig.nodenext.json'], project).status === 0,
  'compiling the consumer',
);
step('running the consumer');
const consumer = run(process.execPath, ['out/consumer.js'], project);
check(consumer.status === 0, 'the consumer runs');
console.log(consumer.stdout.trimEnd().replace(/^/gm, '  '));
const expected = JSON.parse(readFileSync(join(project, 'expected.json'), 'utf8'));

// 5. The command from the installed CLI package.
step('npx firsttouch');
// npx reads a bare --help itself: `help`, `-h` or `-- --help` reach the tool.
for (const asked of [['help'], ['--', '--help']]) {
  const help = run('npx', ['--no', 'firsttouch', ...asked], project);
  check(
    help.status === 0 && help.stdout.includes('usage: firsttouch COMMAND'),
    `npx firsttouch ${asked.join(' ')}`,
  );
}
const toi = run(
  'npx',
  ['--no', 'firsttouch', 'toi', 'ball.stl', 'pebble.stl', ...expected.toiArgs, '--json'],
  project,
);
check(toi.status === 0, 'npx firsttouch toi');
if (toi.status === 0) {
  const j = JSON.parse(toi.stdout);
  check(
    j.status === expected.toi.status && j.toi === expected.toi.toi,
    `toi: ${j.status} ${j.toi} as the library's`,
  );
  console.log(`  firsttouch toi: ${j.status} at ${j.toi} after ${j.iterations} steps`);
}
const distance = run(
  'npx',
  ['--no', 'firsttouch', 'distance', 'ball.stl', 'pebble.stl', ...expected.distanceArgs],
  project,
);
check(
  distance.status === 0 && distance.stdout.startsWith(`gap ${expected.distance}`),
  'npx firsttouch distance',
);
console.log(`  firsttouch distance: ${distance.stdout.split('\n')[0]}`);
const bad = run('npx', ['--no', 'firsttouch', 'toi', 'ball.stl', '--json'], project, { expectFail: true });
check(
  bad.status === 2 && JSON.parse(bad.stdout).error.kind === 'usage',
  'npx firsttouch: a usage error as JSON, exit 2',
);

const seconds = ((performance.now() - started) / 1000).toFixed(0);
if (failures > 0) {
  console.error(`consumer test: ${failures} check(s) failed (${seconds} s); the project is kept in ${work}`);
  process.exit(1);
}
if (process.argv.includes('--keep')) console.log(`consumer test: the project is kept in ${work}`);
else rmSync(work, { recursive: true, force: true });
console.log(`consumer test: every check passed (${seconds} s)`);
