// `firsttouch batch` and `firsttouch batch-worker` as a user runs them (the built bin): JSON lines in
// and out, each answer the library's (numbers exact through JSON), malformed lines named by number
// while the others are answered; the same file through a BullMQ queue on a Redis started here, with
// two `batch-worker` processes, prints the same lines.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeOfImpact } from '@firsttouch/ccd';
import { writeStl } from '@firsttouch/io';
import { box, icosphere, type Surface, surfaceDistance } from '@firsttouch/mesh';
import { poseFromAxisAngle } from '@firsttouch/pose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainAsync } from '../src/cli.js';
import { loadSurface } from '../src/load.js';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'firsttouch-batch-'));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir });

// The bodies as the tool reads them back from the files (binary STL holds 32-bit floats).
let cube: Surface;
let ball: Surface;
const N = 300;
/** The i-th query: the ball thrown at the cube from x = 3, turning. */
const from = (i: number) => [3, (i % 7) * 0.15, 0];
const angle = (i: number) => (i % 5) * 0.7;

beforeAll(() => {
  writeFileSync(join(dir, 'cube.stl'), writeStl(box(1)));
  writeFileSync(join(dir, 'ball.stl'), writeStl(icosphere(0.5, 2)));
  cube = loadSurface(join(dir, 'cube.stl'));
  ball = loadSurface(join(dir, 'ball.stl'));
  const lines = Array.from({ length: N }, (_, i) =>
    JSON.stringify({
      a: 'cube.stl',
      b: 'ball.stl',
      bFrom: `t=${from(i).join(',')}`,
      bTo: `axis=0,1,0 angle=${angle(i)} t=-3,0,0`,
    }),
  );
  lines.splice(10, 0, '{"a": "cube.stl", "b": ', '', JSON.stringify({ a: 'cube.stl', b: 'missing.stl' }));
  lines.push(JSON.stringify({ op: 'distance', a: 'cube.stl', b: 'ball.stl', bPose: 't=2,0.1,0' }));
  lines.push(JSON.stringify({ a: 'cube.stl', b: 'ball.stl', tolerance: -1 }));
  writeFileSync(join(dir, 'queries.jsonl'), `${lines.join('\n')}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Checks the output lines of queries.jsonl against the library's calls. */
function checkOutput(stdout: string): void {
  const out = stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
  // every input line but the blank one, in order, numbered as in the file
  expect(out.map((o) => o.line)).toEqual([
    ...Array.from({ length: 10 }, (_, i) => i + 1),
    11,
    13,
    ...Array.from({ length: N - 10 }, (_, i) => i + 14),
    N + 4,
    N + 5,
  ]);
  expect(out[10].error.message).toMatch(/^not JSON/);
  expect(out[11].error.message).toMatch(/missing\.stl: cannot read it \(no such file\)/);
  expect(out.at(-1).error.code).toBe('INVALID_OPTION');
  const answers = [...out.slice(0, 10), ...out.slice(12, N + 2)];
  answers.forEach((o, i) => {
    const want = timeOfImpact(cube, ball, {
      a: [poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 0)],
      b: [poseFromAxisAngle([0, 0, 1], 0, from(i)), poseFromAxisAngle([0, 1, 0], angle(i), [-3, 0, 0])],
    });
    expect([o.status, o.toi, o.distance, o.iterations, o.facetA, o.facetB, o.pointA]).toEqual([
      want.status,
      want.toi,
      want.distance,
      want.iterations,
      want.facetA,
      want.facetB,
      Array.from(want.pointA),
    ]);
  });
  expect(out.at(-2).distance).toBe(
    surfaceDistance(cube, ball, { poseB: poseFromAxisAngle([0, 0, 1], 0, [2, 0.1, 0]) }).distance,
  );
}

describe('firsttouch batch', () => {
  it('answers every line in order, bit for bit the library; names the lines it cannot answer, exit 1', () => {
    const r = run('batch', 'queries.jsonl', '--workers', '2');
    expect(r.status).toBe(1);
    checkOutput(r.stdout);
    expect(r.stderr).toMatch(/^firsttouch batch: 3 of 304 lines not answered:\n/);
    expect(r.stderr).toContain('queries.jsonl:11: not JSON');
    expect(r.stderr).toContain('queries.jsonl:13: ');
    expect(r.stderr).toMatch(/queries.jsonl:305: .*\[INVALID_OPTION\]/);
  });

  it('exit 0 when every line is answered; usage errors exit 2', () => {
    writeFileSync(
      join(dir, 'one.jsonl'),
      '{"a": "cube.stl", "b": "cube.stl", "bFrom": "t=3,0,0", "bTo": "t=-3,0,0"}\n',
    );
    const ok = run('batch', 'one.jsonl');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).toi).toBe(
      timeOfImpact(cube, cube, {
        a: [poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 0)],
        b: [poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [-3, 0, 0])],
      }).toi,
    );
    expect(run('batch').status).toBe(2);
    expect(run('batch', 'one.jsonl', '--workers', '0').stderr).toMatch(
      /--workers must be an integer in \[1, 1024\]/,
    );
    expect(run('batch', 'one.jsonl', '--redis', 'http://x').stderr).toMatch(
      /--redis must be a redis:\/\/ URL/,
    );
    expect(run('batch-worker').stderr).toMatch(/batch-worker needs --redis URL/);
    expect(run('batch', 'nowhere.jsonl').status).toBe(1);
  });
});

describe('firsttouch batch on a terminal', () => {
  it('shows how many lines are answered, rewritten in place, and ends the line', async () => {
    const shown: string[] = [];
    const out: string[] = [];
    const code = await mainAsync(['batch', join(dir, 'queries.jsonl'), '--workers', '2'], {
      out: (s) => out.push(s),
      err: () => {},
      progress: (s) => shown.push(s),
    });
    expect(code).toBe(1);
    checkOutput(out.join('\n'));
    expect(shown.length).toBeGreaterThan(1);
    expect(shown[0].startsWith('\r\x1b[K')).toBe(true);
    expect(shown[0].slice(4)).toMatch(/^firsttouch: batch … \d+ of 304 lines \(\d+ %\)$/);
    expect(shown.at(-2)).toBe('\r\x1b[Kfirsttouch: batch … 304 of 304 lines (100 %)');
    expect(shown.at(-1)).toBe('\r\x1b[Kfirsttouch: batch: 304 lines\n');
  });
});

describe('firsttouch batch whose reader goes (| head)', () => {
  // More lines than one block (8192), so that a second block would be answered and written.
  const lines = Array.from({ length: 9000 }, () =>
    JSON.stringify({ op: 'distance', a: 'cube.stl', b: 'cube.stl', bPose: 't=3,0,0' }),
  );

  it('stops its workers and writes nothing more once the output is closed: exit 141', async () => {
    writeFileSync(join(dir, 'big.jsonl'), lines.join('\n'));
    const closed = new AbortController();
    const out: string[] = [];
    const err: string[] = [];
    const code = await mainAsync(['batch', join(dir, 'big.jsonl'), '--workers', '2'], {
      out: (s) => {
        out.push(s);
        closed.abort();
      },
      err: (s) => err.push(s),
      outClosed: closed.signal,
    });
    expect(code).toBe(141);
    expect(out.length).toBe(1);
    expect(err).toEqual([]);
  });

  it('a closed pipe ends the process quietly, exit 141 (it crashed on an unhandled EPIPE, a stack trace)', async () => {
    writeFileSync(join(dir, 'big.jsonl'), lines.join('\n'));
    const ended = (child: ChildProcess) => {
      let stderr = '';
      child.stderr?.on('data', (c: Buffer) => {
        stderr += String(c);
      });
      return new Promise<{ code: number | null; stderr: string }>((resolve) =>
        child.on('close', (code) => resolve({ code, stderr })),
      );
    };
    // the reader takes the first bytes and goes, as `head -c 1` does
    const batch = spawn(process.execPath, [cli, 'batch', 'big.jsonl', '--workers', '2'], { cwd: dir });
    batch.stdout.once('data', () => batch.stdout.destroy());
    // a command that writes its one result to a pipe already closed
    const distance = spawn(
      process.execPath,
      [cli, 'distance', 'cube.stl', 'ball.stl', '--b', 't=3,0,0', '--json'],
      {
        cwd: dir,
      },
    );
    distance.stdout.destroy();
    for (const r of await Promise.all([ended(batch), ended(distance)])) {
      expect(r.stderr).toBe('');
      expect(r.code).toBe(141);
    }
  }, 60_000);
});

const REDIS = '/usr/bin/redis-server';
const inCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
const hasRedis = existsSync(REDIS);
if (!hasRedis && !inCi) console.warn(`batch.test.ts: the queue part is skipped: no ${REDIS}`);

describe.skipIf(!hasRedis && !inCi)(
  'firsttouch batch --redis with two firsttouch batch-worker processes',
  () => {
    let redis: ChildProcess | undefined;
    const workers: ChildProcess[] = [];
    let url = '';

    beforeAll(async () => {
      if (!hasRedis) return;
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as { port: number }).port;
      await new Promise((resolve) => server.close(resolve));
      url = `redis://127.0.0.1:${port}`;
      redis = spawn(
        REDIS,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
      await new Promise<void>((resolve) =>
        redis?.stdout?.on('data', (c: Buffer) => String(c).includes('Ready to accept') && resolve()),
      );
    });
    afterAll(() => {
      for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
      redis?.kill('SIGTERM');
    });

    it('prints the lines of the local run; a worker stops cleanly on SIGTERM', async () => {
      expect(hasRedis, `${REDIS} is missing: CI must install Debian's redis-server`).toBe(true);
      const logs: string[] = [];
      for (let k = 0; k < 2; k++) {
        const w = spawn(process.execPath, [cli, 'batch-worker', '--redis', url, '--queue', 'q'], {
          cwd: dir,
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        workers.push(w);
        logs.push('');
        await new Promise<void>((resolve) =>
          w.stderr?.on('data', (c: Buffer) => {
            logs[k] += String(c);
            if (logs[k].includes('answering queue q')) resolve();
          }),
        );
      }
      const producer = spawn(
        process.execPath,
        [cli, 'batch', 'queries.jsonl', '--redis', url, '--queue', 'q'],
        {
          cwd: dir,
        },
      );
      let stdout = '';
      producer.stdout.on('data', (c: Buffer) => {
        stdout += String(c);
      });
      const code = await new Promise((resolve) => producer.on('exit', resolve));
      expect(code).toBe(1);
      checkOutput(stdout);
      expect(stdout).toBe(run('batch', 'queries.jsonl').stdout);

      workers[0].kill('SIGTERM');
      expect(await new Promise((resolve) => workers[0].on('exit', resolve))).toBe(0);
      expect(logs[0]).toMatch(/stopped after \d+ queries/);
    }, 90_000);
  },
);
