// What adversarial testing found in the tool: a command that could not be stopped by a signal, a
// batch line nested deep enough to overflow the stack of its error message, a scene's affine end
// with a key the schema does not name, a NUL byte in a scene's file name worded as a size refusal;
// a Redis URL that does not parse reported as the tool's bug, a lock longer than Node's timers, a
// fit that overflows named neither the file nor the body (and one that underflows was taken), a
// file name's escape sequence and newline sent raw to the terminal.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeStl } from '@firsttouch/io';
import { box } from '@firsttouch/mesh';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { fitToUnit, LEAST_FIT } from '../src/index.js';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'firsttouch-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir });

beforeAll(() => {
  writeFileSync(join(dir, 'cube.stl'), writeStl(box(1), { format: 'ascii' }));
});

describe('the tool on hostile input', () => {
  it.skipIf(process.platform === 'win32')(
    'a command blocked reading a pipe ends on SIGTERM (the tool listened for it in every command)',
    async () => {
      const fifo = join(dir, 'never.stl');
      expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
      const child = spawn(process.execPath, [cli, 'toi', fifo, 'cube.stl'], { cwd: dir, stdio: 'ignore' });
      await new Promise((r) => setTimeout(r, 700));
      const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        child.on('exit', (code, signal) => resolve({ code, signal })),
      );
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      const how = await ended;
      clearTimeout(timer);
      expect(how.signal).toBe('SIGTERM');
    },
    15_000,
  );

  it('a batch line nested too deep for JSON.stringify fails alone, as bad input', () => {
    let deep = '1';
    for (let k = 0; k < 20_000; k++) deep = `[${deep}]`;
    const lines = [
      `{"a": ${deep}, "b": "cube.stl"}`,
      `{"a": "cube.stl", "b": "cube.stl", "op": ${deep}}`,
      '{"a": "cube.stl", "b": "cube.stl", "bFrom": "t=3,0,0", "bTo": "t=-3,0,0"}',
    ];
    writeFileSync(join(dir, 'deep.jsonl'), lines.join('\n'));
    const r = run('batch', 'deep.jsonl', '--workers', '1');
    expect(r.status, r.stderr).toBe(1);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(out.map((o) => o.line)).toEqual([1, 2, 3]);
    expect(out[0].error.message).toBe('"a" must be a file name, got an array of length 1');
    expect(out[1].error.message).toBe('"op" must be "toi" or "distance", got an array of length 1');
    expect(out[2].status).toBe('contact');
  });

  it('refuses a key an affine end does not name (it ran with the key ignored)', () => {
    writeFileSync(
      join(dir, 'extra.json'),
      JSON.stringify({
        a: { file: 'cube.stl' },
        b: { file: 'cube.stl', from: { L: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [3, 0, 0], R: 5 } },
      }),
    );
    const r = run('toi', 'extra.json');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/extra\.json: b\.from: unknown key "R" \(expected L, t\)/);
  });

  it('words a NUL byte in a scene file name as io does, the name escaped (it read as a size refusal)', () => {
    writeFileSync(join(dir, 'nul.json'), `{"bodies": [{"file": "cube\\u0000.stl"}, {"file": "cube.stl"}]}`);
    const r = run('first-impact', 'nul.json');
    expect(r.status).toBe(1);
    expect(r.stderr).not.toContain('\u0000');
    expect(r.stderr).not.toMatch(/the most the tool reads/);
    expect(r.stderr).toMatch(/cube\\u0000\.stl": read: path must name a file \(no NUL byte/);
  });

  it('refuses bodies farther apart than a double holds (it printed initial contact with a NaN gap, exit 0)', () => {
    const r = run(
      'toi',
      '{"ball": 1}',
      '{"cuboid": [1,1,1]}',
      '--a-from',
      't=1.7e308,0,0',
      '--b-from',
      't=-1.7e308,0,0',
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/farther apart than float64 holds at s = 0/);
    expect(r.stdout).not.toMatch(/NaN/);
  });

  it('draws a section wider than a double holds without NaN (its span overflowed: every point NaN)', () => {
    writeFileSync(
      join(dir, 'huge.obj'),
      'v 1e308 0 0\nv -1e308 0 0\nv 0 1e308 1e308\nv 0 0 -1e308\nf 1 2 3\nf 1 2 4\nf 1 3 4\nf 2 3 4\n',
    );
    const r = run('slice', 'huge.obj', '--axis', 'z', '--at', '0', '--svg', 'huge.svg');
    expect(r.status).toBe(0);
    const svg = readFileSync(join(dir, 'huge.svg'), 'utf8');
    const points = /points="([^"]*)"/.exec(svg)?.[1] ?? '';
    expect(points).toBe('20,220 700,220 360,50 20,220');
  });

  it('refuses an empty file name in a scene, naming the body (it read the scene\'s folder: "a directory")', () => {
    writeFileSync(join(dir, 'empty-name.json'), JSON.stringify({ bodies: [{ file: '' }, { ball: 1 }] }));
    const r = run('first-impact', 'empty-name.json');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /empty-name\.json: bodies\[0\]: "file" must be a file's name, a non-empty string/,
    );
    writeFileSync(join(dir, 'empty-a.json'), JSON.stringify({ a: { file: '' }, b: { ball: 1 } }));
    const t = run('toi', 'empty-a.json');
    expect(t.status).toBe(1);
    expect(t.stderr).toMatch(/empty-a\.json: a: "file" must be a file's name/);
  });

  it('shows a long bad number by its start and length (100 000 digits were echoed whole)', () => {
    const r = run('toi', 'cube.stl', 'cube.stl', '--tolerance', '1'.repeat(100_000));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--tolerance must be a positive number, got 1{40}… \(100000 characters\)/);
    expect(r.stderr.length).toBeLessThan(5000); // the message and the usage after it
  });

  it('refuses a --redis URL that does not parse as a usage error naming --redis (it was an internal error, exit 3)', () => {
    writeFileSync(join(dir, 'q.jsonl'), '{"a": "cube.stl", "b": "cube.stl"}\n');
    for (const [args, why] of [
      [['batch', 'q.jsonl', '--redis', 'redis://127.0.0.1:99999'], /port 99999 is past 65535/],
      [['batch-worker', '--redis', 'redis://[::1'], /it does not parse as a URL/],
      [['batch-worker', '--redis', 'redis://me:secret@host:0'], /"redis:\/\/…@host:0": port 0 is no port/],
    ] as const) {
      const r = run(...args);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/--redis must be a redis:\/\/ URL, got "/);
      expect(r.stderr).toMatch(why);
      expect(r.stderr).not.toMatch(/internal error|secret/);
    }
  });

  it('refuses a --lock-ms longer than a Node timer holds (it flooded stderr with TimeoutOverflowWarning)', () => {
    for (const ms of ['1e15', '2147483648']) {
      const r = run('batch-worker', '--redis', 'redis://127.0.0.1:1', '--lock-ms', ms);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/--lock-ms must be an integer in \[100, 2147483647\], got /);
      expect(r.stderr).not.toMatch(/TimeoutOverflowWarning/);
    }
  });

  it('names the file, and the scene and the body, of a fit that overflows (the message named neither)', () => {
    writeFileSync(
      join(dir, 'tiny.obj'),
      'v 0 0 0\nv 1e-10 0 0\nv 0 1e-10 0\nv 0 0 1e-10\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n',
    );
    const overflow =
      /tiny\.obj: fit 1e\+308 overflows: scaling the largest extent, 1e-10, to it takes a factor past float64's range \[NON_FINITE\]/;
    for (const command of ['toi', 'distance']) {
      const r = run(command, 'tiny.obj', 'cube.stl', '--a-fit', '1e308');
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toMatch(overflow);
      expect(r.stderr).not.toMatch(/scale\(sx\)/);
      const j = JSON.parse(run(command, 'tiny.obj', 'cube.stl', '--a-fit', '1e308', '--json').stdout);
      expect(j.error).toMatchObject({ kind: 'input', code: 'NON_FINITE' });
      expect(j.error.message).toMatch(/^tiny\.obj: fit 1e\+308 overflows/);
    }
    const scenes: [string, string, RegExp][] = [
      [
        'first-impact',
        '{"bodies": [{"file": "cube.stl", "fit": 1e400}]}',
        /^bodies\[0\]: "fit" overflows: past float64's range/,
      ],
      [
        'first-impact',
        '{"bodies": [{"ball": 1}, {"file": "tiny.obj", "fit": 1e308}]}',
        /^bodies\[1\]: tiny\.obj: fit 1e\+308 overflows/,
      ],
      [
        'toi',
        '{"a": {"file": "cube.stl", "fit": 1e400}, "b": {"ball": 1}}',
        /^a: "fit" overflows: past float64's range/,
      ],
      [
        'toi',
        '{"a": {"ball": 1}, "b": {"file": "tiny.obj", "fit": 1e308}}',
        /^b: tiny\.obj: fit 1e\+308 overflows/,
      ],
      // (a body's file that does not read is named as the scene writes it, after the scene and the body)
      [
        'first-impact',
        '{"bodies": [{"file": "nope.stl"}]}',
        /^bodies\[0\]: nope\.stl: cannot read it \(no such file\)/,
      ],
    ];
    scenes.forEach(([command, scene, message], k) => {
      writeFileSync(join(dir, `fit-${k}.json`), scene);
      const r = run(command, `fit-${k}.json`);
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr.startsWith(`firsttouch ${command}: fit-${k}.json: `), r.stderr).toBe(true);
      expect(r.stderr.slice(`firsttouch ${command}: fit-${k}.json: `.length)).toMatch(message);
    });
  });

  it('refuses a fit that underflows, naming the file and the body (5e-324 made a cube a point)', () => {
    const under = /^cube\.stl: fit 5e-324 underflows: below 4\.0\d*e-292 \(2\^-968\)/;
    for (const command of ['toi', 'distance']) {
      const j = JSON.parse(run(command, 'cube.stl', 'cube.stl', '--a-fit', '5e-324', '--json').stdout);
      expect(j.error).toMatchObject({ kind: 'input', code: 'INVALID_OPTION' });
      expect(j.error.message).toMatch(under);
    }
    writeFileSync(
      join(dir, 'fit-under.json'),
      '{"bodies": [{"ball": 1}, {"file": "cube.stl", "fit": 1e-300}]}',
    );
    const r = run('first-impact', 'fit-under.json');
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/fit-under\.json: bodies\[1\]: cube\.stl: fit 1e-300 underflows/);
    // the least fit itself is taken: the cube keeps its shape, its side 2^-968
    const least = fitToUnit(box(1), LEAST_FIT).bounds();
    expect(least.max[0] - least.min[0]).toBe(LEAST_FIT);
    expect(() => fitToUnit(box(1), LEAST_FIT / 2)).toThrow(/underflows/);
  });

  it('quotes a file name with control characters on every branch (a missing file printed its ESC and newline raw)', () => {
    const red = '\u001b[31mred\n.stl';
    const quoted = '"\\u001b[31mred\\n.stl"';
    writeFileSync(join(dir, 'red.json'), JSON.stringify({ bodies: [{ file: red }, { ball: 1 }] }));
    writeFileSync(join(dir, 'red-toi.json'), JSON.stringify({ a: { file: red }, b: { ball: 1 } }));
    writeFileSync(join(dir, `${red}-broken.stl`), 'solid x\n facet normal 0 0 1\n');
    const cases: [string[], string][] = [
      [['first-impact', 'red.json'], `red.json: bodies[0]: ${quoted}: cannot read it (no such file)`],
      [['toi', 'red-toi.json'], `red-toi.json: a: ${quoted}: cannot read it (no such file)`],
      [['distance', red, 'cube.stl'], `${quoted}: cannot read it (no such file)`],
      [
        ['slice', `${red}-broken.stl`, '--axis', 'z', '--at', '0'],
        `"\\u001b[31mred\\n.stl-broken.stl": ASCII STL`,
      ],
    ];
    for (const [args, message] of cases) {
      const r = run(...args);
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toContain(message);
      expect(r.stderr).not.toContain('\u001b');
      expect(r.stderr.trimEnd()).not.toContain('\n');
    }
    // on a terminal, the phase names the file the same way
    const shown: string[] = [];
    const io = { out: () => {}, err: () => {}, progress: (s: string) => shown.push(s) };
    expect(main(['first-impact', join(dir, 'red.json')], io)).toBe(1);
    expect(shown.join('')).toContain(`reading ${quoted}`);
    expect(shown.join('')).not.toContain('\u001b[31m');
  });

  // Regression (fixed): a message quoting a file's text (V8's JSON error, a pose string, a batch
  // line, a solid's name, a binary STL's bytes read as a batch) printed its ESC, CR, NUL, CSI and
  // bidi override raw, and a newline broke the message's one line.
  it("escapes the control characters that a file's text brings into a message", () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
    const active = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
    writeFileSync(join(dir, 'ctl-bad.json'), '\u001b[31mRED\nf');
    writeFileSync(
      join(dir, 'ctl-pose.json'),
      JSON.stringify({ bodies: [{ ball: 1, from: '\u001b[2J\u009b31m' }, { ball: 1 }] }),
    );
    writeFileSync(
      join(dir, 'ctl-lines.jsonl'),
      '{"op":"toi","a":"cube.stl","b":"cube.stl","bFrom":"t=\u001b[31m,0,0"}\n\u001b[31mred\rforged\n',
    );
    writeFileSync(join(dir, 'ctl-empty.stl'), 'solid \u009b2J\u202eevil\nendsolid\n');
    writeFileSync(join(dir, 'ctl-binary.stl'), writeStl(box(1)));
    const cases: [string[], RegExp][] = [
      [['first-impact', 'ctl-bad.json'], /not a JSON scene .*\\u001b\[31mRED\\u000af/],
      [['toi', 'ctl-bad.json'], /not a JSON scene/],
      [['first-impact', 'ctl-pose.json'], /"\\u001b\[2J\\u009b31m" is not key=value/],
      [['slice', 'ctl-empty.stl', '--axis', 'z', '--at', '0'], /\\u009b2J\\u202eevil.* has no facets/],
      [
        ['batch', 'ctl-lines.jsonl', '--workers', '1'],
        /ctl-lines\.jsonl:2: not JSON .*\\u001b\[31mred\\u000dforged/,
      ],
      [['batch', 'ctl-binary.stl', '--workers', '1'], /ctl-binary\.stl:1: not JSON .*\\u0000/],
    ];
    for (const [args, message] of cases) {
      const r = run(...args);
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(active);
      // one line a message (batch: a line a failed line, after its summary)
      if (args[0] !== 'batch') expect(r.stderr.trimEnd()).not.toContain('\n');
    }
  });
});
