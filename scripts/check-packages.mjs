#!/usr/bin/env node
// Checks that every package has the shape the project promises (see the root README), that
// dependencies point down the layers only, that no package's sources import in a circle and that
// they keep no module-level mutable state (the rules are in `source-checks.mjs`). Run by `pnpm run lint`; `node scripts/check-packages.mjs DIR` checks the
// workspace at DIR instead (the test of this script plants faults in a copy).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCycles, importGraph, moduleState } from './source-checks.mjs';

const root = process.argv[2] ? resolve(process.argv[2]) : join(dirname(fileURLToPath(import.meta.url)), '..');

// The layers: a package may depend on the ones listed, never on anything above it.
const LAYERS = {
  pose: [],
  convex: ['pose'],
  mesh: ['pose'],
  io: ['pose', 'mesh'],
  ccd: ['pose', 'convex', 'mesh'],
  broadphase: ['pose', 'mesh', 'ccd'],
  cli: ['pose', 'mesh', 'ccd', 'broadphase', 'io'],
  // the three.js adapter sits at the top with the tool: it uses pose and mesh (its tests use ccd)
  three: ['pose', 'mesh', 'ccd', 'broadphase'],
};

// Packages that run in Node only (a command-line tool): they may use Node's modules anywhere.
const NODE_ONLY = new Set(['cli']);

const rootLicense = readFileSync(join(root, 'LICENSE'), 'utf8');
const problems = [];

/**
 * Top-level constants the module-state check lets through by name, file by file: tables that are
 * never written but are not frozen. Each needs its reason here.
 *
 * - `EDGE`, `POW10`: small arrays read in hot loops (every edge pair of every facet pair; every
 *   number of a text file). Frozen, optimised code read their elements 5–7 times slower in a
 *   micro-benchmark, and `triangleDistance` took 1.17× the time with `EDGE` frozen (one process,
 *   alternated against the build before).
 */
const CONSTANT_TABLES = {
  'packages/mesh/src/geometry/triangle-distance.ts': ['EDGE'],
  'packages/io/src/text/number.ts': ['POW10'],
};

/** The subpaths a package exports (`.`, `./node`, ...). */
function exportsOf(name) {
  const pkgPath = join(root, 'packages', name, 'package.json');
  if (!existsSync(pkgPath)) return [];
  return Object.keys(JSON.parse(readFileSync(pkgPath, 'utf8')).exports ?? {});
}
const fail = (where, what) => problems.push(`${where}: ${what}`);

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

