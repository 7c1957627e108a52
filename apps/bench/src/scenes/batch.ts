import { Worker } from 'node:worker_threads';
import { BatchPool, isBatchFailure } from '@firsttouch/batch';
import { timeOfImpact } from '@firsttouch/ccd';
import { box, Surface, type SurfaceData, serialize, surfaceDistance } from '@firsttouch/mesh';
import { type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import { demoBunny } from '../data.js';
import { Rng } from '../harness/prng.js';
import type { Row, Scene, SceneContext, SceneResult } from '../harness/scene.js';
import { median } from '../harness/stats.js';
import { nowMs } from '../harness/timing.js';

const SEED = 0xba7c4;

/** Queries of the pool batch, its timed rounds, and the subdivision of the serialized box (6·2·n² facets). */
const SIZES = {
  tiny: { queries: 16, rounds: 1, boxN: 20, serialRounds: 1 },
  quick: { queries: 200, rounds: 3, boxN: 129, serialRounds: 3 },
  full: { queries: 1000, rounds: 5, boxN: 289, serialRounds: 5 },
};

/**
 * `n` throws of bunny·0.6 at the bunny: from 1.2·d (d a seeded random direction, the start clear of
 * A) offset sideways by up to 0.15, through near A's origin, to −1.2·d, turning a quarter turn about
 * a seeded axis. Almost all touch; the offsets make each query's steps different.
 */
export function bunnyThrows(n: number, rng: Rng): Array<[Pose3, Pose3]> {
  const out: Array<[Pose3, Pose3]> = [];
  for (let i = 0; i < n; i++) {
    const d = rng.unitVector3();
    const o = [rng.uniform(-0.15, 0.15), rng.uniform(-0.15, 0.15), rng.uniform(-0.15, 0.15)];
    const axis = rng.unitVector3();
    out.push([
      poseFromAxisAngle(axis, 0, [1.2 * d[0] + o[0], 1.2 * d[1] + o[1], 1.2 * d[2] + o[2]]),
      poseFromAxisAngle(axis, Math.PI / 2, [-1.2 * d[0] + o[0], -1.2 * d[1] + o[1], -1.2 * d[2] + o[2]]),
    ]);
  }
  return out;
}

/** Fields that differ between two answers (numbers by Object.is, typed arrays element by element). */
function differs(got: unknown, want: unknown): boolean {
  if (typeof want === 'number') return !Object.is(got, want);
  if (ArrayBuffer.isView(want)) {
    const w = want as unknown as ArrayLike<number>;
    const g = got as ArrayLike<number>;
    if (!ArrayBuffer.isView(got) || g.length !== w.length) return true;
    for (let i = 0; i < w.length; i++) if (!Object.is(g[i], w[i])) return true;
    return false;
  }
  if (typeof want === 'object' && want !== null) {
    if (typeof got !== 'object' || got === null) return true;
    const keys = Object.keys(want);
    if (Object.keys(got).length !== keys.length) return true;
    return keys.some((k) =>
      differs((got as Record<string, unknown>)[k], (want as Record<string, unknown>)[k]),
    );
  }
  return got !== want;
}

/** The pool against one thread on the same batch, rounds alternating which goes first. */
async function poolRounds(ctx: SceneContext, rows: Row[], figures: Record<string, number>, notes: string[]) {
  const size = SIZES[ctx.size];
  const a = demoBunny();
  const b = a.scale(0.6);
  a.tree();
  b.tree();
  const motions = bunnyThrows(size.queries, new Rng(SEED));
  const still = [poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 0)] as [Pose3, Pose3];
  const pool = new BatchPool({ workers: 2 });
  try {
    const ia = pool.add(a);
    const ib = pool.add(b);
    const queries = motions.map((m) => ({ a: ia, b: ib, motion: { a: still, b: m } }));
    const sequential = () => motions.map((m) => timeOfImpact(a, b, { a: still, b: m }));
    // Warm-up: one batch each (the workers' JIT and trees' lazy volumes, the main thread's).
    ctx.log(`batch: ${size.queries} bunny × bunny·0.6 queries, warm-up`);
    const want = sequential();
    const got = await pool.timeOfImpact(queries);
    figures['pool.mismatches'] = got.filter((r, i) => isBatchFailure(r) || differs(r, want[i])).length;
    figures['pool.contacts'] = want.filter((r) => r.status === 'contact').length;
    const seqMs: number[] = [];
    const poolMs: number[] = [];
    const ratios: number[] = [];
    for (let r = 0; r < size.rounds; r++) {
      let s = 0;
      let p = 0;
      for (const side of r % 2 === 0 ? ['seq', 'pool'] : ['pool', 'seq']) {
        const t0 = nowMs();
        if (side === 'seq') sequential();
        else await pool.timeOfImpact(queries);
        const dt = nowMs() - t0;
        if (side === 'seq') s = dt;
        else p = dt;
      }
      seqMs.push(s);
      poolMs.push(p);
      ratios.push(s / p);
      ctx.log(`batch: round ${r + 1}: one thread ${s.toFixed(0)} ms, 2 workers ${p.toFixed(0)} ms`);
    }
    figures['pool.seqMs'] = median(seqMs);
    figures['pool.poolMs'] = median(poolMs);
    figures['pool.speedup'] = median(ratios);
    rows.push({
      scene: 'batch',
      case: `${size.queries} bunny × bunny·0.6 toi`,
      firsttouch: (1000 * median(poolMs)) / size.queries,
      peer: 'one thread (sequential timeOfImpact)',
      peerTime: (1000 * median(seqMs)) / size.queries,
      pairedRatio: median(ratios),
      extra: { 'bit-for-bit mismatches': figures['pool.mismatches'], contacts: figures['pool.contacts'] },
    });
    notes.push(
      'batch: firsttouch is BatchPool({workers: 2}).timeOfImpact on the whole batch (bodies added once, outside the timing); the ratio is one thread over the pool, the median of the rounds.',
    );
  } finally {
    await pool.close();
  }
}

