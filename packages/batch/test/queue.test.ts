// The batch on a real job engine: a Redis server (Debian's redis-server) started here on a free
// port, two worker processes (the built startQueueWorker) and a producer (QueueClient) on 10⁴ cheap
// queries. The answers equal the local pool's and the sequential ones bit for bit; one worker is
// killed while it holds a job, and that job is answered by the other, every query once.
import { type ChildProcess, spawn } from 'node:child_process';
import { getEventListeners } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { timeOfImpact, timeOfImpact2 } from '@firsttouch/ccd';
import { ball, capsule2, convexHull, convexPolygon, cuboid, rounded } from '@firsttouch/convex';
import { box, compound } from '@firsttouch/mesh';
import { type FirstTouchError, identityPose, poseFromAxisAngle } from '@firsttouch/pose';
import { Worker as BullWorker, Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchPool, isBatchFailure, redactedRedisUrl } from '../src/index.js';
import { QueueClient } from '../src/node/queue.js';
import { decode, encode } from '../src/node/queue-wire.js';
import { throws2, throws3 } from './helpers.js';

const REDIS = '/usr/bin/redis-server';
// CI installs redis-server (.ci/run): there a missing server is a failure. On a developer's machine
// without it the test is skipped, and says why.
const inCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
const hasRedis = existsSync(REDIS);
if (!hasRedis && !inCi) console.warn(`queue.test.ts skipped: no ${REDIS} (apt-get install redis-server)`);

const N = 10_000;
const fixture = fileURLToPath(new URL('./fixtures/queue-worker.mjs', import.meta.url));

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Every number equal by Object.is, typed arrays element by element: the first difference, or ''. */
function difference(got: unknown, want: unknown, path: string): string {
  if (typeof want === 'number') return Object.is(got, want) ? '' : `${path}: ${String(got)} ≠ ${want}`;
  if (ArrayBuffer.isView(want)) {
    const w = want as unknown as ArrayLike<number>;
    const g = got as ArrayLike<number>;
    if (!ArrayBuffer.isView(got) || g.length !== w.length) return `${path}: not the same typed array`;
    for (let i = 0; i < w.length; i++) if (!Object.is(g[i], w[i])) return `${path}[${i}]: ${g[i]} ≠ ${w[i]}`;
    return '';
  }
  if (typeof want === 'object' && want !== null) {
    if (typeof got !== 'object' || got === null) return `${path}: not an object`;
    const keys = Object.keys(want).sort();
    if (Object.keys(got).sort().join() !== keys.join()) return `${path}: keys differ`;
    for (const k of keys) {
      const d = difference(
        (got as Record<string, unknown>)[k],
        (want as Record<string, unknown>)[k],
        `${path}.${k}`,
      );
      if (d) return d;
    }
    return '';
  }
  return got === want ? '' : `${path}: ${String(got)} ≠ ${String(want)}`;
}

/** A worker process and the lines it printed. */
interface WorkerProcess {
  child: ChildProcess;
  lines: string[];
}

function startWorker(url: string, queue: string, poison?: string, holdAt?: number): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [fixture, url, queue, ...(poison ? [poison] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // (HOLD_AT_JOB: the fixture blocks on taking that job, so a kill then finds it holding it)
    env: holdAt === undefined ? process.env : { ...process.env, HOLD_AT_JOB: String(holdAt) },
  });
  const lines: string[] = [];
  let rest = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (line === 'ready') resolve({ child, lines });
      }
    });
    child.on('exit', (code) => reject(new Error(`worker exited with ${code} before it was ready`)));
  });
}

