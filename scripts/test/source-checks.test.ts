// The source checks of `check-packages.mjs` on planted examples: each must fail on its fault and
// pass without it, run as functions and as the script over a workspace made for the test.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findCycles, importGraph, moduleState } from '../source-checks.mjs';

const script = join(dirname(fileURLToPath(import.meta.url)), '..', 'check-packages.mjs');

const cyclesOf = (files: Record<string, string>): string[][] =>
  findCycles(importGraph(new Map(Object.entries(files))));

describe('the import circle check', () => {
  it('finds a circle closed by a type-only import, and a longer one through a re-export', () => {
    expect(
      cyclesOf({
        '/p/a.ts': "import type { B } from './b.js';\nexport class A { b?: B }\n",
        '/p/b.ts': "import { A } from './a.js';\nexport class B extends A {}\n",
      }),
    ).toEqual([['/p/a.ts', '/p/b.ts', '/p/a.ts']]);
    expect(
      cyclesOf({
        '/p/x/one.ts': "export { two } from '../y/two.js';\n",
        '/p/y/two.ts': "import '../z/three.js';\nexport const two = 2;\n",
        '/p/z/three.ts': "export type T = import('../x/one.js').X;\n",
      }),
    ).toEqual([['/p/x/one.ts', '/p/y/two.ts', '/p/z/three.ts', '/p/x/one.ts']]);
  });

  it('passes imports that point one way, and ignores other packages', () => {
    expect(
      cyclesOf({
        '/p/a.ts': "import type { B } from './b.js';\nimport { C } from '@firsttouch/c';\n",
        '/p/b.ts': 'export interface B { x: number }\n',
      }),
    ).toEqual([]);
  });
});

describe('the module state check', () => {
  const names = (text: string): string[] => moduleState('/p/a.ts', text).map((s: { name: string }) => s.name);

  it('flags a top-level let or var, and a const holding something writable', () => {
    const text = [
      'let pool: object | undefined;',
      'var busy = false;',
      'const scratch = /* @__PURE__ */ new Float64Array(7);',
      'const cache = new WeakMap<object, number>();',
      'const EDGE = [0, 3, 3, 6, 6, 0];',
      'const S = { stamp: 0 };',
      'const triangle = pointSet(3);',
      'const stack = new PairStack();',
    ].join('\n');
    expect(names(text)).toEqual(['pool', 'busy', 'scratch', 'cache', 'EDGE', 'S', 'triangle', 'stack']);
  });

  it('passes constants: primitives, functions, frozen tables, empty typed arrays, pools', () => {
    const text = [
      'const LIMIT = 1 << 22;',
      'const BOUND = (7 + 56 * 2 ** -53) * 2 ** -53;',
      "const NAME = 'x';",
      "const BRAND = Symbol.for('firsttouch.Surface');",
      'const ALIAS = LIMIT;',
      'const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;',
      'const TINY = Number.MIN_VALUE;',
      'const HALF = Math.SQRT1_2;',
      'const EDGE = Object.freeze([0, 3, 3, 6, 6, 0]);',
      "const Status = Object.freeze({ Contact: 'contact' } as const);",
      'const NONE = /* @__PURE__ */ new Float64Array(0);',
      'const pairs = new Pool<object>(4);',
      'const twice = (x: number) => 2 * x;',
      'export function f() { let inside = 0; inside++; return inside; }',
    ].join('\n');
    expect(names(text)).toEqual([]);
  });

  it('keeps what the allow-list names', () => {
    const text = 'const ORIGIN = new Float64Array(3);\nconst other = new Float64Array(3);\n';
    expect(moduleState('/p/a.ts', text, new Set(['ORIGIN'])).map((s: { name: string }) => s.name)).toEqual([
      'other',
    ]);
  });
});

describe('check-packages.mjs over a planted workspace', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A workspace of one conforming package (`pose`, the layer without dependencies) and `files` in its src/. */
  function workspace(files: Record<string, string>): string {
    dir = mkdtempSync(join(tmpdir(), 'firsttouch-check-'));
    const pkg = join(dir, 'packages', 'pose');
    for (const sub of ['src', 'test']) mkdirSync(join(pkg, sub), { recursive: true });
    const json = {
      name: '@firsttouch/pose',
      version: '0.0.0',
      description: 'planted',
      license: 'MIT',
      type: 'module',
      sideEffects: false,
      exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
      files: ['dist', 'README.md', 'LICENSE'],
      keywords: ['firsttouch'],
      homepage: 'https://github.com/firsttouch/firsttouch/tree/main/packages/pose#readme',
      bugs: { url: 'https://github.com/firsttouch/firsttouch/issues' },
      repository: {
        type: 'git',
        url: 'git+https://github.com/firsttouch/firsttouch.git',
        directory: 'packages/pose',
      },
      engines: { node: '>=20' },
      publishConfig: { access: 'public' },
      scripts: {
        build: 'tsc -p tsconfig.build.json',
        test: 'vitest run',
        typecheck: 'tsc -p tsconfig.json',
        prepack: 'node ../../scripts/pack-guard.mjs',
      },
    };
    writeFileSync(join(pkg, 'package.json'), JSON.stringify(json));
    // the metadata check compares each package's licence with the root's
    writeFileSync(join(dir, 'LICENSE'), 'MIT planted\n');
    writeFileSync(join(pkg, 'LICENSE'), 'MIT planted\n');
    writeFileSync(join(pkg, 'README.md'), '# planted\n\n```ts\nconsole.log(1); // 1\n```\n');
    for (const f of ['tsconfig.json', 'tsconfig.build.json', 'typedoc.json'])
      writeFileSync(join(pkg, f), '{}');
    writeFileSync(join(pkg, 'vitest.config.ts'), 'export default {};\n');
    writeFileSync(join(pkg, 'test', 'a.test.ts'), '');
    writeFileSync(join(pkg, 'src', 'index.ts'), "export * from './a.js';\n");
    for (const [name, text] of Object.entries(files)) writeFileSync(join(pkg, 'src', name), text);
    return dir;
  }

  const check = (root: string) => spawnSync(process.execPath, [script, root], { encoding: 'utf8' });

  it('passes a clean package', () => {
    const r = check(
      workspace({
        'a.ts': "import type { B } from './b.js';\nexport const a = 1;\n",
        'b.ts': 'export interface B { x: number }\n',
      }),
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('fails on planted module-level state', () => {
    const r = check(
      workspace({
        'a.ts':
          'export const a = 1;\nlet pool: object | undefined;\nconst scratch = new Float64Array(4);\nexport function f() { pool = scratch; return pool; }\n',
      }),
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('a.ts:2: module-level state `pool`: a top-level let');
    expect(r.stderr).toContain('a.ts:3: module-level state `scratch`: new Float64Array(...) is writable');
  });

  it('fails on a planted circle of type-only imports', () => {
    const r = check(
      workspace({
        'a.ts': "import type { B } from './b.js';\nexport interface A { b?: B }\n",
        'b.ts': "import type { A } from './a.js';\nexport interface B { a?: A }\n",
      }),
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('import circle: a.ts → b.ts → a.ts');
  });
});
