import { firstImpact } from '@firsttouch/broadphase';
import { box, icosphere, type Surface } from '@firsttouch/mesh';
import { type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import { type ImpactEvent, StepStatus, World } from '@firsttouch/world';
import { pebble } from '../data.js';
import { alternatedRatio, cpuMs, timeAlternated } from '../harness/alternated.js';
import { formatNumber } from '../harness/format.js';
import { Rng } from '../harness/prng.js';
import type { Row, Scene, SceneContext, SceneResult } from '../harness/scene.js';
import { median } from '../harness/stats.js';
import { nowMs } from '../harness/timing.js';
import { planckWorldRows } from './world-planck.js';

const SEED = 0x5eed27;

/**
 * Pebbles of the coherent scene, its steps a batch and its timed rounds; bodies of the bounce scene, its steps timed
 * after its warm-up steps; bullets and steps of the 2-D scene beside planck's world.
 */
const SIZES = {
  tiny: {
    pebbles: 300,
    batch: 2,
    rounds: 2,
    bouncers: 60,
    bounceSteps: 10,
    bounceWarmup: 2,
    bullets: 10,
    bulletSteps: 30,
  },
  quick: {
    pebbles: 10_000,
    batch: 5,
    rounds: 12,
    bouncers: 1000,
    bounceSteps: 20,
    bounceWarmup: 5,
    bullets: 40,
    bulletSteps: 300,
  },
  full: {
    pebbles: 10_000,
    batch: 5,
    rounds: 24,
    bouncers: 1000,
    bounceSteps: 120,
    bounceWarmup: 20,
    bullets: 40,
    bulletSteps: 300,
  },
};

/** The period of the coherent motion, in steps. */
const PERIOD = 100;

/**
 * The coherent scene: n pebbles (side 0.04, one mesh) on a lattice of spacing 0.1 (jittered by
 * ±0.003), each going round a circle of radius 0.01 while it turns about its own axis, one turn in
 * 100 steps: every pebble moves a little every step (about 6·10⁻⁴, 1.5 % of its side), none ever
 * touches another. The poses of the 100 steps, 12 numbers a pebble, in one array.
 */
function coherentScene(n: number, rng: Rng) {
  const m = Math.ceil(Math.cbrt(n));
  const frames = new Float64Array(12 * n * PERIOD);
  for (let i = 0; i < n; i++) {
    const x = i % m;
    const y = Math.floor(i / m) % m;
    const z = Math.floor(i / (m * m));
    const c = [0.1 * x + rng.uniform(-0.003, 0.003), 0.1 * y + rng.uniform(-0.003, 0.003), 0.1 * z];
    const axis = rng.unitVector3();
    const phase = rng.uniform(0, 2 * Math.PI);
    for (let k = 0; k < PERIOD; k++) {
      const a = phase + (2 * Math.PI * k) / PERIOD;
      const p = poseFromAxisAngle(axis, a, [c[0] + 0.01 * Math.cos(a), c[1] + 0.01 * Math.sin(a), c[2]]);
      const o = 12 * (k * n + i);
      frames.set(p.R, o);
      frames.set(p.t, o + 9);
    }
  }
  return frames;
}

/** Writes step k's poses (k taken round the period) into `out`. */
function fill(frames: Float64Array, n: number, k: number, out: Pose3[]): void {
  const base = 12 * n * (k % PERIOD);
  for (let i = 0; i < n; i++) {
    const o = base + 12 * i;
    const p = out[i];
    for (let a = 0; a < 9; a++) p.R[a] = frames[o + a];
    p.t[0] = frames[o + 9];
    p.t[1] = frames[o + 10];
    p.t[2] = frames[o + 11];
  }
}

const newPoses = (n: number): Pose3[] =>
  Array.from({ length: n }, () => ({ R: new Float64Array(9), t: new Float64Array(3) }));

/**
 * The persistent world against a fresh `firstImpact` every step, on the coherent scene: both walk
 * the same steps (each its own step counter, round the period); a batch is a few steps. The world's
 * step is the user's whole step: a target for every body (`setTargets` on the stored numbers), then
 * `step()`.
 */
function coherentRun(
  ctx: SceneContext,
  n: number,
  batchSteps: number,
  rounds: number,
  rows: Row[],
  figures: Record<string, number>,
) {
  const rng = new Rng(SEED);
  ctx.log(`world: ${n} pebbles, the coherent scene`);
  const frames = coherentScene(n, rng);
  const shape = pebble();
  const bodies: Surface[] = new Array(n).fill(shape);
  const world = new World();
  const start = newPoses(n);
  fill(frames, n, 0, start);
  for (let i = 0; i < n; i++) world.add(shape, { pose: start[i], shared: true });
  // correctness first: at every step of a period, the world's first impact is broadphase's
  let same = 0;
  {
    const p0 = newPoses(n);
    const p1 = newPoses(n);
    for (let k = 0; k < PERIOD; k++) {
      fill(frames, n, k, p0);
      fill(frames, n, k + 1, p1);
      for (let i = 0; i < n; i++) world.setTarget(i, p1[i]);
      const w = world.firstImpact();
      const f = firstImpact(bodies, p0, p1);
      if (
        w.status === f.status &&
        Object.is(w.toi, f.toi) &&
        w.candidates === f.candidates &&
        w.tested === f.tested
      )
        same++;
      world.step();
    }
  }
  const swaps0 = world.counters.swaps;
  let kWorld = 0;
  let kFresh = 0;
  // the world takes the targets as they are stored, 12 numbers a body (setTargets reads them in
  // place); the fresh call takes pose objects, filled from the same numbers
  const ids = Uint32Array.from({ length: n }, (_, i) => i);
  const f0 = newPoses(n);
  const f1 = newPoses(n);
  // (alternating rounds, a full collection before each batch, CPU time: the fresh call's time
  // beside the world otherwise carried the world's garbage, or the lack of it; world DECISIONS.md)
  const t = timeAlternated(
    [
      {
        name: 'world',
        queries: batchSteps,
        batch: () => {
          let sum = 0;
          for (let s = 0; s < batchSteps; s++, kWorld++) {
            const base = 12 * n * ((kWorld + 1) % PERIOD);
            world.setTargets(ids, frames.subarray(base, base + 12 * n));
            sum += world.step().events.length;
          }
          return sum;
        },
      },
      {
        name: 'fresh',
        queries: batchSteps,
        batch: () => {
          let sum = 0;
          for (let s = 0; s < batchSteps; s++, kFresh++) {
            fill(frames, n, kFresh, f0);
            fill(frames, n, kFresh + 1, f1);
            sum += firstImpact(bodies, f0, f1).toi;
          }
          return sum;
        },
      },
    ],
    ctx.timing.warmup + 1,
    rounds,
  );
  const tw = t.get('world')!;
  const tf = t.get('fresh')!;
  const ratio = alternatedRatio(tf, tw, 'cpu');
  const wallRatio = alternatedRatio(tf, tw, 'wall');
  const worldMs = median(tw.cpuMs) / batchSteps;
  const freshMs = median(tf.cpuMs) / batchSteps;
  const swapsPerStep = (world.counters.swaps - swaps0) / Math.max(1, kWorld);
  Object.assign(figures, {
    'coherent.n': n,
    'coherent.worldMsPerStep': worldMs,
    'coherent.freshMsPerStep': freshMs,
    'coherent.ratio': ratio,
    'coherent.wallRatio': wallRatio,
    'coherent.ratioLow': Math.min(...tf.cpuMs.map((x, r) => x / tw.cpuMs[r])),
    'coherent.ratioHigh': Math.max(...tf.cpuMs.map((x, r) => x / tw.cpuMs[r])),
    'coherent.sameSteps': same,
    'coherent.swapsPerStep': swapsPerStep,
    'coherent.checksum': tw.checksum + tf.checksum,
  });
  rows.push({
    scene: 'world',
    case: `${n} pebbles moving a little, a step (CPU time)`,
    firsttouch: 1000 * worldMs,
    peer: 'fresh firstImpact every step',
    peerTime: 1000 * freshMs,
    pairedRatio: ratio,
    extra: {
      'world ms/step': formatNumber(worldMs),
      'fresh ms/step': formatNumber(freshMs),
      'rounds: fresh / world': `${formatNumber(figures['coherent.ratioLow'])}–${formatNumber(figures['coherent.ratioHigh'])}, wall clock ${formatNumber(wallRatio)}`,
      'same first impact': `${same}/${PERIOD} steps`,
      'swaps/step': Math.round(swapsPerStep),
    },
  });
}

/**
 * The bounce scene: n bodies (pebbles and balls of radius 0.02) in a closed room of thin static
 * walls (one body per 0.001 of volume), each at a random speed up to `maxSpeed` (2: a step of 1/60
 * moves a body up to 1/30, most of its size; 0.5: up to a quarter of it) in a random direction, spinning, at 60 steps a second. The callback is an elastic bounce (equal
 * masses; off a wall, the normal velocity reverses). Times each step; counts impacts and bodies
 * found outside the room (a pass-through of a wall).
 */
function bounceRun(
  ctx: SceneContext,
  maxSpeed: number,
  n: number,
  steps: number,
  warmup: number,
  rows: Row[],
  figures: Record<string, number>,
) {
  const rng = new Rng(SEED + 1);
  ctx.log(`world: ${n} bodies bouncing at speeds up to ${maxSpeed}, ${steps} steps`);
  const key = `bounce${maxSpeed}`;
  const half = 0.05 * Math.cbrt(n);
  const world = new World();
  const wallX = box([0.004, 2 * half, 2 * half]);
  const wallY = box([2 * half, 0.004, 2 * half]);
  const wallZ = box([2 * half, 2 * half, 0.004]);
  const dynamic = new Set<number>();
  for (const [b, c] of [
    [wallX, [-half, 0, 0]],
    [wallX, [half, 0, 0]],
    [wallY, [0, -half, 0]],
    [wallY, [0, half, 0]],
    [wallZ, [0, 0, -half]],
    [wallZ, [0, 0, half]],
  ] as const) {
    world.add(b, { pose: poseFromAxisAngle([0, 0, 1], 0, c), kind: 'static', shared: true });
  }
  const shapes = [pebble(), icosphere(0.02, 1)];
  const velocity = new Map<number, number[]>();
  const spin = new Map<number, { axis: number[]; rate: number }>();
  const m = Math.ceil(Math.cbrt(n));
  const cell = (2 * half - 0.1) / m;
  for (let k = 0; k < n; k++) {
    const c = [k % m, Math.floor(k / m) % m, Math.floor(k / (m * m))].map(
      (q) => -half + 0.05 + cell * (q + 0.5) + rng.uniform(-0.1, 0.1) * cell,
    );
    const id = world.add(shapes[k % 2], {
      pose: poseFromAxisAngle(rng.unitVector3(), rng.uniform(0, 6), c),
      shared: true,
    });
    dynamic.add(id);
    const speed = rng.uniform(0, maxSpeed);
    velocity.set(
      id,
      rng.unitVector3().map((x) => x * speed),
    );
    spin.set(id, { axis: rng.unitVector3(), rate: rng.uniform(0, 10) });
  }
  const dt = 1 / 60;
  const onImpact = (e: ImpactEvent, w: World): void => {
    const left = (1 - e.toi) * dt;
    const nrm = e.normal;
    if (!(left > 0) || !Number.isFinite(nrm[0])) return;
    const v = e.ids.map((id) => velocity.get(id) ?? [0, 0, 0]);
    const closing =
      (v[0][0] - v[1][0]) * nrm[0] + (v[0][1] - v[1][1]) * nrm[1] + (v[0][2] - v[1][2]) * nrm[2];
    if (!(closing > 0)) return;
    const both = dynamic.has(e.ids[0]) && dynamic.has(e.ids[1]);
    e.ids.forEach((id, side) => {
      if (!dynamic.has(id)) return;
      const share = both ? 1 : 2;
      const sign = side === 0 ? -1 : 1;
      const nv = v[side].map((x, a) => x + sign * share * closing * nrm[a]);
      velocity.set(id, nv);
      const p = w.pose(id);
      const t = w.target(id) ?? p;
      w.setTarget(id, { R: t.R, t: [0, 1, 2].map((a) => p.t[a] + nv[a] * left) });
    });
  };
  // a step's time with the scene's own work (its targets built and set) and step() alone, which
  // includes the callback (the scene's velocity maps, a few % of it)
  const times: number[] = [];
  const stepTimes: number[] = [];
  const cpuTimes: number[] = [];
  const cpuStepTimes: number[] = [];
  const impacts: number[] = [];
  let capped = 0;
  let searches = 0;
  // The targets as an engine's integrator writes them: each body's turn over a step (its spin is
  // constant: computed once) times its pose, its position plus its velocity times dt, into one flat
  // array given to setTargets (12 numbers a body, read in place), as the coherent scene gives them.
  // (Until 2026-12-02 each body's target was a new object for setTarget, with its turn computed
  // anew each step: the same numbers, 1–3 ms more a step; the bench README has both.)
  const ids = Uint32Array.from(dynamic);
  const turns = Array.from(ids, (id) => poseFromAxisAngle(spin.get(id)!.axis, spin.get(id)!.rate * dt).R);
  const frames = new Float64Array(12 * ids.length);
  for (let s = 0; s < warmup + steps; s++) {
    const t0 = nowMs();
    const c0 = cpuMs();
    for (let k = 0; k < ids.length; k++) {
      const p = world.pose(ids[k]);
      const v = velocity.get(ids[k])!;
      const q = turns[k];
      const o = 12 * k;
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++)
          frames[o + 3 * i + j] = q[3 * i] * p.R[j] + q[3 * i + 1] * p.R[3 + j] + q[3 * i + 2] * p.R[6 + j];
      for (let a = 0; a < 3; a++) frames[o + 9 + a] = p.t[a] + v[a] * dt;
    }
    world.setTargets(ids, frames);
    const t1 = nowMs();
    const c1 = cpuMs();
    const r = world.step(onImpact);
    const t2 = nowMs();
    const c2 = cpuMs();
    const ms = t2 - t0;
    if (s >= warmup) searches += r.searches;
    if (r.status !== StepStatus.Complete) capped++;
    if (s >= warmup) {
      times.push(ms);
      stepTimes.push(t2 - t1);
      cpuTimes.push(c2 - c0);
      cpuStepTimes.push(c2 - c1);
      impacts.push(r.events.length);
    }
  }
  // the walls' inner faces are at ±(half − 0.002): a body whose origin is outside went through one
  let outside = 0;
  for (const id of dynamic) {
    const p = world.pose(id).t;
    if (Math.max(Math.abs(p[0]), Math.abs(p[1]), Math.abs(p[2])) > half - 0.002) outside++;
  }
  const stepMs = median(times);
  const stepOnlyMs = median(stepTimes);
  const meanImpacts = impacts.reduce((a, b) => a + b, 0) / impacts.length;
  Object.assign(figures, {
    [`${key}.n`]: n,
    [`${key}.stepMs`]: stepMs,
    [`${key}.stepOnlyMs`]: stepOnlyMs,
    [`${key}.cpuStepMs`]: median(cpuTimes),
    [`${key}.cpuStepOnlyMs`]: median(cpuStepTimes),
    [`${key}.p90StepMs`]: [...times].sort((a, b) => a - b)[Math.floor(0.9 * (times.length - 1))],
    [`${key}.impactsPerStep`]: meanImpacts,
    [`${key}.maxImpacts`]: Math.max(...impacts),
    [`${key}.outside`]: outside,
    [`${key}.capped`]: capped,
    [`${key}.searchesPerStep`]: searches / steps,
  });
  rows.push({
    scene: 'world',
    case: `${n} bodies bouncing (speeds ≤ ${maxSpeed}), 60 steps/s, a step`,
    firsttouch: stepMs * 1000,
    peer: '—',
    peerTime: null,
    extra: {
      'median ms/step': formatNumber(stepMs),
      'step() alone, median ms': formatNumber(stepOnlyMs),
      'CPU ms: step, step() alone': `${formatNumber(median(cpuTimes))}, ${formatNumber(median(cpuStepTimes))}`,
      'impacts/step': formatNumber(meanImpacts),
      'max impacts': Math.max(...impacts),
      'outside the room': outside,
      steps,
    },
  });
}

