// Hostile command lines and scene files for the firsttouch tool (the reliability issue's "hostile
// input" section). The tool is run in process through the exported main(argv, {out, err}), 10⁴ cases
// each for random token soups, for well-formed commands with hostile values, and for scene JSON;
// then a handful of real processes. What must hold:
//   - main returns 0, 1 or 2 and never throws; never 3 (the internal-error code);
//   - exit 1 or 2 comes with a message (on err, naming the tool; with --json, a JSON error object
//     on out and nothing on err), 0 with output; --json output parses; no stack trace is ever printed;
//   - every call returns within a bounded time (a hang guard: 2 s a call on files of a few facets);
//   - a valid command right after a hostile one prints the same as before.
// Files and scenes go to a temporary directory; --svg outputs too (a random --svg value would
// otherwise write into the working directory). --max-iterations values above 2000 are lowered to
// 2000: a cap is the caller's budget of distance queries, and with a tolerance below the rounding
// of the distance a query may run to any cap it is given (the ccd README's "do not ask for one").

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeObj, writeStl } from '@firsttouch/io';
import { box, icosphere } from '@firsttouch/mesh';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';

const RUNS = 10_000;
const HANG_MS = 2000;
const TIMEOUT = 300_000;

const dir = mkdtempSync(join(tmpdir(), 'firsttouch-cli-fuzz-'));
const file = (name: string) => join(dir, name);
const cliPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'main.js');

