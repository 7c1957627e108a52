// Progress on stderr: shown phase by phase when stderr is a terminal, never in a pipe nor with --json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeObj, writeStl } from '@firsttouch/io';
import { box, icosphere } from '@firsttouch/mesh';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { firstImpactCommand } from '../src/commands/first-impact.js';
import { toiCommand } from '../src/commands/toi.js';
import { type Progress, type ProgressInfo, SILENT, terminalProgress } from '../src/progress.js';

const cli = join(import.meta.dirname, '..', 'dist', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'firsttouch-progress-'));
const file = (name: string) => join(dir, name);
const TOI = ['toi', file('ball.stl'), file('pebble.obj'), '--b-from', 't=-1,0,0', '--b-to', 't=1,0,0'];

afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(() => {
  writeFileSync(file('ball.stl'), writeStl(icosphere(0.3, 2), { format: 'ascii' }));
  writeFileSync(file('pebble.obj'), writeObj(box(0.04, 2)));
  writeFileSync(
    file('scene.json'),
    JSON.stringify({ bodies: [{ file: 'ball.stl' }, { file: 'pebble.obj' }] }),
  );
});

/** A clock that the test moves by hand. */
function clock(): { now: () => number; advance: (ms: number) => void } {
  let t = 0;
  return { now: () => t, advance: (ms) => (t += ms) };
}

describe('terminalProgress', () => {
  it('writes a phase as one line, rewritten in place, ended with its summary and time', () => {
    const written: string[] = [];
    const c = clock();
    const progress = terminalProgress((s) => written.push(s), c.now);
    const r = progress.phase(
      'reading a.stl',
      () => {
        c.advance(1500);
        return 12;
      },
      (n) => `${n} facets`,
    );
    expect(r).toBe(12);
    expect(written).toEqual([
      'firsttouch: reading a.stl …',
      '\r\x1b[Kfirsttouch: reading a.stl: 12 facets (1.5 s)\n',
    ]);
  });

  it("shows the steps a phase reports, at most every 100 ms, in the phase's line", () => {
    const written: string[] = [];
    const c = clock();
    const progress = terminalProgress((s) => written.push(s), c.now);
    progress.phase(
      'time of impact',
      (onProgress) => {
        for (let i = 1; i <= 10; i++) {
          c.advance(40);
          onProgress({ iteration: i, s: i / 20, gap: 1 / i });
        }
        return 'contact';
      },
      (status) => status,
    );
    // at 120, 240 and 360 ms of the 400: steps 3, 6 and 9
    expect(written.slice(1, -1)).toEqual([
      '\r\x1b[Kfirsttouch: time of impact … step 3, s = 0.150000, gap 3.333e-1',
      '\r\x1b[Kfirsttouch: time of impact … step 6, s = 0.300000, gap 1.667e-1',
      '\r\x1b[Kfirsttouch: time of impact … step 9, s = 0.450000, gap 1.111e-1',
    ]);
    expect(written.at(-1)).toBe('\r\x1b[Kfirsttouch: time of impact: contact (400 ms)\n');
  });

  it('erases the line of a phase that throws, and lets the error through', () => {
    const written: string[] = [];
    const progress = terminalProgress((s) => written.push(s), clock().now);
    expect(() =>
      progress.phase(
        'reading broken.stl',
        () => {
          throw new Error('broken');
        },
        () => '',
      ),
    ).toThrow('broken');
    expect(written).toEqual(['firsttouch: reading broken.stl …', '\r\x1b[K']);
  });

  it('SILENT runs the work and writes nothing', () => {
    const work = (onProgress: (info: { iteration: number }) => void) => {
      onProgress({ iteration: 1 });
      return 7;
    };
    expect(SILENT.phase('x', work, String)).toBe(7);
  });
});

/** The lines a terminal is left with: each ended line as last rewritten, without its erase code. */
function finished(progress: string): string[] {
  return progress
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(line.lastIndexOf('\r') + 1).replace('\x1b[K', ''));
}