/** A worker thread running the deserialize side, and a way to await its next message. */
function reader(): { worker: Worker; next: () => Promise<{ type: string; [k: string]: unknown }> } {
  const worker = new Worker(new URL('../workers/deserialize.mjs', import.meta.url));
  const next = () =>
    new Promise<{ type: string; [k: string]: unknown }>((resolve, reject) => {
      const onMessage = (m: { type: string; [k: string]: unknown }) => {
        worker.off('error', onError);
        resolve(m);
      };
      const onError = (e: Error) => {
        worker.off('message', onMessage);
        reject(e);
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
    });
  return { worker, next };
}

/**
 * Serialization of a large surface with its tree, to another thread and read back, against building
 * the tree: the copying paths (transferred, or copied into shared memory) and the body built straight
 * into shared memory (`Surface.fromIndexed(..., {shared: true})`: `serialize` copies nothing and the
 * post shares it), in the same rounds.
 */
async function serialRounds(ctx: SceneContext, rows: Row[], figures: Record<string, number>) {
  const size = SIZES[ctx.size];
  const source = box(1, size.boxN);
  const n = source.facetCount;
  source.tree();
  const inShared = Surface.fromIndexed(source.positions, source.indices, { shared: true });
  inShared.tree();
  const { worker, next } = reader();
  const poseB = poseFromAxisAngle([1, 1, 0], 0.3, [0.6, 0.1, 0.05]);
  try {
    // One of each first, not recorded (the JIT's first pass), with the answer check.
    Surface.fromIndexed(source.positions, source.indices).tree();
    Surface.fromIndexed(source.positions, source.indices, { shared: true }).tree();
    const want = surfaceDistance(source, box(0.05), { poseB });
    let differs = 0;
    for (const [body, check] of [
      [source, 'full'],
      [inShared, 'full'],
      [inShared, 'safety'],
    ] as const) {
      worker.postMessage({ type: 'body', data: serialize(body), check });
      await next();
      worker.postMessage({ type: 'distance', poseB });
      const answer = await next();
      if (!(Object.is(answer.distance, want.distance) && answer.facetA === want.facetA)) differs++;
    }
    figures['serial.answerDiffers'] = differs;
    const build: number[] = [];
    const buildShared: number[] = [];
    const copy: number[] = [];
    const shared: number[] = [];
    const built: number[] = [];
    const builtSafety: number[] = [];
    for (let r = 0; r < size.serialRounds; r++) {
      ctx.log(`batch: serialization of ${n} facets, round ${r + 1}`);
      const fresh = Surface.fromIndexed(source.positions, source.indices);
      const freshShared = Surface.fromIndexed(source.positions, source.indices, { shared: true });
      for (const side of r % 2 === 0 ? [false, true] : [true, false]) {
        const t0 = nowMs();
        (side ? freshShared : fresh).tree();
        (side ? buildShared : build).push(nowMs() - t0);
      }
      let t0 = nowMs();
      const data = serialize(source) as SurfaceData;
      worker.postMessage({ type: 'body', data }, [data.positions.buffer as ArrayBuffer]);
      await next();
      copy.push(nowMs() - t0);
      t0 = nowMs();
      worker.postMessage({ type: 'body', data: serialize(source, { shared: true }) });
      await next();
      shared.push(nowMs() - t0);
      for (const check of r % 2 === 0 ? (['full', 'safety'] as const) : (['safety', 'full'] as const)) {
        t0 = nowMs();
        worker.postMessage({ type: 'body', data: serialize(inShared), check });
        await next();
        (check === 'full' ? built : builtSafety).push(nowMs() - t0);
      }
    }
    const ratios = (times: number[]) => median(times.map((t, r) => build[r] / t));
    figures['serial.facets'] = n;
    figures['serial.buildMs'] = median(build);
    figures['serial.buildSharedMs'] = median(buildShared);
    figures['serial.transferMs'] = median(copy);
    figures['serial.sharedMs'] = median(shared);
    figures['serial.builtSharedMs'] = median(built);
    figures['serial.builtSharedOfBuild'] = median(built.map((t, r) => t / build[r]));
    figures['serial.builtSharedSafetyMs'] = median(builtSafety);
    figures['serial.builtSharedSafetyOfBuild'] = median(builtSafety.map((t, r) => t / build[r]));
    for (const [label, times] of [
      ['serialize, transfer, deserialize in a worker', copy],
      ['serialize into shared memory, post, deserialize in a worker', shared],
      ['built in shared memory: serialize (no copy), post, deserialize in a worker', built],
      [
        "built in shared memory: serialize (no copy), post, deserialize {check: 'safety'} in a worker (the pool's path)",
        builtSafety,
      ],
      ['its tree built in shared memory', buildShared],
    ] as const) {
      rows.push({
        scene: 'batch',
        case: `${n} facets: ${label}`,
        firsttouch: 1000 * median(times),
        peer: 'building its tree (Surface.tree())',
        peerTime: 1000 * median(build),
        pairedRatio: ratios(times),
        extra: { 'answer differs': figures['serial.answerDiffers'] },
      });
    }
  } finally {
    await worker.terminate();
  }
}

/**
 * The scale issue's figures: a batch of bunny × bunny·0.6 time-of-impact queries on a pool of 2
 * workers against one thread (goal ≥ 1.7× on 2 cores), and a surface of about 10⁶ facets with its
 * tree serialized, sent to another thread and read back there, against building its tree (goal
 * under a tenth). Both check the answers: the pool's equal the sequential ones bit for bit, and the
 * copy read in the worker answers a distance query as the original.
 */
export const batchScene: Scene = {
  name: 'batch',
  title: 'Batches on two workers; a large surface sent to another thread',
  async run(ctx: SceneContext): Promise<SceneResult> {
    const rows: Row[] = [];
    const figures: Record<string, number> = {};
    const notes: string[] = [];
    await poolRounds(ctx, rows, figures, notes);
    await serialRounds(ctx, rows, figures);
    notes.push(
      "batch: the serialization rows time, from the main thread, serialize (the tree already built) + postMessage + deserialize in the worker (which checks the tree against the body, or with {check: 'safety'} only what keeps queries safe) until the worker says it is read; the peer column is building the same tree from scratch (in ordinary memory), and the ratio is the median over the rounds of the build over the row (above 10: under a tenth of the build). Times are µs per batch / per surface, not per query.",
    );
    return { rows, plots: [], figures, notes };
  },
};