beforeAll(() => {
  writeFileSync(file('a.stl'), writeStl(box(1)));
  writeFileSync(file('b.stl'), writeStl(box(0.5), { format: 'ascii', name: 'b' }));
  writeFileSync(file('c.obj'), writeObj(icosphere(0.3, 0)));
  writeFileSync(file('broken.stl'), 'solid broken\n facet normal 0 0 1\n outer loop\n vertex 0 0 0\n');
  writeFileSync(file('empty.stl'), '');
  writeFileSync(file('garbage.obj'), new Uint8Array([0, 1, 2, 255, 10, 102, 32, 49]));
  writeFileSync(file('huge.stl'), writeStl(box(3e38)));
  mkdirSync(file('folder'), { recursive: true });
  writeFileSync(
    file('scene.json'),
    JSON.stringify({ bodies: [{ file: 'a.stl' }, { file: 'b.stl', from: 't=2,0,0', to: 't=-2,0,0' }] }),
  );
  sameAsBaseline(true); // the baseline, before any hostile input
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Ran {
  code: number;
  out: string;
  err: string;
}

/** Runs main in process under the contract: no throw, a known code, a message, bounded time. */
function cli(argv: string[]): Ran {
  const out: string[] = [];
  const err: string[] = [];
  const t0 = performance.now();
  let code: number;
  try {
    code = main(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  } catch (e) {
    throw new Error(`main threw for ${JSON.stringify(argv)}: ${(e as Error).stack}`);
  }
  const ms = performance.now() - t0;
  if (ms > HANG_MS) throw new Error(`main took ${ms.toFixed(0)} ms for ${JSON.stringify(argv)}`);
  const r = { code, out: out.join('\n'), err: err.join('\n') };
  if (![0, 1, 2].includes(code)) throw new Error(`exit ${code} for ${JSON.stringify(argv)}: ${r.err}`);
  if (code !== 0 && argv.includes('--json')) jsonError(argv, r);
  else if (code !== 0 && !r.err.startsWith('firsttouch'))
    throw new Error(`exit ${code} without a message: ${JSON.stringify(argv)}`);
  if (code === 0 && r.out.length === 0) throw new Error(`exit 0 without output: ${JSON.stringify(argv)}`);
  if (/\n\s+at .*\d+:\d+\)?$/m.test(r.err + r.out))
    throw new Error(`a stack trace was printed for ${JSON.stringify(argv)}`);
  const help = ['help', '--help', '-h'].includes(argv[0]) || argv.includes('--help') || argv.includes('-h');
  if (code === 0 && argv.includes('--json') && !help) {
    try {
      JSON.parse(r.out);
    } catch {
      throw new Error(`--json output does not parse for ${JSON.stringify(argv)}`);
    }
  }
  return r;
}

/** With --json, a failure is one JSON object on out, with its message and exit code; err is empty. */
function jsonError(argv: string[], r: Ran): void {
  let parsed: { error?: { kind?: unknown; message?: unknown }; exitCode?: unknown };
  try {
    parsed = JSON.parse(r.out);
  } catch {
    throw new Error(`--json error output does not parse for ${JSON.stringify(argv)}: ${r.out}`);
  }
  const { error, exitCode } = parsed;
  if (typeof error?.message !== 'string' || error.message === '' || exitCode !== r.code || r.err !== '')
    throw new Error(`--json error without its message or code for ${JSON.stringify(argv)}: ${r.out}`);
}

/**
 * The valid neighbour: its output before any hostile call, compared after every 10th hostile call
 * and at the end of each test (a valid command costs a millisecond or two; the hostile ones mostly
 * far less, and 10⁴ of each would double the time of this file).
 */
const NEIGHBOUR = () => [
  'distance',
  file('a.stl'),
  file('b.stl'),
  '--b',
  'axis=0,1,0 angle=30deg t=3,0.1,0',
  '--json',
];
let baseline: string | undefined;
let calls = 0;
function sameAsBaseline(force = false): void {
  if (!force && ++calls % 10 !== 0) return;
  const r = cli(NEIGHBOUR());
  baseline ??= r.out;
  if (r.code !== 0 || r.out !== baseline) throw new Error('a valid command changed after a hostile one');
}

// ---------------------------------------------------------------------------------------------
// Hostile pieces

const hostileNumber = fc.oneof(
  fc.double().map(String),
  fc.constantFrom(
    '0',
    '-0',
    '1',
    '-1',
    '1e-3',
    '5e-324',
    '1e308',
    '1e309',
    '-1e400',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '1_0',
    '',
    ' ',
    '1e',
    '.',
    '٣',
    '1,5',
    '2**3',
    '3.5.1',
  ),
  fc.integer({ min: -3, max: 3000 }).map(String),
);
const vector = fc.oneof(
  fc.tuple(hostileNumber, hostileNumber, hostileNumber).map((v) => v.join(',')),
  fc.array(hostileNumber, { maxLength: 5 }).map((v) => v.join(',')),
  fc.constantFrom('0,0,1', '1,1,1', '0,0,0', '1e308,1e308,1e308', '5e-324,5e-324,0', ',,', '1,2'),
);
const angle = fc.oneof(
  hostileNumber,
  hostileNumber.map((x) => `${x}deg`),
  hostileNumber.map((x) => `${x}rad`),
  fc.constantFrom('90deg', '1.5708rad', '180DEG', 'deg', 'rad', '90 deg', '1e-3rad'),
);
const poseField = fc.oneof(
  vector.map((v) => `axis=${v}`),
  angle.map((a) => `angle=${a}`),
  vector.map((v) => `t=${v}`),
  fc.constantFrom('axis=', 'angle=', 't=', '=', 'x=1', 'axis', 'AXIS=0,0,1', 't=1,2,3=4'),
  fc.string({ maxLength: 8 }),
);
const pose = fc.oneof(
  fc.array(poseField, { maxLength: 4 }).map((f) => f.join(' ')),
  fc.array(poseField, { maxLength: 4 }).map((f) => f.join('\t\n ')),
  fc.constantFrom('t=0.6,-0.3,-0.2', 'axis=0,1,0 angle=90deg t=1,0,0', ''),
);

function fileToken(): fc.Arbitrary<string> {
  return fc
    .constantFrom(
      'a.stl',
      'b.stl',
      'c.obj',
      'broken.stl',
      'empty.stl',
      'garbage.obj',
      'huge.stl',
      'missing.stl',
      'folder',
      'scene.json',
    )
    .map(file);
}

/** --svg outputs stay in the temporary directory. */
const svgPath = fc.constantFrom('out.svg', 'x.svg', 'folder/section.svg').map(file);

/** Keeps the run away from the working directory and from unbounded caps (see the header). */
function tame(argv: string[]): string[] {
  const a = argv.slice();
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '--svg' && i + 1 < a.length) a[i + 1] = file('out.svg');
    else if (a[i].startsWith('--svg=')) a[i] = `--svg=${file('out.svg')}`;
    const capAt = a[i] === '--max-iterations' ? i + 1 : -1;
    if (capAt > 0 && capAt < a.length && Number(a[capAt]) > 2000) a[capAt] = '2000';
    if (a[i].startsWith('--max-iterations=') && Number(a[i].slice(17)) > 2000) a[i] = '--max-iterations=2000';
  }
  return a;
}