describe('main with a progress writer (a terminal)', () => {
  const runWith = (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const progress: string[] = [];
    const code = main(argv, {
      out: (s) => out.push(s),
      err: (s) => err.push(s),
      progress: (s) => progress.push(s),
    });
    return { code, out: out.join('\n'), err: err.join('\n'), progress: progress.join('') };
  };

  it('toi shows reading each file, building each tree, then the query; the result is unchanged', () => {
    const r = runWith(TOI);
    expect(r.code).toBe(0);
    expect(finished(r.progress).map((line) => line.replace(/ \([\d.]+ m?s\)$/, ''))).toEqual([
      `firsttouch: reading ${file('ball.stl')}: 320 facets`,
      `firsttouch: reading ${file('pebble.obj')}: 48 facets`,
      `firsttouch: building the tree of ${file('ball.stl')}: 319 nodes`,
      `firsttouch: building the tree of ${file('pebble.obj')}: 47 nodes`,
      'firsttouch: time of impact: contact after 1 steps',
    ]);
    const out: string[] = [];
    expect(main(TOI, { out: (s) => out.push(s), err: () => {} })).toBe(0);
    expect(r.out).toBe(out.join('\n'));
    expect(r.out).toMatch(/^status contact, toi 0\.33999974019237883 after 1 steps/);
  });

  it('distance, first-impact and slice show their phases too', () => {
    const phases = (argv: string[]) =>
      finished(runWith(argv).progress).map((line) => line.replace(/^firsttouch: /, '').replace(/: .*$/, ''));
    expect(phases(['distance', file('ball.stl'), file('pebble.obj'), '--b', 't=0,1,0'])).toEqual([
      `reading ${file('ball.stl')}`,
      `reading ${file('pebble.obj')}`,
      `building the tree of ${file('ball.stl')}`,
      `building the tree of ${file('pebble.obj')}`,
      'distance',
    ]);
    expect(phases(['first-impact', file('scene.json')])).toEqual([
      'reading ball.stl',
      'reading pebble.obj',
      'first impact of 2 bodies',
    ]);
    expect(phases(['slice', file('ball.stl'), '--axis', 'z', '--at', '0'])).toEqual([
      `reading ${file('ball.stl')}`,
      'slicing by z = 0',
    ]);
  });

  it('--json shows no progress; neither does a failure leave a phase line', () => {
    expect(runWith([...TOI, '--json']).progress).toBe('');
    const failed = runWith(['toi', file('missing.stl'), file('pebble.obj')]);
    expect(failed.code).toBe(1);
    expect(failed.progress).toBe(`firsttouch: reading ${file('missing.stl')} …\r\x1b[K`);
  });
});

// The bin decides by process.stderr.isTTY: run it under a pseudo-terminal (util-linux's `script`,
// which CI's Debian has) and in a pipe. On a machine without `script` the terminal test is skipped
// outside CI, and says why.
const SCRIPT = '/usr/bin/script';
const inCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
const hasScript = existsSync(SCRIPT);
if (!hasScript && !inCi)
  console.warn(`progress.test.ts: no ${SCRIPT} (util-linux): the terminal test is skipped`);
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

describe('the bin: progress on a terminal only', () => {
  it.skipIf(!hasScript && !inCi)('under a terminal, stderr shows the phases', () => {
    expect(hasScript, `${SCRIPT} is missing: CI's Debian has util-linux`).toBe(true);
    const command = [process.execPath, cli, ...TOI].map(quote).join(' ');
    const r = spawnSync(SCRIPT, ['-qec', command, '/dev/null'], { encoding: 'utf8', cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`firsttouch: building the tree of ${file('ball.stl')}: 319 nodes`);
    expect(r.stdout).toContain('firsttouch: time of impact: contact after 1 steps');
    expect(r.stdout).toContain('status contact, toi 0.33999974019237883 after 1 steps');
    const json = spawnSync(SCRIPT, ['-qec', `${command} --json`, '/dev/null'], {
      encoding: 'utf8',
      cwd: dir,
    });
    expect(json.stdout).not.toContain('firsttouch:');
    expect(JSON.parse(json.stdout).toi).toBe(0.33999974019237883);
  });

  it('in a pipe, stderr stays empty', () => {
    const r = spawnSync(process.execPath, [cli, ...TOI], { encoding: 'utf8', cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^status contact/);
  });
});

describe('the library reports inside the phases', () => {
  /** Progress that records what each phase's work reports, with the phase's label. */
  function recorder(): { progress: Progress; seen: (ProgressInfo & { label: string })[] } {
    const seen: (ProgressInfo & { label: string })[] = [];
    return {
      seen,
      progress: { phase: (label, work) => work((info) => seen.push({ label, ...info })) },
    };
  }

  it('toi: the tree builds (facets placed) and the advancement (step, s, gap)', () => {
    const { progress, seen } = recorder();
    // a slow grazing slide: many steps
    toiCommand(
      [
        file('ball.stl'),
        file('ball.stl'),
        '--b-from',
        't=-2,0.601,0',
        '--b-to',
        'axis=0,0,1 angle=0.5 t=2,0.601,0',
      ],
      progress,
    );
    const trees = seen.filter((x) => x.label.startsWith('building the tree'));
    expect(trees.map((x) => [x.done, x.total])).toEqual([
      [320, 320],
      [320, 320],
    ]);
    const steps = seen.filter((x) => x.label === 'time of impact');
    expect(steps.length).toBeGreaterThan(3);
    steps.forEach((x, i) => {
      expect(x.iteration).toBe(i + 1);
      expect(x.s).toBeGreaterThan(0);
      expect(x.gap).toBeGreaterThan(0);
    });
  });

  it('first-impact: the pair runs', () => {
    const { progress, seen } = recorder();
    firstImpactCommand([file('scene.json')], progress);
    const runs = seen.filter((x) => x.label.startsWith('first impact'));
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.map((x) => x.runs)).toEqual(runs.map((_, i) => i + 1));
  });

  it('a terminal line shows them', () => {
    const c = clock();
    const written: string[] = [];
    const terminal = terminalProgress((t) => written.push(t), c.now);
    terminal.phase(
      'building the tree of a.stl',
      (onProgress) => {
        c.advance(150);
        onProgress({ done: 32768, total: 65536 });
        c.advance(150);
        onProgress({ runs: 12, earliest: 0.087759 });
      },
      () => 'done',
    );
    expect(written.join('')).toContain('32768 of 65536 (50 %)');
    expect(written.join('')).toContain('12 pair runs, earliest 0.087759');
  });
});
