// The pool in Node (worker threads): every operation equal bit for bit to the sequential calls, in
// input order; failures in their places; abort; a worker that dies.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { firstImpact, firstImpact2 } from '@firsttouch/broadphase';
import { timeOfImpact, timeOfImpact2 } from '@firsttouch/ccd';
import {
  ball,
  ball2,
  capsule,
  capsule2,
  cone,
  convexHull,
  convexPolygon,
  cuboid,
  cuboid2,
  cylinder,
  rounded,
  type Shape,
  shapeDistance,
} from '@firsttouch/convex';
import {
  box,
  compound,
  compound2,
  curveDistance,
  disc,
  icosphere,
  rectangle,
  Surface,
  serialize,
  surfaceDistance,
} from '@firsttouch/mesh';
import { FirstTouchError, identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { afterAll, describe, expect, it } from 'vitest';
import { Answerer, BatchPool, isBatchFailure, LARGE_BODY } from '../src/index.js';
import { threadPort } from '../src/node/spawn.js';
import { sameAnswer, throws2, throws3 } from './helpers.js';

const pool = new BatchPool({ workers: 2 });
afterAll(() => pool.close());

describe('BatchPool answers as the sequential calls, bit for bit, in order', () => {
  const ball = icosphere(0.5, 2);
  const brick = box([0.6, 0.3, 0.2], 2);
  const round = disc(0.4, 24);
  const slab = rectangle(1, 0.3);
  const ids = { ball: pool.add(ball), brick: pool.add(brick), round: pool.add(round), slab: pool.add(slab) };

  it('timeOfImpact, with progress up to the total', async () => {
    const queries = throws3(60).map((motion, i) => ({
      a: ids.ball,
      b: ids.brick,
      motion,
      options: i % 3 === 0 ? { directional: true as const } : undefined,
    }));
    const seen: number[] = [];
    const results = await pool.timeOfImpact(queries, { onProgress: (p) => seen.push(p.done), chunkSize: 7 });
    expect(results).toHaveLength(60);
    queries.forEach((q, i) => {
      sameAnswer(results[i], timeOfImpact(ball, brick, q.motion, q.options));
    });
    expect(seen.at(-1)).toBe(60);
    expect(seen.every((d, i) => i === 0 || d > seen[i - 1])).toBe(true);
    expect(results.filter((r) => !isBatchFailure(r) && r.status === 'contact').length).toBeGreaterThan(10);
  });

  it('timeOfImpact2', async () => {
    const queries = throws2(40).map((motion) => ({ a: ids.slab, b: ids.round, motion }));
    const results = await pool.timeOfImpact2(queries);
    queries.forEach((q, i) => {
      sameAnswer(results[i], timeOfImpact2(slab, round, q.motion));
    });
  });

  it('distance, surfaces and curves', async () => {
    const poses = throws3(30).map((m) => m.b[0]);
    const surfaces = await pool.distance(poses.map((poseB) => ({ a: ids.ball, b: ids.brick, poseB })));
    poses.forEach((poseB, i) => {
      sameAnswer(surfaces[i], surfaceDistance(ball, brick, { poseB }));
    });
    const flat = throws2(30).map((m) => m.b[0]);
    const curves = await pool.distance(
      flat.map((poseB) => ({ a: ids.slab, b: ids.round, poseB, options: { maxDistance: 2 } })),
    );
    flat.forEach((poseB, i) => {
      sameAnswer(curves[i], curveDistance(slab, round, { poseB, maxDistance: 2 }));
    });
  });

  it('firstImpact and firstImpact2 scenes', async () => {
    const scenes = throws3(8).map((m, i) => ({
      bodies: [ids.ball, ids.brick, ids.brick],
      poses0: [identityPose(), m.b[0], poseFromAxisAngle([1, 0, 0], i, [0, 2, 0])],
      poses1: [identityPose(), m.b[1], poseFromAxisAngle([1, 0, 0], i, [0, -2, 0])],
    }));
    const results = await pool.firstImpact(scenes);
    scenes.forEach((s, i) => {
      sameAnswer(results[i], firstImpact([ball, brick, brick], s.poses0, s.poses1));
    });
    const flat = throws2(8).map((m) => ({
      bodies: [ids.slab, ids.round],
      poses0: [pose2(), m.b[0]],
      poses1: [pose2(), m.b[1]],
    }));
    const results2 = await pool.firstImpact2(flat);
    flat.forEach((s, i) => {
      sameAnswer(results2[i], firstImpact2([slab, round], s.poses0, s.poses1));
    });
  });
});

describe('BatchPool sends convex shapes and compounds too', () => {
  const sphere = Array.from({ length: 300 }, (_, i) => {
    const z = 1 - (2 * i + 1) / 300;
    const r = Math.sqrt(1 - z * z);
    return [0.4 * r * Math.cos(2.4 * i), 0.4 * r * Math.sin(2.4 * i), 0.4 * z];
  }).flat();
  const shapes3: Shape<3>[] = [
    ball(0.3),
    cuboid(0.4, 0.2, 0.3),
    capsule(0.3, 0.1),
    cylinder(0.2, 0.3),
    cone(0.3, 0.25),
    convexHull(sphere),
    rounded(cuboid(0.2, 0.2, 0.1), 0.05),
  ];
  const robot = compound([
    { body: icosphere(0.3, 1), pose: identityPose() },
    { body: capsule(0.3, 0.08), pose: poseFromAxisAngle([0, 0, 1], 1, [0.4, 0, 0]) },
    { body: rounded(convexHull(sphere), 0.02), pose: poseFromAxisAngle([1, 0, 0], 0.5, [0, 0.5, 0]) },
  ]);
  const shapes2: Shape<2>[] = [
    ball2(0.3),
    cuboid2(0.3, 0.1),
    capsule2(0.2, 0.1),
    convexPolygon([0, 0, 0.5, 0, 0.2, 0.4]),
  ];

  it('timeOfImpact on every kind of shape and on compounds, and distances of shapes, bit for bit', async () => {
    const ids3 = shapes3.map((s) => pool.add(s));
    const bodies = [...shapes3, robot, box(0.3)];
    const ids = [...ids3, pool.add(robot), pool.add(box(0.3))];
    const motions = throws3(bodies.length * 3, 41);
    const queries = motions.map((motion, k) => ({
      a: ids[k % ids.length],
      b: ids[(k * 5 + 3) % ids.length],
      motion,
    }));
    const results = await pool.timeOfImpact(queries, { chunkSize: 5 });
    queries.forEach((q, k) => {
      expect(isBatchFailure(results[k]), JSON.stringify(results[k])).toBe(false);
      sameAnswer(
        results[k],
        timeOfImpact(bodies[k % ids.length], bodies[(k * 5 + 3) % ids.length], q.motion),
      );
    });
    expect(results.filter((r) => !isBatchFailure(r) && r.status === 'contact').length).toBeGreaterThan(5);
    const poses = motions.map((m) => m.b[0]);
    const distances = await pool.distance(
      poses.map((poseB, k) => ({ a: ids3[k % 7], b: ids3[(k + 2) % 7], poseB })),
    );
    poses.forEach((poseB, k) => {
      sameAnswer(distances[k], shapeDistance(shapes3[k % 7], shapes3[(k + 2) % 7], { poseB }));
    });
  });

  it('timeOfImpact2 on 2-D shapes and a 2-D compound, bit for bit', async () => {
    const hammer = compound2([
      { body: disc(0.1, 12), pose: pose2(0.3, [0, 0.2]) },
      { body: cuboid2(0.05, 0.3), pose: pose2(0, [0, -0.1]) },
      { body: ball2(0.12), pose: pose2(0, [0.15, 0.3]) },
    ]);
    const bodies = [...shapes2, hammer];
    const ids = bodies.map((s) => pool.add(s));
    const motions = throws2(20, 43);
    const results = await pool.timeOfImpact2(
      motions.map((motion, k) => ({ a: ids[k % 5], b: ids[(k + 1) % 5], motion })),
    );
    motions.forEach((motion, k) => {
      sameAnswer(results[k], timeOfImpact2(bodies[k % 5], bodies[(k + 1) % 5], motion));
    });
  });

  it('builds the tree of a large body not yet built in shared memory, and sends it', async () => {
    const large = box(1, 75);
    expect(large.facetCount).toBeGreaterThanOrEqual(LARGE_BODY);
    const id = pool.add(large);
    expect(large.tree().boxes.buffer).toBeInstanceOf(SharedArrayBuffer);
    const small = box(1, 2);
    pool.add(small);
    expect(small.tree().boxes.buffer).toBeInstanceOf(ArrayBuffer);
    const inShared = Surface.fromIndexed(large.positions, large.indices, { shared: true });
    const id2 = pool.add(inShared);
    const motion = throws3(1, 47)[0];
    const pebble = pool.add(box(0.1));
    const [r, r2] = await pool.timeOfImpact([
      { a: id, b: pebble, motion },
      { a: id2, b: pebble, motion },
    ]);
    sameAnswer(r, timeOfImpact(large, box(0.1), motion));
    sameAnswer(r2, timeOfImpact(large, box(0.1), motion));
  });
});

describe('BatchPool reports what fails, in its place, and answers the rest', () => {
  const a = pool.add(box(1));
  const motion = throws3(1)[0];

  it('unknown bodies, queries that are not objects, bad poses, options that cannot be sent', async () => {
    const results = await pool.timeOfImpact([
      { a, b: 99, motion },
      42 as never,
      { a, b: a, motion: { a: [], b: [] } as never },
      { a, b: a, motion, options: { directional: () => {} } as never },
      { a, b: a, motion },
    ]);
    const codes = results.map((r) => (isBatchFailure(r) ? r.error.code : r.status));
    expect(codes).toEqual(['UNKNOWN_BODY', 'INVALID_OPTION', 'INVALID_POSE', 'INVALID_OPTION', 'contact']);
    expect(isBatchFailure(results[0]) && results[0].error.message).toBe(
      'query 0: b names body 99, which the pool does not hold',
    );
    expect(isBatchFailure(results[3]) && results[3].error.message).toMatch(/cannot be sent to a worker/);
  });

  it("a query's own signal or progress callback is refused, not dropped (an aborted signal was answered)", async () => {
    const aborted = new AbortController();
    aborted.abort();
    // (the query options' type leaves both out; a JavaScript caller may still pass them)
    const results = await pool.timeOfImpact([
      { a, b: a, motion, options: { signal: aborted.signal } as never },
      { a, b: a, motion, options: { signal: new AbortController().signal } as never },
      { a, b: a, motion, options: { signal: 5 } as never },
      { a, b: a, motion, options: { onProgress: () => {} } as never },
      { a, b: a, motion, options: { signal: undefined, onProgress: undefined } as never },
    ]);
    const codes = results.map((r) => (isBatchFailure(r) ? r.error.code : r.status));
    expect(codes).toEqual([
      'INVALID_OPTION',
      'INVALID_OPTION',
      'INVALID_OPTION',
      'INVALID_OPTION',
      'contact',
    ]);
    expect(isBatchFailure(results[0]) && results[0].error.message).toBe(
      "query 0: options.signal does not travel to a worker; give it in the batch's options (it stops the whole batch)",
    );
    expect(isBatchFailure(results[3]) && results[3].error.message).toMatch(
      /^query 3: options\.onProgress does not travel/,
    );
  });

  it('a body removed is unknown to later queries', async () => {
    const gone = pool.add(box(0.5));
    expect(pool.remove(gone)).toBe(true);
    expect(pool.remove(gone)).toBe(false);
    const [r] = await pool.distance([{ a, b: gone }]);
    expect(isBatchFailure(r) && r.error.code).toBe('UNKNOWN_BODY');
  });

  it('refuses bad calls with a FirstTouchError', async () => {
    await expect(pool.timeOfImpact(7 as never)).rejects.toThrow(FirstTouchError);
    await expect(pool.timeOfImpact([], { chunkSize: 0 })).rejects.toThrow(/chunkSize must be an integer/);
    expect(() => pool.add({})).toThrow(/body must be a Surface, a Curve, a convex shape or a compound/);
    expect(() => new BatchPool({ workers: 0 })).toThrow(/workers must be an integer/);
    expect(await pool.timeOfImpact([])).toEqual([]);
  });
});

/** A pool of `workers` workers from the crashing fixture (a query's `options.crash` kills its worker), holding a ball. */
function crashingPool(workers: number) {
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const fixture = fileURLToPath(new URL('./fixtures/crashing-worker.mjs', import.meta.url));
  const crashing = new BatchPool({
    workers,
    spawn: () => threadPort(new Worker(fixture, { workerData: { counter } })),
  });
  const ball = icosphere(0.5, 1);
  return { crashing, counter, ball, id: crashing.add(ball) };
}

/** The ball against itself along `motions`, query i crashing its worker as `crash(i)` says (once, always). */
function crashQueries(
  id: number,
  motions: readonly unknown[],
  crash: (i: number) => 'once' | 'always' | undefined,
) {
  return motions.map((motion, i) => {
    const how = crash(i);
    return { a: id, b: id, motion, options: how === undefined ? undefined : { crash: how } };
  });
}

describe('BatchPool stops', () => {
  it('on abort: the batch rejects with ABORTED and the pool answers the next one', async () => {
    const big = pool.add(icosphere(0.5, 3));
    const control = new AbortController();
    // slow queries (the directional bound on a grazing pass), many messages
    const queries = Array.from({ length: 400 }, (_, i) => ({
      a: big,
      b: big,
      motion: {
        a: [identityPose(), identityPose()] as const,
        b: [
          poseFromAxisAngle([0, 0, 1], 0, [-3, 1.0001 + i * 1e-6, 0]),
          poseFromAxisAngle([0, 0, 1], 3, [3, 1.0001, 0]),
        ] as const,
      },
    }));
    const promise = pool.timeOfImpact(queries, {
      signal: control.signal,
      chunkSize: 4,
      onProgress: (p) => {
        if (p.done >= 8) control.abort('enough');
      },
    });
    const e = await promise.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(e).toBeInstanceOf(FirstTouchError);
    expect((e as FirstTouchError).code).toBe('ABORTED');
    expect((e as Error).message).toMatch(
      /^BatchPool.timeOfImpact: aborted after \d+ of 400 queries \(enough\)$/,
    );
    const after = await pool.timeOfImpact([{ a: big, b: big, motion: throws3(1)[0] }]);
    expect(isBatchFailure(after[0])).toBe(false);
  });

  it('a worker that dies: its queries are retried once, alone, elsewhere; a query that kills twice is reported', async () => {
    const { crashing, counter, ball, id } = crashingPool(2);
    try {
      const motions = throws3(12);
      const queries = crashQueries(id, motions, (i) => (i === 3 ? 'once' : i === 7 ? 'always' : undefined));
      const results = await crashing.timeOfImpact(queries as never, { chunkSize: 4 });
      results.forEach((r, i) => {
        if (i === 7) {
          expect(isBatchFailure(r) && r.error.code).toBe('WORKER_FAILED');
          expect(isBatchFailure(r) && r.error.message).toMatch(
            /a worker died on this query twice \(the worker exited with code 3\)/,
          );
        } else sameAnswer(r, timeOfImpact(ball, ball, motions[i]));
      });
      // the query that kills once was met twice: first (its worker died), then retried alone
      expect(Atomics.load(counter, 0)).toBe(2);
    } finally {
      await crashing.close();
    }
  });

  it('a retry runs alone: a query that kills every worker is the only one reported (the next retry shared its death)', async () => {
    const { crashing, ball, id } = crashingPool(1);
    try {
      const motions = throws3(4);
      const queries = crashQueries(id, motions, (i) => (i === 0 ? 'always' : undefined));
      const results = await crashing.timeOfImpact(queries as never, { chunkSize: 4 });
      expect(isBatchFailure(results[0]) && results[0].error.code).toBe('WORKER_FAILED');
      for (let i = 1; i < 4; i++)
        sameAnswer(results[i], timeOfImpact(ball, ball, motions[i]), `results[${i}]`);
    } finally {
      await crashing.close();
    }
  });

  it('queries that kill every worker, several in a row, are reported one by one; the pool does not give up', async () => {
    const { crashing, ball, id } = crashingPool(1);
    try {
      const motions = throws3(8, 41);
      const warm = await crashing.timeOfImpact([{ a: id, b: id, motion: motions[0] }]);
      expect(isBatchFailure(warm[0])).toBe(false);
      const queries = crashQueries(id, motions, (i) => (i < 6 ? 'always' : undefined));
      const results = await crashing.timeOfImpact(queries as never, { chunkSize: 8 });
      results.forEach((r, i) => {
        if (i < 6) expect(isBatchFailure(r) && r.error.code, `results[${i}]`).toBe('WORKER_FAILED');
        else sameAnswer(r, timeOfImpact(ball, ball, motions[i]), `results[${i}]`);
      });
    } finally {
      await crashing.close();
    }
  });

  it('a burst of queries that kill their worker on first run, a job each, does not make the pool give up (an adversarial probe)', async () => {
    const { crashing, ball, id } = crashingPool(2);
    try {
      const motions = throws3(21, 43);
      const warm = await crashing.timeOfImpact([{ a: id, b: id, motion: motions[0] }]);
      expect(isBatchFailure(warm[0])).toBe(false);
      // 20 killers, one a job: 20 fresh workers die before answering anything, then 20 retries
      const killers = crashQueries(id, motions.slice(1), () => 'always');
      const results = await crashing.timeOfImpact(killers as never, { chunkSize: 1 });
      for (const r of results) expect(isBatchFailure(r) && r.error.code).toBe('WORKER_FAILED');
      const after = await crashing.timeOfImpact([{ a: id, b: id, motion: motions[0] }]);
      sameAnswer(after[0], timeOfImpact(ball, ball, motions[0]));
    } finally {
      await crashing.close();
    }
  });

  it('close rejects what runs and refuses what comes', async () => {
    const p = new BatchPool({ workers: 1 });
    const id = p.add(icosphere(0.5, 3));
    const running = p.timeOfImpact(throws3(50).map((motion) => ({ a: id, b: id, motion }))).then(
      () => undefined,
      (e: unknown) => e,
    );
    await p.close();
    expect(String(await running)).toMatch(/the pool was closed/);
    expect(() => p.add(box(1))).toThrow(/the pool is closed/);
    // (it answered true, as if the closed pool still held the body)
    expect(() => p.remove(id)).toThrow(/the pool is closed/);
  });
});

describe('BatchPool on hostile calls and failing workers (never a batch left waiting)', () => {
  const grazing = (i: number) => ({
    a: [identityPose(), identityPose()] as const,
    b: [
      poseFromAxisAngle([0, 0, 1], 0, [-3, 1.0001 + i * 1e-6, 0]),
      poseFromAxisAngle([0, 0, 1], 3, [3, 1.0001, 0]),
    ] as const,
  });
  /** The batch's outcome, or 'waiting' when it has not settled within `ms`. */
  const within = <T>(p: Promise<T>, ms = 20_000) =>
    Promise.race([
      p.then(
        (r) => ({ resolved: r }),
        (e: unknown) => ({ rejected: e as FirstTouchError }),
      ),
      new Promise<'waiting'>((done) => setTimeout(() => done('waiting'), ms).unref()),
    ]);

  it('a sparse array of queries is refused at its first hole (it had no record, and the batch waited)', async () => {
    const a = pool.add(box(1));
    const q = { a, b: a, motion: throws3(1)[0] };
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
    for (const queries of [[q, , q], Object.assign([q], { length: 2 ** 32 - 1 })]) {
      const out = await within(pool.timeOfImpact(queries as never));
      expect(out).toMatchObject({ rejected: { code: 'INVALID_OPTION' } });
      expect((out as { rejected: Error }).rejected.message).toMatch(/queries\[1\] is a hole/);
    }
  });

  // Regression (fixed; an adversarial probe): a scene's bodies were mapped with `map`, which walked
  // every hole of a sparse array on the caller's thread (2³²−1 of them: two minutes, timers held),
  // then failed with a garbled message (".for is not iterable").
  it('a scene whose bodies have a hole fails alone, at the first hole, at once', async () => {
    const a = pool.add(box(1));
    const p = identityPose();
    for (const [bodies, k] of [
      [new Array(2 ** 32 - 1), 0],
      // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
      [[a, , a], 1],
    ] as const) {
      const out = await within(pool.firstImpact([{ bodies: bodies as never, poses0: [p], poses1: [p] }]));
      const r = (out as { resolved: unknown[] }).resolved;
      expect(r).toHaveLength(1);
      expect(isBatchFailure(r[0])).toBe(true);
      expect((r[0] as { error: { message: string } }).error.message).toMatch(
        new RegExp(`^query 0: bodies\\[${k}\\] names body undefined`),
      );
    }
  });

  it('a query whose fields cannot be read fails alone', async () => {
    const a = pool.add(box(1));
    const motion = throws3(1)[0];
    const hostile = {
      get a(): number {
        throw new Error('no a');
      },
      b: a,
      motion,
    };
    const results = await pool.timeOfImpact([hostile as never, { a, b: a, motion }]);
    expect(isBatchFailure(results[0]) && results[0].error).toEqual({
      code: 'INVALID_OPTION',
      message: 'query 0 cannot be read: no a',
    });
    sameAnswer(results[1], timeOfImpact(box(1), box(1), motion));
  });

  it('aborts without shared memory: the pool answers after many, and another batch on the worker is not charged', async () => {
    const p = new BatchPool({ workers: 1, shared: false });
    try {
      const id = p.add(icosphere(0.5, 3));
      const queries = Array.from({ length: 50 }, (_, i) => ({ a: id, b: id, motion: grazing(i) }));
      for (let k = 0; k < 6; k++) {
        const control = new AbortController();
        const run = p.timeOfImpact(queries, { signal: control.signal });
        control.abort(`cancel ${k}`);
        expect(await within(run)).toMatchObject({ rejected: { code: 'ABORTED' } });
      }
      // (each abort stopped the worker before it answered: no longer counted as a start that failed)
      const innocent = p.timeOfImpact([{ a: id, b: id, motion: grazing(0) }]);
      const control = new AbortController();
      const other = p.timeOfImpact(queries, { signal: control.signal });
      control.abort(Object.create(null));
      const out = await within(other);
      expect(out).toMatchObject({ rejected: { code: 'ABORTED' } });
      expect((out as { rejected: Error }).rejected.message).toMatch(/\(object\)$/);
      const answered = (await within(innocent)) as { resolved: unknown[] };
      sameAnswer(answered.resolved[0], timeOfImpact(icosphere(0.5, 3), icosphere(0.5, 3), grazing(0)));
    } finally {
      await p.close();
    }
  });

  it("a signal of the caller's own (no events) is read at every answer", async () => {
    const id = pool.add(icosphere(0.5, 3));
    const queries = Array.from({ length: 200 }, (_, i) => ({ a: id, b: id, motion: grazing(i) }));
    const signal = { aborted: false };
    const out = await within(
      pool.timeOfImpact(queries, {
        signal,
        chunkSize: 2,
        onProgress: (p) => {
          if (p.done >= 8) signal.aborted = true;
        },
      }),
    );
    expect(out).toMatchObject({ rejected: { code: 'ABORTED' } });
  });

  it('workers that cannot start: every batch, then and later, rejects with WORKER_FAILED', async () => {
    for (const spawn of [
      () => {
        throw new Error('no worker here');
      },
      () => null,
      () => ({}),
    ]) {
      const p = new BatchPool({ workers: 2, spawn: spawn as never });
      try {
        const id = p.add(box(1));
        for (let k = 0; k < 3; k++) {
          const out = await within(p.timeOfImpact([{ a: id, b: id, motion: throws3(1)[0] }]));
          expect(out).toMatchObject({ rejected: { code: 'WORKER_FAILED' } });
        }
      } finally {
        await p.close();
      }
    }
  });

  it('a signal whose addEventListener throws: INVALID_OPTION, and the batch is not left among the running', async () => {
    const p = new BatchPool({ workers: 1 });
    try {
      const id = p.add(box(1));
      const signal = {
        aborted: false,
        addEventListener() {
          throw new Error('no listeners here');
        },
        removeEventListener() {},
      };
      const out = await within(
        p.timeOfImpact([{ a: id, b: id, motion: throws3(1)[0] }], { signal } as never),
      );
      expect(out).toMatchObject({
        rejected: {
          code: 'INVALID_OPTION',
          message: expect.stringMatching(/signal\.addEventListener threw: no listeners here/),
        },
      });
      const fine = await p.timeOfImpact([{ a: id, b: id, motion: throws3(1)[0] }]);
      expect(isBatchFailure(fine[0])).toBe(false);
    } finally {
      await p.close();
    }
  });

  it("a custom port whose terminate throws or rejects neither ends the process nor the pool's close", async () => {
    // the pool ended a lost worker's port with `void port.terminate()`: a rejection went unhandled,
    // which ends a Node process
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      for (const terminate of [
        () => Promise.reject(new Error('cannot stop')),
        () => {
          throw new Error('cannot stop');
        },
      ]) {
        const spawn = () => ({
          post() {},
          listen(_message: unknown, exit: (why: string) => void) {
            setTimeout(() => exit('gone'), 5);
          },
          terminate,
        });
        const p = new BatchPool({ workers: 1, spawn: spawn as never });
        const id = p.add(box(1));
        const out = await within(p.timeOfImpact([{ a: id, b: id, motion: throws3(1)[0] }]));
        expect(out).toMatchObject({ resolved: [{ error: { code: 'WORKER_FAILED' } }] });
        await p.close();
      }
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  /** An in-process worker port on an Answerer; `hooks` may answer or end it from inside a call. */
  const inProcess = (
    hooks: { post?: 'sync' | 'exit-on-run'; listen?: 'exit' } = {},
    ended: { terminated: boolean }[] = [],
  ) => {
    const answerer = new Answerer();
    const state = { terminated: false };
    ended.push(state);
    let onMessage: (m: never) => void = () => {};
    let onExit: (why: string) => void = () => {};
    return {
      listen(message: (m: never) => void, exit: (why: string) => void) {
        onMessage = message;
        onExit = exit;
        if (hooks.listen === 'exit') exit('could not start');
      },
      post(message: never) {
        if (hooks.post === 'exit-on-run' && (message as { type: string }).type === 'run') {
          onExit('the worker is gone');
          return;
        }
        const answer = answerer.receive(message);
        if (answer === undefined) return;
        if (hooks.post === 'sync') onMessage(answer as never);
        else setTimeout(() => onMessage(answer as never), 0);
      },
      terminate: async () => {
        state.terminated = true;
      },
    };
  };

  /** Box against box along `motions`, a query a job, on `p`: the results, or undefined if not settled within 5 s. */
  const boxesAlone = async (p: BatchPool, motions: ReturnType<typeof throws3>) => {
    const id = p.add(box(1));
    const out = await within(
      p.timeOfImpact(
        motions.map((motion) => ({ a: id, b: id, motion })),
        { chunkSize: 1 },
      ),
      5000,
    );
    return (out as { resolved: unknown[] }).resolved;
  };

  it("a port whose answers are not one a query: each query fails alone, nothing is thrown out of the port's callback (an adversarial probe)", async () => {
    for (const answer of [null, [] as unknown[], 'junk']) {
      let n = 0;
      const p = new BatchPool({
        workers: 1,
        spawn: () => {
          const real = inProcess();
          let onMessage: (m: never) => void = () => {};
          return {
            listen(message: (m: never) => void, exit: (why: string) => void) {
              onMessage = message;
              real.listen(() => {}, exit);
            },
            post(message: never) {
              if ((message as { type: string }).type !== 'run') return;
              const job = (message as { job: number }).job;
              n++;
              setTimeout(() => onMessage({ type: 'done', job, results: answer } as never), 0);
            },
            terminate: real.terminate,
          };
        },
      });
      try {
        const motions = throws3(3);
        const out = await within(boxesAlone(p, motions), 5000);
        const results = (out as { resolved: unknown[] }).resolved;
        expect(results).toHaveLength(3);
        for (const r of results) expect(isBatchFailure(r) && r.error.code).toBe('INTERNAL');
        expect(n).toBe(3);
      } finally {
        await p.close();
      }
    }
  });

  it('reads the queries and options once: a length that changes, getters that throw (an adversarial probe)', async () => {
    const id = pool.add(box(1));
    const motions = throws3(5);
    const queries = motions.map((motion) => ({ a: id, b: id, motion }));
    let reads = 0;
    const shifty = new Proxy(queries, {
      get: (t, k, r) => (k === 'length' ? (++reads > 1 ? 3 : 5) : Reflect.get(t, k, r)),
    });
    const out = await within(pool.timeOfImpact(shifty), 5000);
    expect((out as { resolved: unknown[] }).resolved).toHaveLength(5);
    const bad = [
      {
        get signal(): never {
          throw new Error('no');
        },
      },
      {
        signal: {
          get aborted(): never {
            throw new Error('no');
          },
        },
      },
      {
        get chunkSize(): never {
          throw new Error('no');
        },
      },
      {
        get onProgress(): never {
          throw new Error('no');
        },
      },
    ];
    for (const options of bad) {
      const e = await pool.timeOfImpact(queries, options as never).then(
        () => undefined,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(FirstTouchError);
      expect((e as FirstTouchError).code).toBe('INVALID_OPTION');
    }
  });

  it('a port that answers inside post settles its batch (it waited: the job was not yet in flight)', async () => {
    const p = new BatchPool({ workers: 1, shared: false, spawn: () => inProcess({ post: 'sync' }) });
    try {
      const motions = throws3(300, 5);
      const results = await boxesAlone(p, motions);
      expect(results).toHaveLength(300);
      sameAnswer(results[7], timeOfImpact(box(1), box(1), motions[7]));
    } finally {
      await p.close();
    }
  });

  it('a port that reports its end inside post: its job is retried on another worker', async () => {
    let n = 0;
    const p = new BatchPool({
      workers: 1,
      shared: false,
      spawn: () => inProcess(++n === 1 ? { post: 'exit-on-run' } : {}),
    });
    try {
      const motions = throws3(2, 9);
      const results = await boxesAlone(p, motions);
      motions.forEach((m, i) => {
        sameAnswer(results[i], timeOfImpact(box(1), box(1), m));
      });
    } finally {
      await p.close();
    }
  });

  it('a port that reports its end inside listen removes no healthy worker (one was dropped, never ended)', async () => {
    const ports: { terminated: boolean }[] = [];
    let n = 0;
    const p = new BatchPool({
      workers: 2,
      shared: false,
      spawn: () => inProcess(++n === 2 ? { listen: 'exit' } : {}, ports),
    });
    const id = p.add(box(1));
    const results = await p.timeOfImpact(throws3(50, 3).map((motion) => ({ a: id, b: id, motion })));
    expect(results.filter(isBatchFailure)).toEqual([]);
    await p.close();
    await new Promise((r) => setTimeout(r, 10));
    expect(ports).toHaveLength(3);
    expect(ports.map((s) => s.terminated)).toEqual([true, true, true]);
  });

  it('a shared-memory pool answers turning polygons as the calling thread does (its queries carry a signal)', async () => {
    expect(pool.shared).toBe(true);
    const shapes = [
      cuboid2(0.5, 0.3),
      convexPolygon([0, 0, 1, 0, 0.2, 0.8]),
      rounded(cuboid2(0.3, 0.2), 0.05),
    ];
    const ids = shapes.map((s) => pool.add(s));
    const motions = throws2(24);
    const queries = motions.map((motion, i) => ({ a: ids[i % 3], b: ids[(i + 1) % 3], motion }));
    const results = await pool.timeOfImpact2(queries);
    queries.forEach((_, i) => {
      sameAnswer(results[i], timeOfImpact2(shapes[i % 3], shapes[(i + 1) % 3], motions[i]));
    });
  });
});

describe("Answerer (a worker's side) on messages it cannot take", () => {
  it('an op named on Object.prototype is no operation; a message of the wrong shape is BAD_DATA', () => {
    // (a queue's worker reads its messages from the job engine's store: anything may come)
    const answerer = new Answerer();
    answerer.receive({ type: 'body', id: 1, data: serialize(box(1)) });
    const still = poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]);
    const q = { a: 1, b: 1, motion: { a: [identityPose(), identityPose()], b: [still, still] } };
    for (const op of ['toString', 'constructor', '__proto__', 'nope', 7]) {
      const done = answerer.receive({ type: 'run', job: 0, op, queries: [q] } as never);
      const r = done?.results[0];
      expect(isBatchFailure(r)).toBe(true);
      expect((r as { error: { code: string } }).error.code).toBe('INVALID_OPTION');
    }
    for (const message of [
      null,
      5,
      { type: 'fly' },
      { type: 'run', job: 0, op: 'timeOfImpact', queries: 5 },
      // a stop flag that is no Int32Array of a flag (Atomics threw a TypeError of its own)
      ...['x', null, {}, new Float64Array(1), new Int32Array(0)].map((stop) => ({
        type: 'run',
        job: 0,
        op: 'timeOfImpact',
        queries: [q],
        stop,
      })),
    ]) {
      expect(() => answerer.receive(message as never)).toThrow(FirstTouchError);
      try {
        answerer.receive(message as never);
      } catch (e) {
        expect((e as FirstTouchError).code).toBe('BAD_DATA');
      }
    }
    // a query that is no object fails alone (it was INTERNAL: a property read of null)
    const odd = answerer.receive({ type: 'run', job: 2, op: 'timeOfImpact', queries: [null, q] } as never);
    expect(odd?.results[0]).toEqual({
      error: { code: 'INVALID_OPTION', message: 'query 0 must be an object, got null' },
    });
    // and it answers on
    const done = answerer.receive({ type: 'run', job: 1, op: 'timeOfImpact', queries: [q] } as never);
    expect(isBatchFailure(done?.results[0])).toBe(false);
  });

  it('answers a distance query with options that are no object as the direct call does: refused', () => {
    // they were spread into a new object and answered, where surfaceDistance(a, b, 5) refuses them
    const answerer = new Answerer();
    answerer.receive({ type: 'body', id: 1, data: serialize(box(1)) });
    const poseB = poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]);
    for (const options of [null, 5, 'x', true]) {
      let code = '';
      try {
        surfaceDistance(box(1), box(1), options as never);
      } catch (e) {
        code = (e as FirstTouchError).code;
      }
      expect(code, String(options)).toBe('INVALID_OPTION');
      for (const q of [
        { a: 1, b: 1, options },
        { a: 1, b: 1, poseB, options },
      ]) {
        const r = answerer.receive({ type: 'run', job: 0, op: 'distance', queries: [q] } as never)
          ?.results[0];
        expect((r as { error?: { code: string } }).error?.code, String(options)).toBe(code);
      }
    }
    const fine = answerer.receive({
      type: 'run',
      job: 0,
      op: 'distance',
      queries: [{ a: 1, b: 1, poseB, options: {} }],
    } as never)?.results[0] as { distance: number };
    expect(fine.distance).toBe(surfaceDistance(box(1), box(1), { poseB }).distance);
  });

  it('refuses options that are no object with INVALID_OPTION (null threw a TypeError)', () => {
    for (const options of [null, 5, 'full']) {
      expect(() => new Answerer(options as never)).toThrow(FirstTouchError);
    }
  });
});