const options = [
  '--a-from',
  '--a-to',
  '--b-from',
  '--b-to',
  '--a',
  '--b',
  '--a-fit',
  '--b-fit',
  '--fit',
  '--a-center',
  '--b-center',
  '--center',
  '--tolerance',
  '--directional',
  '--max-iterations',
  '--json',
  '--axis',
  '--at',
  '--svg',
  '--',
  '--=',
  '--unknown',
  '-x',
  '---',
];

describe('the command line: random token soups', () => {
  const token = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...options) },
    { weight: 2, arbitrary: fileToken() },
    { weight: 2, arbitrary: pose },
    { weight: 2, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom('on', 'off', 'auto', 'x', 'y', 'z', 'w', 'X') },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...options), fc.oneof(hostileNumber, pose))
        .map(([o, v]) => `${o}=${v}`),
    },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).filter((s) => s !== '--help' && s !== '-h'),
    },
  );
  const command = fc.constantFrom(
    'toi',
    'distance',
    'first-impact',
    'slice',
    'help',
    '--help',
    'TOI',
    '',
    'fly',
    '--json',
    '-',
  );
  it('main returns 0, 1 or 2 with a message, never throws, never 3', { timeout: TIMEOUT }, () => {
    const codes = [0, 0, 0];
    fc.assert(
      fc.property(command, fc.array(token, { maxLength: 10 }), (c, rest) => {
        const r = cli(tame([c, ...rest]));
        codes[r.code]++;
        sameAsBaseline();
      }),
      { numRuns: RUNS },
    );
    sameAsBaseline(true);
    // the soup reaches every outcome
    expect(codes.every((n) => n > 0)).toBe(true);
  });
});

