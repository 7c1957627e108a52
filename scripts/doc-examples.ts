// Runs the ```ts examples of a package's README and TSDoc comments as tests. An example's
// `console.log(...); // expected` lines are checked: what it prints must equal the comment (spaces
// and quotes aside), so an example that drifts from the code fails.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import type { DocExample } from './examples.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export { collectExamples, type DocExample } from './examples.mjs';

/** Where `@firsttouch/<name><sub>` points in the built package (`./dist/….js`). */
function exportTarget(name: string, sub: string): string {
  const pkg = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));
  const target = pkg.exports?.[sub]?.default;
  return typeof target === 'string' ? target : `./dist${sub.slice(1)}.js`;
}

const normalise = (s: string) => s.replace(/[\s'"]/g, '');

/**
 * Runs one example with `@firsttouch/<name>` imports pointing at the packages' sources, and
 * returns the mismatches between what it printed and its `// expected` comments.
 */
export async function runExample(example: DocExample, packageName: string): Promise<string[]> {
  // The package under test from its sources; the others from their builds, as its sources import them.
  const code = example.code.replace(
    /from '@firsttouch\/([a-z]+)((?:\/[a-z]+)?)'/g,
    (_, name: string, sub: string) => {
      const own = name === packageName;
      // A subpath by the package's exports map (`./queue` may live in `dist/node/queue.js`).
      const built = sub ? exportTarget(name, `.${sub}`) : './dist/index.js';
      const entry = own ? built.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts') : built;
      return `from '${join(root, 'packages', name, entry).replace(/\\/g, '/')}'`;
    },
  );
  const dir = mkdtempSync(join(tmpdir(), 'firsttouch-doc-'));
  const file = join(dir, 'example.ts');
  writeFileSync(file, code);
  const printed: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => {
    printed.push(format(...args));
  };
  // the folders an example makes (its own mkdtemp in tmpdir()) go inside this one, removed below
  const tmp = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    await import(file);
  } finally {
    console.log = log;
    if (tmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmp;
    // one folder an example: a run of the tests left thousands behind
    rmSync(dir, { recursive: true, force: true });
  }
  const expected = example.code
    .split('\n')
    .filter((l) => /^\s*console\.log\(/.test(l))
    .map((l) => {
      const c = l.match(/\);\s*\/\/ (.*)$/);
      return c ? c[1] : null;
    });
  const problems: string[] = [];
  if (expected.length !== printed.length) {
    problems.push(
      `${example.where}: ${expected.length} console.log lines but ${printed.length} lines printed`,
    );
    return problems;
  }
  expected.forEach((want, i) => {
    if (want !== null && normalise(want) !== normalise(printed[i])) {
      problems.push(`${example.where}: printed ${printed[i]}, the comment says ${want}`);
    }
  });
  return problems;
}