/**
 * The world of `@firsttouch/world`: its step on sorted lists kept across steps against a fresh
 * `firstImpact` every step (the coherent scene), the continuous step with a bounce callback, and in
 * 2-D bullets through thin walls beside planck's world.
 */
export const worldScene: Scene = {
  name: 'world',
  title: 'World: persistent bodies and the continuous step',
  run(ctx: SceneContext): SceneResult {
    const size = SIZES[ctx.size];
    const rows: Row[] = [];
    const figures: Record<string, number> = {};
    coherentRun(ctx, size.pebbles, size.batch, size.rounds, rows, figures);
    const notes = [
      `Coherent scene: a fresh firstImpact takes ${formatNumber(figures['coherent.ratio'])}× the time of the world's step (targets set, then step()) on the same step (goal: at least 4×; the median over ${size.rounds} alternating rounds of ${size.batch} steps, CPU time, a full collection before each batch; the rounds read ${formatNumber(figures['coherent.ratioLow'])}–${formatNumber(figures['coherent.ratioHigh'])}, the wall clock ${formatNumber(figures['coherent.wallRatio'])}×); the world's first impact equalled broadphase's at ${figures['coherent.sameSteps']} of ${PERIOD} steps.`,
    ];
    for (const speed of [2, 0.5]) {
      bounceRun(ctx, speed, size.bouncers, size.bounceSteps, size.bounceWarmup, rows, figures);
      const k = `bounce${speed}`;
      notes.push(
        `Bounce scene, speeds ≤ ${speed}: ${formatNumber(figures[`${k}.stepMs`])} ms a step with the scene's targets built and set (median; goal under 16 ms), ${formatNumber(figures[`${k}.stepOnlyMs`])} ms in step() alone (its callback included); in CPU time ${formatNumber(figures[`${k}.cpuStepMs`])} and ${formatNumber(figures[`${k}.cpuStepOnlyMs`])} ms; ${formatNumber(figures[`${k}.impactsPerStep`])} impacts and ${formatNumber(figures[`${k}.searchesPerStep`])} searches a step, ${figures[`${k}.outside`]} bodies outside the room after ${size.bounceWarmup + size.bounceSteps} steps.`,
      );
    }
    notes.push(planckWorldRows(ctx, size.bullets, size.bulletSteps, rows, figures));
    return { rows, plots: [], figures, notes };
  },
};