describe('the command line: well-formed commands with hostile values', () => {
  const valuesOf = (name: string): fc.Arbitrary<string> => {
    if (name.endsWith('-from') || name.endsWith('-to') || name === '--a' || name === '--b') return pose;
    if (name === '--directional')
      return fc.oneof(fc.constantFrom('on', 'off', 'auto', 'ON', '', 'true'), fc.string({ maxLength: 4 }));
    if (name === '--axis')
      return fc.oneof(fc.constantFrom('x', 'y', 'z', 'X', 'w', ''), fc.string({ maxLength: 3 }));
    return hostileNumber;
  };
  const opt = (names: string[], flags: string[]) =>
    fc.array(
      fc.oneof(
        fc.constantFrom(...names).chain((n) => valuesOf(n).map((v) => [n, v])),
        fc.constantFrom(...names).chain((n) => valuesOf(n).map((v) => [`${n}=${v}`])),
        fc.constantFrom(...flags).map((f) => [f]),
      ),
      { maxLength: 6 },
    );
  const toi = fc
    .tuple(
      fileToken(),
      fileToken(),
      opt(
        [
          '--a-from',
          '--a-to',
          '--b-from',
          '--b-to',
          '--a-fit',
          '--b-fit',
          '--tolerance',
          '--directional',
          '--max-iterations',
        ],
        ['--a-center', '--b-center', '--json'],
      ),
    )
    .map(([a, b, o]) => ['toi', a, b, ...o.flat()]);
  const distance = fc
    .tuple(
      fileToken(),
      fileToken(),
      opt(['--a', '--b', '--a-fit', '--b-fit'], ['--a-center', '--b-center', '--json']),
    )
    .map(([a, b, o]) => ['distance', a, b, ...o.flat()]);
  const slice = fc
    .tuple(
      fileToken(),
      opt(['--axis', '--at', '--fit'], ['--center', '--json']),
      fc.option(svgPath, { nil: undefined }),
    )
    .map(([f, o, svg]) => ['slice', f, ...o.flat(), ...(svg ? ['--svg', svg] : [])]);

  it('toi, distance and slice: main returns 0, 1 or 2 with a message', { timeout: TIMEOUT }, () => {
    const codes = [0, 0, 0];
    fc.assert(
      fc.property(fc.oneof(toi, distance, slice), (argv) => {
        const r = cli(tame(argv));
        codes[r.code]++;
        sameAsBaseline();
      }),
      { numRuns: RUNS },
    );
    sameAsBaseline(true);
    // each outcome is exercised (loose shares: the draws are random, about 5 % each was seen)
    expect(codes[0]).toBeGreaterThan(RUNS / 50);
    expect(codes[1]).toBeGreaterThan(RUNS / 50);
    expect(codes[2]).toBeGreaterThan(RUNS / 50);
  });
});

