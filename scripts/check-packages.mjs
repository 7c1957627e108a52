#!/usr/bin/env node
// Checks that every package has the shape the project promises (see the root README) and that
// dependencies point down the layers only. Run by `pnpm run lint`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The layers: a package may depend on the ones listed, never on anything above it.
const LAYERS = {
  pose: [],
  convex: ['pose'],
  mesh: ['pose'],
  io: ['pose', 'mesh'],
  ccd: ['pose', 'mesh'],
  broadphase: ['pose', 'mesh', 'ccd'],
};

const problems = [];
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
  if (!Array.isArray(pkg.files) || !pkg.files.includes('dist')) fail(at, '"files" must list "dist"');
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
  for (const [dep, range] of Object.entries({ ...deps, ...pkg.devDependencies })) {
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
  for (const file of listFiles(join(dir, 'src')).filter((f) => f.endsWith('.ts'))) {
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
        if (rest.length > 0 && !pkg.exports) fail(where, `deep import ${spec}`);
        if (rest.some((r) => r === 'src' || r === 'dist')) fail(where, `deep import ${spec}`);
      }
      const nodeOnly = spec.startsWith('node:') || ['fs', 'path', 'os', 'child_process'].includes(spec);
      if (nodeOnly && !/[\\/]node[\\/]|[\\/]node\.ts$/.test(file)) {
        fail(
          where,
          `imports ${spec}: core code runs in the browser too (put Node-only code under src/node/)`,
        );
      }
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