for (const name of readdirSync(join(root, 'packages')).sort()) {
  const dir = join(root, 'packages', name);
  if (!statSync(dir).isDirectory()) continue;
  const at = `packages/${name}`;
  const pkgPath = join(dir, 'package.json');
  if (!existsSync(pkgPath)) {
    fail(at, 'no package.json');
    continue;
  }
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  if (pkg.name !== `@firsttouch/${name}`) fail(at, `name must be @firsttouch/${name}, is ${pkg.name}`);
  if (pkg.type !== 'module') fail(at, '"type" must be "module"');
  if (pkg.sideEffects !== false) fail(at, '"sideEffects" must be false');
  if (pkg.private) fail(at, 'a package under packages/ is published: no "private"');
  if (pkg.license !== 'MIT') fail(at, '"license" must be "MIT"');
  if (typeof pkg.version !== 'string') fail(at, 'no "version"');
  if (!pkg.description) fail(at, 'no "description"');
  const dot = pkg.exports?.['.'];
  if (dot?.types !== './dist/index.d.ts' || dot?.default !== './dist/index.js') {
    fail(at, 'exports["."] must be {types: "./dist/index.d.ts", default: "./dist/index.js"}');
  }
  for (const [sub, target] of Object.entries(pkg.exports ?? {})) {
    if (
      typeof target !== 'object' ||
      !target.types?.startsWith('./dist/') ||
      !target.default?.startsWith('./dist/')
    ) {
      fail(at, `exports["${sub}"] must be {types, default} into ./dist/`);
    }
  }
  for (const f of ['dist', 'README.md', 'LICENSE']) {
    if (!Array.isArray(pkg.files) || !pkg.files.includes(f)) fail(at, `"files" must list "${f}"`);
  }
  // What a user finds on the registry page, and what npm checks on install.
  const repo = 'git+https://github.com/firsttouch/firsttouch.git';
  if (pkg.repository?.url !== repo || pkg.repository?.directory !== at)
    fail(at, `"repository" must be {type: "git", url: "${repo}", directory: "${at}"}`);
  if (pkg.homepage !== `https://github.com/firsttouch/firsttouch/tree/main/${at}#readme`)
    fail(at, `"homepage" must be the package's README on GitHub`);
  if (pkg.bugs?.url !== 'https://github.com/firsttouch/firsttouch/issues')
    fail(at, '"bugs" must be the issues page');
  if (!Array.isArray(pkg.keywords) || !pkg.keywords.includes('firsttouch'))
    fail(at, '"keywords" must list "firsttouch" and what the package does');
  if (pkg.engines?.node !== '>=20') fail(at, '"engines" must be {node: ">=20"}');
  if (pkg.publishConfig?.access !== 'public')
    fail(
      at,
      '"publishConfig" must be {access: "public"} (a scoped package is private on the registry otherwise)',
    );
  if (!existsSync(join(dir, 'LICENSE')) || readFileSync(join(dir, 'LICENSE'), 'utf8') !== rootLicense)
    fail(at, 'LICENSE must be a copy of the root LICENSE (it goes into the tarball)');
  if (pkg.scripts?.prepack !== 'node ../../scripts/pack-guard.mjs')
    fail(at, 'scripts.prepack must be "node ../../scripts/pack-guard.mjs" (pack with pnpm, never npm)');
  if (pkg.scripts?.build !== 'tsc -p tsconfig.build.json')
    fail(at, 'scripts.build must be "tsc -p tsconfig.build.json"');
  if (pkg.scripts?.test !== 'vitest run') fail(at, 'scripts.test must be "vitest run"');
  if (pkg.scripts?.typecheck !== 'tsc -p tsconfig.json')
    fail(at, 'scripts.typecheck must be "tsc -p tsconfig.json"');
  for (const f of [
    'src/index.ts',
    'README.md',
    'tsconfig.json',
    'tsconfig.build.json',
    'vitest.config.ts',
    'typedoc.json',
  ]) {
    if (!existsSync(join(dir, f))) fail(at, `missing ${f}`);
  }
  const tests = listFiles(join(dir, 'test')).filter((f) => f.endsWith('.test.ts'));
  if (tests.length === 0) fail(at, 'no test/*.test.ts');
  const readme = existsSync(join(dir, 'README.md')) ? readFileSync(join(dir, 'README.md'), 'utf8') : '';
  if (!readme.includes('```ts')) fail(at, 'README.md has no ```ts example');

  // Dependencies: internal ones as workspace:*, and only down the layers.
  const allowed = LAYERS[name];
  if (!allowed) fail(at, `not in the layer table of scripts/check-packages.mjs`);
  const deps = { ...pkg.dependencies, ...pkg.peerDependencies };
  // A peer dependency is the user's own copy: a range, from the lowest version tested up.
  for (const [dep, range] of Object.entries(pkg.peerDependencies ?? {})) {
    if (!/^>=\d+\.\d+\.\d+$/.test(range)) fail(at, `peer ${dep} must be ">=x.y.z", is ${range}`);
  }
  for (const [dep, range] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
    if (!dep.startsWith('@firsttouch/')) {
      if (!/^\d+\.\d+\.\d+$/.test(range)) fail(at, `${dep} must be pinned to an exact version, is ${range}`);
      continue;
    }
    if (range !== 'workspace:*') fail(at, `${dep} must be "workspace:*", is ${range}`);
    const layer = dep.slice('@firsttouch/'.length);
    if (allowed && !allowed.includes(layer))
      fail(at, `may not depend on ${dep} (layers: ${name} uses ${allowed.join(', ') || 'nothing'})`);
  }

  // Sources: imports of other packages are declared, never deep, and core code stays isomorphic.
  const sourceFiles = listFiles(join(dir, 'src')).filter((f) => f.endsWith('.ts'));
  for (const file of sourceFiles) {
    // TSDoc examples import the package itself: scan code only.
    const text = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const where = relative(root, file);
    for (const m of text.matchAll(/from '([^']+)'/g)) {
      const spec = m[1];
      if (spec.startsWith('@firsttouch/')) {
        const [, pkgName, ...rest] = spec.split('/');
        if (!deps[`@firsttouch/${pkgName}`]) fail(where, `imports ${spec} but does not declare it`);
        if (rest.length > 0 && !exportsOf(pkgName).includes(`./${rest.join('/')}`))
          fail(where, `deep import ${spec}: not in the exports of @firsttouch/${pkgName}`);
      }
      const nodeOnly = spec.startsWith('node:') || ['fs', 'path', 'os', 'child_process'].includes(spec);
      if (nodeOnly && !NODE_ONLY.has(name) && !/[\\/]node[\\/]|[\\/]node\.ts$/.test(file)) {
        fail(
          where,
          `imports ${spec}: core code runs in the browser too (put Node-only code under src/node/)`,
        );
      }
    }
  }

  // No import circle, type-only imports included.
  const sources = new Map(sourceFiles.map((f) => [f.replace(/\\/g, '/'), readFileSync(f, 'utf8')]));
  for (const circle of findCycles(importGraph(sources))) {
    fail(at, `import circle: ${circle.map((f) => relative(join(dir, 'src'), f)).join(' → ')}`);
  }
  // No module-level mutable state: per-query state lives in objects the caller may hold, pools
  // aside (see `source-checks.mjs` for what a top-level constant may hold).
  for (const [file, text] of sources) {
    const where = relative(root, file);
    for (const s of moduleState(file, text, new Set(CONSTANT_TABLES[where] ?? []))) {
      fail(`${where}:${s.line}`, `module-level state \`${s.name}\`: ${s.why}`);
    }
  }
}

for (const name of existsSync(join(root, 'apps')) ? readdirSync(join(root, 'apps')) : []) {
  const pkgPath = join(root, 'apps', name, 'package.json');
  if (!existsSync(pkgPath)) continue;
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  if (pkg.private !== true) fail(`apps/${name}`, 'apps are private (never published)');
}

if (problems.length > 0) {
  console.error(`package shape: ${problems.length} problem(s)`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log('package shape: every package conforms');