describe('scene JSON for first-impact', () => {
  const anyJson = fc.jsonValue({ maxDepth: 2 });
  const body = fc.record(
    {
      file: fc.oneof(
        fc.constantFrom(
          'a.stl',
          'b.stl',
          'c.obj',
          'broken.stl',
          'empty.stl',
          'missing.stl',
          'folder',
          'huge.stl',
          '',
          '.',
          '..',
          'scene.json',
        ),
        anyJson,
      ),
      from: fc.oneof(pose, anyJson),
      to: fc.oneof(pose, anyJson),
      center: fc.oneof(fc.boolean(), anyJson),
      fit: fc.oneof(fc.double(), fc.constantFrom(1, 0.5, 1e-320, 1e308, -1, 0), anyJson),
    },
    { requiredKeys: [] },
  );
  const scene = fc.record(
    {
      tolerance: fc.oneof(fc.double(), fc.constantFrom(1e-6, 5e-324, 1e300, 0, -1), anyJson),
      directional: fc.oneof(fc.constantFrom('on', 'off', 'auto', true, false, null), anyJson),
      maxIterations: fc.oneof(fc.constantFrom(1, 2, 1000, 2000, 0, -1, 1.5, 1e300), anyJson),
      bodies: fc.oneof(
        { weight: 5, arbitrary: fc.array(body, { maxLength: 4 }) },
        { weight: 1, arbitrary: anyJson },
      ),
    },
    { requiredKeys: [] },
  );
  // scenes that are valid but for a field or two, so that the fuzzing also reaches firstImpact
  const small = fc.double({ min: -2, max: 2, noNaN: true });
  const goodPose = fc
    .tuple(
      fc.tuple(small, small, small),
      fc.double({ min: -360, max: 360, noNaN: true }),
      fc.tuple(small, small, small),
    )
    .map(([k, a, t]) => `axis=${k[0]},${k[1]},${k[2] + 3} angle=${a.toFixed(3)}deg t=${t.join(',')}`);
  const goodBody = fc.record(
    {
      file: fc.constantFrom('a.stl', 'b.stl', 'c.obj'),
      from: goodPose,
      to: goodPose,
      center: fc.boolean(),
      fit: fc.constantFrom(0.5, 1, 2),
    },
    { requiredKeys: ['file'] },
  );
  const goodScene = fc.record(
    {
      tolerance: fc.constantFrom(1e-6, 1e-3, 0.01),
      directional: fc.constantFrom('on', 'off', 'auto'),
      maxIterations: fc.constantFrom(1, 10, 1000),
      bodies: fc.array(goodBody, { minLength: 1, maxLength: 4 }),
    },
    { requiredKeys: ['bodies'] },
  );
  /** The text of a scene file: JSON of a hostile scene, or text that is barely JSON at all. */
  const sceneText = fc.oneof(
    { weight: 3, arbitrary: goodScene.map((s) => JSON.stringify(s)) },
    { weight: 6, arbitrary: scene.map((s) => JSON.stringify(s)) },
    { weight: 1, arbitrary: anyJson.map((j) => JSON.stringify(j)) },
    {
      weight: 1,
      arbitrary: scene.chain((s) =>
        fc.nat().map((n) => JSON.stringify(s).slice(0, n % (JSON.stringify(s).length + 1))),
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: scene.map((s) => `\ufeff${JSON.stringify(s)}`) },
  );

  it('main returns 0, 1 or 2 with a message for every scene', { timeout: TIMEOUT }, () => {
    const codes = [0, 0, 0];
    let k = 0;
    fc.assert(
      fc.property(sceneText, fc.boolean(), (text, json) => {
        // the scene's own maxIterations is a budget too (see the header)
        const capped = text.replace(/"maxIterations":(\d{5,}|[1-9]\d*e\+?\d+)/g, '"maxIterations":2000');
        const path = file(`scene-${k++ % 8}.json`);
        writeFileSync(path, capped);
        const r = cli(['first-impact', path, ...(json ? ['--json'] : [])]);
        codes[r.code]++;
        sameAsBaseline();
      }),
      { numRuns: RUNS },
    );
    sameAsBaseline(true);
    expect(codes[0]).toBeGreaterThan(RUNS / 25);
    expect(codes[1]).toBeGreaterThan(RUNS / 10);
  });
});

describe('real processes: exit codes and no stack traces', () => {
  const spawn = (...args: string[]) =>
    spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', cwd: dir, timeout: 60_000 });
  const stack = /\n\s+at .*\d+:\d+\)?$/m;

  it('hostile arguments in a real process: exit 1 or 2, a message, no stack trace', {
    timeout: 120_000,
  }, () => {
    const cases: [string[], number][] = [
      [['toi', 'missing.stl', 'a.stl'], 1],
      [['toi', 'a.stl', 'broken.stl'], 1],
      [['toi', 'a.stl', 'b.stl', '--a-from', 'axis=0,0,0 angle=1'], 2],
      [['toi', 'a.stl', 'b.stl', '--tolerance', 'NaN'], 2],
      [['toi', 'a.stl', 'b.stl', '--b-from', 't=1e308,0,0', '--b-to', 't=-1e308,0,0'], 1],
      [['distance', 'a.stl', 'folder'], 1],
      [['slice', 'garbage.obj', '--axis', 'z', '--at', '0'], 1],
      [['first-impact', 'missing.json'], 1],
      [['--frobnicate'], 2],
      [[], 2],
    ];
    for (const [args, code] of cases) {
      const r = spawn(...args);
      expect(r.status, args.join(' ')).toBe(code);
      // a message (no command at all prints the usage to stdout)
      expect((r.stderr + r.stdout).length).toBeGreaterThan(0);
      if (args.length > 0) expect(r.stderr).toMatch(/^firsttouch/);
      expect(stack.test(r.stderr + r.stdout), args.join(' ')).toBe(false);
    }
  });
});