describe.skipIf(!hasRedis && !inCi)('BullMQ on Redis: two worker processes and a producer', () => {
  let redis: ChildProcess | undefined;
  let url = '';
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    if (!hasRedis) return;
    const port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    redis = spawn(
      REDIS,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: null });
    probe.on('error', () => undefined); // refused until the server listens: retried
    await probe.connect().catch(() => undefined);
    await probe.ping();
    probe.disconnect();
  });

  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
    redis?.kill('SIGTERM');
  });

  it('10⁴ queries equal the local run; a worker killed mid-batch loses no query and answers none twice', async () => {
    expect(hasRedis, `${REDIS} is missing: CI must install Debian's redis-server`).toBe(true);
    const queue = 'toi';
    // The doomed worker blocks on taking its fourth job (killed there below): with jobs of a few
    // milliseconds, one killed at its `start` line had sometimes finished it already on a loaded machine.
    workers.push(await startWorker(url, queue, undefined, 4), await startWorker(url, queue));
    const [doomed, survivor] = workers;

    const a = box(0.25);
    const b = box([0.2, 0.15, 0.1]);
    const motions = throws3(N, 7);

    const client = new QueueClient({ redis: url, queue });
    let killedHolding = '';
    try {
      const ida = await client.add(a);
      const idb = await client.add(b);
      expect(await client.add(box(0.25))).toBe(ida); // one key per content, whoever adds it
      let progressSeen = 0;
      const remote = client.timeOfImpact(
        motions.map((motion) => ({ a: ida, b: idb, motion })),
        {
          chunkSize: 100,
          onProgress: (p) => {
            progressSeen = p.done;
          },
        },
      );
      // Kill the first worker the moment it takes its fourth job: it dies holding it.
      await new Promise<void>((resolve) => {
        const watch = (chunk: Buffer) => {
          const starts = doomed.lines.filter((l) => l.startsWith('start ')).length;
          if (starts >= 4 && String(chunk).includes('start ')) {
            doomed.child.kill('SIGKILL');
            doomed.child.stdout?.off('data', watch);
            resolve();
          }
        };
        doomed.child.stdout?.on('data', watch);
      });
      await new Promise((resolve) => doomed.child.once('exit', resolve));
      const results = await remote;
      expect(progressSeen).toBe(N);

      // The job it held: taken, never finished by it, and answered by the other worker.
      const started = doomed.lines.filter((l) => l.startsWith('start ')).map((l) => l.split(' ')[1]);
      const finished = new Set(doomed.lines.filter((l) => l.startsWith('done ')).map((l) => l.split(' ')[1]));
      const held = started.filter((id) => !finished.has(id));
      expect(held).toHaveLength(1);
      killedHolding = held[0];
      expect(survivor.lines.some((l) => l.startsWith(`done ${killedHolding} `))).toBe(true);

      // Every job finished exactly once across the two workers (the killed one's only by the other).
      const done = [...doomed.lines, ...survivor.lines].filter((l) => l.startsWith('done '));
      const ids = done.map((l) => l.split(' ')[1]);
      expect(new Set(ids).size).toBe(ids.length);
      expect(done.reduce((n, l) => n + Number(l.split(' ')[2]), 0)).toBe(N);

      // The answers: the local pool's and the sequential calls', bit for bit, in order.
      expect(results).toHaveLength(N);
      expect(results.filter(isBatchFailure)).toEqual([]);
      const pool = new BatchPool({ workers: 2 });
      const pa = pool.add(a);
      const pb = pool.add(b);
      const local = await pool.timeOfImpact(motions.map((motion) => ({ a: pa, b: pb, motion })));
      await pool.close();
      const differences: string[] = [];
      for (let i = 0; i < N; i++) {
        const d1 = difference(results[i], local[i], `results[${i}]`);
        const d2 = difference(local[i], timeOfImpact(a, b, motions[i]), `local[${i}]`);
        if (d1) differences.push(d1);
        if (d2) differences.push(d2);
      }
      expect(differences.slice(0, 5)).toEqual([]);
      // Not a trivial batch: most pairs touch, some miss.
      const contacts = results.filter((r) => !isBatchFailure(r) && r.status === 'contact').length;
      expect(contacts).toBeGreaterThan(N / 10);
      expect(contacts).toBeLessThan(N);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('a job that kills its worker is retried once, then its queries are reported WORKER_FAILED; the rest answered', async () => {
    expect(hasRedis).toBe(true);
    const queue = 'poison';
    // Three workers that each die on taking job 2 of a batch: two die on it (the first take and
    // the one retry), the third answers everything else.
    const trio = await Promise.all([0, 1, 2].map(() => startWorker(url, queue, '-2')));
    workers.push(...trio);
    const a = box(0.25);
    const b = box([0.2, 0.15, 0.1]);
    const motions = throws3(200, 11);
    const client = new QueueClient({ redis: url, queue });
    try {
      const ia = await client.add(a);
      const ib = await client.add(b);
      const results = await client.timeOfImpact(
        motions.map((motion) => ({ a: ia, b: ib, motion })),
        { chunkSize: 20 },
      );
      const dead = trio.filter((w) => w.child.exitCode !== null || w.child.signalCode !== null);
      expect(dead.map((w) => w.child.exitCode)).toEqual([3, 3]);
      results.forEach((r, i) => {
        if (i >= 40 && i < 60) {
          expect(isBatchFailure(r) && r.error.code, `query ${i}`).toBe('WORKER_FAILED');
        } else {
          expect(difference(r, timeOfImpact(a, b, motions[i]), `results[${i}]`)).toBe('');
        }
      });
    } finally {
      await client.close();
    }
  }, 90_000);

  it('a query naming a body the producer never added is reported alone, the other answered', async () => {
    expect(hasRedis).toBe(true);
    const client = new QueueClient({ redis: url, queue: 'toi' });
    try {
      const id = await client.add(box(1));
      const motion = throws3(1)[0];
      const results = await client.timeOfImpact([
        { a: id, b: 'f'.repeat(64), motion },
        { a: id, b: id, motion },
      ]);
      expect(isBatchFailure(results[0]) && results[0].error.code).toBe('UNKNOWN_BODY');
      expect(isBatchFailure(results[1])).toBe(false);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('a job naming more bodies than maxBodies keeps them all until it is done (some were dropped: UNKNOWN_BODY)', async () => {
    expect(hasRedis).toBe(true);
    const { startQueueWorker } = await import('../src/node/queue.js');
    const worker = await startQueueWorker({ redis: url, queue: 'evict', maxBodies: 2 });
    const client = new QueueClient({ redis: url, queue: 'evict' });
    try {
      const bodies = [0.1, 0.2, 0.3, 0.4, 0.5].map((r) => ball(r));
      const ids = await Promise.all(bodies.map((body) => client.add(body)));
      const motions = throws3(4, 19);
      const pairs = [
        [0, 1],
        [2, 3],
        [4, 0],
        [1, 4],
      ];
      const results = await client.timeOfImpact(
        pairs.map(([i, j], k) => ({ a: ids[i], b: ids[j], motion: motions[k] })),
      );
      pairs.forEach(([i, j], k) => {
        expect(difference(results[k], timeOfImpact(bodies[i], bodies[j], motions[k]), `results[${k}]`)).toBe(
          '',
        );
      });
      // and again, now that the job is done and the cache is back to two
      const again = await client.timeOfImpact([{ a: ids[0], b: ids[3], motion: motions[0] }]);
      expect(difference(again[0], timeOfImpact(bodies[0], bodies[3], motions[0]), 'again')).toBe('');
    } finally {
      await client.close();
      await worker.close();
    }
  }, 60_000);

  it('close rejects the batches still running with ABORTED (they were left waiting, the process kept alive)', async () => {
    expect(hasRedis).toBe(true);
    // no worker on this queue: the batch waits until the close
    const client = new QueueClient({ redis: url, queue: 'closing' });
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    const queue = new Queue('closing', { connection });
    try {
      const id = await client.add(box(1));
      const running = client.timeOfImpact([{ a: id, b: id, motion: throws3(1)[0] }]);
      const outcome = running.then(
        () => 'resolved',
        (e: FirstTouchError) => `${e.code} ${e.message}`,
      );
      for (let k = 0; k < 200 && (await queue.getWaitingCount()) === 0; k++)
        await new Promise((r) => setTimeout(r, 10));
      expect(await queue.getWaitingCount()).toBe(1);
      await client.close();
      const late = new Promise((r) => setTimeout(() => r('waiting'), 2000).unref());
      expect(await Promise.race([outcome, late])).toBe(
        'ABORTED QueueClient.timeOfImpact: the client was closed',
      );
    } finally {
      await client.close();
      await queue.close();
      connection.disconnect();
    }
  }, 30_000);

  it("a signal of the caller's own (no events) is read at every answer and every poll of the jobs (it was read once)", async () => {
    expect(hasRedis).toBe(true);
    const client = new QueueClient({ redis: url, queue: 'own-signal' });
    try {
      const id = await client.add(box(1));
      // no worker yet: the poll of the jobs' state (every 3 s) reads the signal
      const signal = { aborted: false };
      const waiting = client.timeOfImpact([{ a: id, b: id, motion: throws3(1)[0] }], { signal });
      await new Promise((r) => setTimeout(r, 200));
      signal.aborted = true;
      await expect(waiting).rejects.toMatchObject({ code: 'ABORTED' });
      // with a worker: each answer reads it
      const { startQueueWorker } = await import('../src/node/queue.js');
      const worker = await startQueueWorker({ redis: url, queue: 'own-signal' });
      try {
        const second = { aborted: false };
        const seen: number[] = [];
        const answered = client.timeOfImpact(
          throws3(40, 23).map((motion) => ({ a: id, b: id, motion })),
          {
            signal: second,
            chunkSize: 1,
            onProgress: (p) => {
              seen.push(p.done);
              if (p.done >= 2) second.aborted = true;
            },
          },
        );
        await expect(answered).rejects.toMatchObject({
          code: 'ABORTED',
          message: expect.stringMatching(/^QueueClient\.timeOfImpact: aborted after \d+ of 40 queries$/),
        });
        expect(seen.length).toBeLessThan(40);
      } finally {
        await worker.close();
      }
    } finally {
      await client.close();
    }
  }, 30_000);

  it('a batch leaves no abort listener on its signal (each one left its own)', async () => {
    expect(hasRedis).toBe(true);
    const { startQueueWorker } = await import('../src/node/queue.js');
    const worker = await startQueueWorker({ redis: url, queue: 'listeners' });
    const client = new QueueClient({ redis: url, queue: 'listeners' });
    try {
      const id = await client.add(box(1));
      const control = new AbortController();
      for (let k = 0; k < 3; k++) {
        const results = await client.timeOfImpact([{ a: id, b: id, motion: throws3(1, k)[0] }], {
          signal: control.signal,
        });
        expect(isBatchFailure(results[0])).toBe(false);
      }
      expect(getEventListeners(control.signal, 'abort')).toHaveLength(0);
    } finally {
      await client.close();
      await worker.close();
    }
  }, 30_000);

  it('a query the queue cannot encode fails alone with INVALID_OPTION, as in the pool (the batch was rejected)', async () => {
    expect(hasRedis).toBe(true);
    const { startQueueWorker } = await import('../src/node/queue.js');
    const worker = await startQueueWorker({ redis: url, queue: 'encode' });
    const client = new QueueClient({ redis: url, queue: 'encode' });
    const local = new BatchPool({ workers: 1 });
    try {
      const id = await client.add(box(1));
      const pid = local.add(box(1));
      const motions = throws3(3, 29);
      const queries = motions.map((motion, k) => ({
        a: id,
        b: id,
        motion,
        options: k === 1 ? { directional: () => true } : undefined,
      }));
      const results = await client.timeOfImpact(queries as never, { chunkSize: 2 });
      const pooled = await local.timeOfImpact(queries.map((q) => ({ ...q, a: pid, b: pid })) as never);
      expect(results[1]).toEqual(pooled[1]);
      expect(isBatchFailure(results[1]) && results[1].error.code).toBe('INVALID_OPTION');
      for (const k of [0, 2])
        expect(difference(results[k], timeOfImpact(box(1), box(1), motions[k]), `${k}`)).toBe('');
    } finally {
      await local.close();
      await client.close();
      await worker.close();
    }
  }, 30_000);

  it('a job whose data is no list of queries fails with BAD_DATA naming the job (it failed with TypeErrors)', async () => {
    expect(hasRedis).toBe(true);
    const { startQueueWorker } = await import('../src/node/queue.js');
    const worker = await startQueueWorker({ redis: url, queue: 'raw' });
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    const queue = new Queue('raw', { connection });
    try {
      const cases: Array<[unknown, RegExp]> = [
        [null, /^job \S+: data must be \{op, queries\}, got null$/],
        [{ op: 'distance', queries: 5 }, /^job \S+: queries must be an encoded list: /],
        [{ op: 'distance', queries: encode(null) }, /^job \S+: queries must be a list, got null$/],
        [{ op: 'distance', queries: encode({}) }, /^job \S+: queries must be a list, got object$/],
        // 20 bytes that decode to a list of 2³² − 1 holes: the worker's loop was held for good
        [{ op: 'distance', queries: encode(new Array(2 ** 32 - 1)) }, /^job \S+: queries\[0\] is a hole$/],
      ];
      for (const [data, reason] of cases) {
        const job = await queue.add('distance', data);
        let state = '';
        for (let k = 0; k < 200 && state !== 'failed' && state !== 'completed'; k++) {
          await new Promise((r) => setTimeout(r, 25));
          state = await job.getState();
        }
        const done = await Job.fromId(queue, job.id as string);
        expect(state, JSON.stringify(data)).toBe('failed');
        expect(done?.failedReason).toMatch(reason);
      }
      // a list with a null in it: that query fails alone, the job is answered
      const job = await queue.add('distance', { op: 'distance', queries: encode([null]) });
      let state = '';
      for (let k = 0; k < 200 && state !== 'failed' && state !== 'completed'; k++) {
        await new Promise((r) => setTimeout(r, 25));
        state = await job.getState();
      }
      expect(state).toBe('completed');
      // a scene whose bodies are 2³² − 1 holes (57 bytes): that query fails alone, the worker lives
      // on (the spread of its holes ended the worker's process, and the stalled job the next one's)
      const sparse = await queue.add('firstImpact', {
        op: 'firstImpact',
        queries: encode([{ bodies: new Array(2 ** 32 - 1), poses0: [], poses1: [] }]),
      });
      state = '';
      for (let k = 0; k < 200 && state !== 'failed' && state !== 'completed'; k++) {
        await new Promise((r) => setTimeout(r, 25));
        state = await sparse.getState();
      }
      expect(state).toBe('completed');
      const answered = decode((await Job.fromId(queue, sparse.id as string))?.returnvalue) as unknown[];
      expect(answered).toMatchObject([
        {
          error: {
            code: 'INVALID_OPTION',
            message: expect.stringMatching(/bodies\[0\] must be a body id, got a hole/),
          },
        },
      ]);
    } finally {
      await queue.close();
      connection.disconnect();
      await worker.close();
    }
  }, 60_000);

  // Regression (fixed; an adversarial probe): the client took a job's value as it came: `[]` gave
  // results of undefined, `null` threw in its listener and the batch waited for good.
  it("a job's value that is not one result a query fails each query INTERNAL", async () => {
    expect(hasRedis).toBe(true);
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    const values = [encode([]), encode(null), encode([1, 2, 3])];
    let served = 0;
    const fake = new BullWorker('liar', async () => values[served++ % values.length], { connection });
    const client = new QueueClient({ redis: url, queue: 'liar' });
    try {
      const id = await client.add(box(1));
      for (let k = 0; k < values.length; k++) {
        const motion = throws3(1)[0];
        const results = await client.timeOfImpact([
          { a: id, b: id, motion },
          { a: id, b: id, motion },
        ]);
        expect(results).toHaveLength(2);
        for (const r of results) {
          expect(isBatchFailure(r)).toBe(true);
          expect((r as { error: { code: string; message: string } }).error).toMatchObject({
            code: 'INTERNAL',
            message: expect.stringMatching(/^its job answered .* for 2 queries$/),
          });
        }
      }
    } finally {
      await client.close();
      await fake.close();
      connection.disconnect();
    }
  }, 60_000);

  it('convex shapes and compounds travel through Redis too, answered as the sequential calls', async () => {
    expect(hasRedis).toBe(true);
    const client = new QueueClient({ redis: url, queue: 'toi' });
    try {
      const hull = convexHull([0, 0, 0, 0.3, 0, 0, 0, 0.3, 0, 0, 0, 0.3, 0.2, 0.2, 0.2]);
      const bodies3 = [
        ball(0.2),
        rounded(hull, 0.05),
        compound([
          { body: box(0.2), pose: identityPose() },
          { body: cuboid(0.3, 0.05, 0.05), pose: poseFromAxisAngle([0, 0, 1], 0.5, [0.2, 0, 0]) },
        ]),
      ];
      const ids3 = await Promise.all(bodies3.map((body) => client.add(body)));
      expect(await client.add(ball(0.2))).toBe(ids3[0]);
      const motions = throws3(30, 13);
      const results = await client.timeOfImpact(
        motions.map((motion, k) => ({ a: ids3[k % 3], b: ids3[(k + 1) % 3], motion })),
      );
      results.forEach((r, k) => {
        expect(
          difference(r, timeOfImpact(bodies3[k % 3], bodies3[(k + 1) % 3], motions[k]), `results[${k}]`),
        ).toBe('');
      });
      expect(results.filter((r) => !isBatchFailure(r) && r.status === 'contact').length).toBeGreaterThan(3);
      const bodies2 = [capsule2(0.2, 0.1), convexPolygon([0, 0, 0.4, 0, 0, 0.4])];
      const ids2 = await Promise.all(bodies2.map((body) => client.add(body)));
      const flat = throws2(10, 17);
      const results2 = await client.timeOfImpact2(
        flat.map((motion, k) => ({ a: ids2[k % 2], b: ids2[(k + 1) % 2], motion })),
      );
      results2.forEach((r, k) => {
        expect(
          difference(r, timeOfImpact2(bodies2[k % 2], bodies2[(k + 1) % 2], flat[k]), `results2[${k}]`),
        ).toBe('');
      });
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('a queue whose Redis cannot be reached', () => {
  // ioredis retries for ever, and every command waited for it: the CLI's `batch --redis` hung and
  // printed a stack trace a retry, and a client's close waited for BullMQ's own connections.
  it('fails the first call that needs it with QUEUE_UNREACHABLE, and closes at once', async () => {
    const redis = `redis://127.0.0.1:${await freePort()}`;
    const client = new QueueClient({ redis, queue: 'nowhere' });
    await expect(client.add(box(1))).rejects.toMatchObject({
      name: 'FirstTouchError',
      code: 'QUEUE_UNREACHABLE',
      message: expect.stringMatching(/^QueueClient\.add: cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+: /),
    });
    await expect(client.timeOfImpact([])).rejects.toMatchObject({ code: 'QUEUE_UNREACHABLE' });
    await client.close();
    const { startQueueWorker } = await import('../src/node/queue.js');
    await expect(startQueueWorker({ redis, queue: 'nowhere' })).rejects.toMatchObject({
      code: 'QUEUE_UNREACHABLE',
      message: expect.stringMatching(/^startQueueWorker: cannot reach Redis/),
    });
  });

  it('a URL whose database is not a number is refused at once with INVALID_OPTION (it crashed the process)', async () => {
    const port = await freePort();
    const { startQueueWorker } = await import('../src/node/queue.js');
    for (const tail of ['/abc', '?db=x', '/1x', '?db=', '/0?db=x', '?db=0&db=x']) {
      const redis = `redis://me:secret@127.0.0.1:${port}${tail}`;
      let thrown: unknown;
      try {
        await new QueueClient({ redis, queue: 'q' }).close();
      } catch (e) {
        thrown = e;
      }
      expect(thrown, tail).toMatchObject({
        name: 'FirstTouchError',
        code: 'INVALID_OPTION',
        message: expect.stringMatching(
          /^QueueClient: the database of redis URL redis:\/\/…@127\.0\.0\.1:\d+/,
        ),
      });
      expect((thrown as Error).message).not.toContain('secret');
      await expect(startQueueWorker({ redis, queue: 'q' }), tail).rejects.toMatchObject({
        code: 'INVALID_OPTION',
      });
    }
    for (const tail of ['', '/', '/0', '/15', '?db=3']) {
      await new QueueClient({ redis: `redis://127.0.0.1:${port}${tail}`, queue: 'q' }).close();
    }
  });

  it('refuses lock and stall timers Node cannot take (each fired after 1 ms, a flood of warnings)', async () => {
    const redis = `redis://127.0.0.1:${await freePort()}`;
    const { startQueueWorker } = await import('../src/node/queue.js');
    for (const name of ['lockDuration', 'stalledInterval'] as const) {
      await expect(startQueueWorker({ redis, queue: 'q', [name]: 2 ** 31 })).rejects.toMatchObject({
        code: 'INVALID_OPTION',
        message: `startQueueWorker: ${name} must be an integer in [1, 2147483647], got 2147483648`,
      });
      // the largest is taken (the server, here, is what is missing)
      await expect(startQueueWorker({ redis, queue: 'q', [name]: 2 ** 31 - 1 })).rejects.toMatchObject({
        code: 'QUEUE_UNREACHABLE',
      });
    }
  });

  it('refuses a body time to live Redis cannot take (every add failed with a bare Redis error)', async () => {
    const redis = `redis://127.0.0.1:${await freePort()}`;
    for (const ttl of [1e300, 2 ** 63, 2 ** 31]) {
      expect(() => new QueueClient({ redis, queue: 'q', bodyTtlSeconds: ttl })).toThrow(
        expect.objectContaining({
          code: 'INVALID_OPTION',
          message: expect.stringMatching(
            /^QueueClient: bodyTtlSeconds must be an integer in \[1, 2147483647\]/,
          ),
        }),
      );
    }
    await new QueueClient({ redis, queue: 'q', bodyTtlSeconds: 2 ** 31 - 1 }).close();
  });

  // Regression (fixed; an adversarial probe): once the server was gone, BullMQ's close waited for a
  // connection that never came back: the client's and the worker's close never settled, and the
  // worker's process lived on (batch-worker did not stop on SIGTERM).
  it('a client and a worker close once their server is gone', async () => {
    expect(hasRedis).toBe(true);
    const port = await freePort();
    const gone = `redis://127.0.0.1:${port}`;
    const server = spawn(
      REDIS,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    try {
      const probe = new Redis(gone, {
        lazyConnect: true,
        retryStrategy: () => 50,
        maxRetriesPerRequest: null,
      });
      probe.on('error', () => undefined);
      await probe.connect().catch(() => undefined);
      await probe.ping();
      probe.disconnect();
      const { startQueueWorker } = await import('../src/node/queue.js');
      const worker = await startQueueWorker({ redis: gone, queue: 'gone' });
      const client = new QueueClient({ redis: gone, queue: 'gone' });
      await client.add(box(1));
      server.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 500));
      const within = (p: Promise<void>) =>
        Promise.race([
          p.then(() => 'closed'),
          new Promise((r) => setTimeout(() => r('waiting'), 10_000).unref()),
        ]);
      expect(await within(client.close())).toBe('closed');
      expect(await within(worker.close())).toBe('closed');
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
    }
  }, 60_000);

  it('says where without the password', async () => {
    const redis = `redis://me:secret@127.0.0.1:${await freePort()}`;
    const client = new QueueClient({ redis, queue: 'nowhere' });
    const failure = await client.add(box(1)).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    await client.close();
    expect(failure?.message).toMatch(/cannot reach Redis at redis:\/\/…@127\.0\.0\.1:\d+: /);
    expect(failure?.message).not.toContain('secret');
  });

  // Regression (fixed; an adversarial probe): the redaction stopped at the first `@`, and a password
  // holding one (which the URL parser and ioredis read whole) showed its rest.
  it('hides a password that holds @ whole', () => {
    expect(redactedRedisUrl('redis://admin:hunter2@TOPSECRET@127.0.0.1:1/0')).toBe('redis://…@127.0.0.1:1/0');
    expect(redactedRedisUrl('rediss://a@b:c@d@host:6379?db=2')).toBe('rediss://…@host:6379?db=2');
    expect(redactedRedisUrl('redis://host:6379/0?x=a@b')).toBe('redis://host:6379/0?x=a@b');
    expect(redactedRedisUrl('redis://host:6379')).toBe('redis://host:6379');
    expect(redactedRedisUrl('redis://host:6379?x=a@b')).toBe('redis://host:6379?x=a@b');
  });
});
