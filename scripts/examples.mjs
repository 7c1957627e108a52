// The ```ts examples of a package: its README's blocks and its TSDoc `@example` blocks. Shared by
// the doc-examples test (which runs them) and the consumer test (which type-checks them against the
// installed tarballs, as a user copies them).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/**
 * The ```ts blocks of the package's README and of the TSDoc comments in its src/.
 * @param {string} packageDir
 * @returns {{ where: string, code: string }[]}
 */
export function collectExamples(packageDir) {
  /** @type {{ where: string, code: string }[]} */
  const out = [];
  const readme = join(packageDir, 'README.md');
  const text = readFileSync(readme, 'utf8');
  for (const m of text.matchAll(/```ts\n([\s\S]*?)```/g)) {
    const line = text.slice(0, m.index).split('\n').length;
    out.push({ where: `${relative(root, readme)}:${line}`, code: m[1] });
  }
  for (const file of filesUnder(join(packageDir, 'src')).filter((f) => f.endsWith('.ts'))) {
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/@example\n\s*\* ```ts\n([\s\S]*?)\s*\* ```/g)) {
      const code = m[1]
        .split('\n')
        .map((l) => l.replace(/^\s*\* ?/, ''))
        .join('\n');
      const line = src.slice(0, m.index).split('\n').length;
      out.push({ where: `${relative(root, file)}:${line}`, code });
    }
  }
  return out;
}