describe('bugs found by this fuzzing', () => {
  // Regression (fixed): `slice --svg PATH` writes with writeFileSync outside any try: a path in a directory that
  // does not exist, or a directory, escapes as an internal error (exit 3, "please report it")
  // instead of a bad-input exit 1 naming the file. Reproduction:
  //   firsttouch slice a.stl --axis z --at 0 --svg no/such/dir/out.svg   // exit 3: ENOENT
  //   firsttouch slice a.stl --axis z --at 0 --svg .                     // exit 3: EISDIR
  it('BUG: an --svg path that cannot be written is bad input (exit 1), not an internal error', () => {
    for (const svg of [file('no/such/dir/out.svg'), file('folder')]) {
      const out: string[] = [];
      const err: string[] = [];
      const code = main(['slice', file('a.stl'), '--axis', 'z', '--at', '0', '--svg', svg], {
        out: (s) => out.push(s),
        err: (s) => err.push(s),
      });
      expect(code).toBe(1);
    }
  });

  // Regression (fixed): a scene's "directional" goes through String(scene.directional); a JSON object whose
  // "toString" is not a function makes String() throw, and the tool exits 3 (internal error):
  //   scene.json: {"bodies": [{"file": "a.stl"}], "directional": {"toString": 1}}
  //   firsttouch first-impact scene.json   // exit 3: Cannot convert object to primitive value
  it('BUG: a scene whose "directional" is an object with a "toString" key is bad input (exit 1)', () => {
    for (const directional of [{ toString: 1 }, { valueOf: 1, toString: null }]) {
      const path = file('hostile-directional.json');
      writeFileSync(path, JSON.stringify({ bodies: [{ file: 'a.stl' }], directional }));
      const code = main(['first-impact', path], { out: () => {}, err: () => {} });
      expect(code).toBe(1);
    }
  });

  // Regression (fixed): the POSE syntax rejects an angle in exponent notation: the angle's pattern is
  // /^([^a-z]*)(deg|rad)?$/i, and the "e" of "1e-3" is a letter, so `angle=1e-3` (radians, a bare
  // number as the help says) and `angle=1e-3rad` are usage errors (exit 2), while t= and axis=
  // take exponents. Reproduction: firsttouch toi a.stl b.stl --b-to "angle=1e-3"  // exit 2
  it('BUG: angle=1e-3 is an angle (the number syntax of t= and axis=)', () => {
    for (const a of ['angle=1e-3', 'angle=1e-3rad', 'angle=2.5E1deg']) {
      const err: string[] = [];
      const code = main(['toi', file('a.stl'), file('b.stl'), '--b-from', 't=3,0,0', '--b-to', a], {
        out: () => {},
        err: (s) => err.push(s),
      });
      expect(code, `${a}: ${err.join('')}`).toBe(0);
    }
  });

  // Regression (fixed): poses farther apart than float64 holds, or primitives about 1e154 apart or
  // more, printed "gap NaN (the bodies intersect)" or "gap Infinity" and exited 0.
  it('distance: bodies too far apart for float64 are bad input (exit 1), not a gap of NaN or +∞', () => {
    for (const [a, b] of [
      ['t=1e308,0,0', 't=-1e308,0,0'],
      ['t=0,0,0', 't=1e200,0,0'],
    ]) {
      const out: string[] = [];
      const err: string[] = [];
      const code = main(['distance', '{"ball":1}', '{"ball":1}', '--a', a, '--b', b], {
        out: (s) => out.push(s),
        err: (s) => err.push(s),
      });
      expect(code).toBe(1);
      expect(err.join('')).toMatch(/INVALID_POSE/);
      expect(out.join('')).not.toMatch(/gap (NaN|Infinity)/);
    }
    const out: string[] = [];
    expect(
      main(['distance', '{"ball":1}', '{"ball":1}', '--b', 't=1e100,0,0'], {
        out: (s) => out.push(s),
        err: () => {},
      }),
    ).toBe(0);
    expect(out.join('')).toMatch(/^gap 1e\+100/);
  });
});
