import { type FirstImpactResult, firstImpact } from '@firsttouch/broadphase';
import type { Surface } from '@firsttouch/mesh';
import { type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import { pebble } from '../data.js';
import { formatNumber } from '../harness/format.js';
import { Rng } from '../harness/prng.js';
import type { Row, Scene, SceneContext, SceneResult, Series } from '../harness/scene.js';
import { median } from '../harness/stats.js';
import { type Contender, timeSideBySide } from '../harness/timing.js';
import { type AllPairsImpact, allPairsFirstImpact } from '../peers/all-pairs-toi.js';

const SEED = 0x5eed06;

/** Body counts; counts that also run with overlaps allowed; counts that run the all-pairs loop, and its runs. */
const SIZES = {
  tiny: { counts: [30, 100], overlapping: [100], brute: [30], bruteRuns: 1 },
  quick: { counts: [100, 1000, 10_000], overlapping: [10_000], brute: [100], bruteRuns: 1 },
  full: {
    counts: [100, 1000, 10_000, 100_000],
    overlapping: [100, 1000, 10_000],
    brute: [100],
    bruteRuns: 5,
  },
};

/** A many-body step: one shared pebble mesh, poses at s = 0 and s = 1. */
export interface PebbleStep {
  bodies: Surface[];
  poses0: Pose3[];
  poses1: Pose3[];
  /** Positions drawn (more than n when positions were redrawn to keep the pebbles apart). */
  draws: number;
}

/**
 * The broadphase issue's scene: n pebbles (side 0.04, one shared mesh) at uniform random positions
 * in a cube of side 0.1·n^(1/3) (one pebble per 0.001 of volume), each at a random orientation
 * (uniform axis, angle uniform in [0, 2π)), moving by a random translation (uniform direction,
 * length uniform in [0, 0.3]) while it turns by a random angle uniform in [0, π] about that axis.
 * With `apart`, a position whose pebble's bounding sphere (radius 0.02·√3) would meet an earlier
 * one's is drawn again, so no two pebbles touch at s = 0; without it, some pairs overlap from the
 * start and the first impact is at s = 0.
 */
export function pebbleStep(n: number, rng: Rng, apart: boolean): PebbleStep {
  const shape = pebble();
  const side = 0.1 * Math.cbrt(n);
  const radius = 0.02 * Math.sqrt(3);
  const cell = 2 * radius;
  const m = Math.max(1, Math.ceil(side / cell));
  const grid = new Map<number, number[]>();
  const centres: number[][] = [];
  const cellOf = (x: number) => Math.min(m - 1, Math.max(0, Math.floor(x / cell)));
  const clear = (c: number[]): boolean => {
    const g = c.map(cellOf);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          const x = g[0] + dx;
          const y = g[1] + dy;
          const z = g[2] + dz;
          if (x < 0 || y < 0 || z < 0 || x >= m || y >= m || z >= m) continue;
          for (const k of grid.get((x * m + y) * m + z) ?? []) {
            const o = centres[k];
            if (Math.hypot(o[0] - c[0], o[1] - c[1], o[2] - c[2]) < 2 * radius) return false;
          }
        }
      }
    }
    return true;
  };
  const bodies: Surface[] = [];
  const poses0: Pose3[] = [];
  const poses1: Pose3[] = [];
  let draws = 0;
  for (let i = 0; i < n; i++) {
    let c: number[];
    do {
      draws++;
      c = [rng.uniform(0, side), rng.uniform(0, side), rng.uniform(0, side)];
    } while (apart && !clear(c));
    const key = (cellOf(c[0]) * m + cellOf(c[1])) * m + cellOf(c[2]);
    const list = grid.get(key);
    if (list) list.push(i);
    else grid.set(key, [i]);
    centres.push(c);
    const axis = rng.unitVector3();
    const a0 = rng.uniform(0, 2 * Math.PI);
    const turn = rng.uniform(0, Math.PI);
    const u = rng.unitVector3();
    const len = rng.uniform(0, 0.3);
    bodies.push(shape);
    poses0.push(poseFromAxisAngle(axis, a0, c));
    poses1.push(
      poseFromAxisAngle(axis, a0 + turn, [c[0] + len * u[0], c[1] + len * u[1], c[2] + len * u[2]]),
    );
  }
  return { bodies, poses0, poses1, draws };
}

/** Rounds of the growth timed in alternation. */
const GROWTH_ROUNDS = 9;

/**
 * The growth of `firstImpact`'s time from 10⁴ to 10⁵ pebbles with the two sizes' calls in turn
 * (which goes first alternating round by round, one unrecorded call of each first): each round's
 * ratio is taken seconds apart, so a change of the machine's speed between rounds cancels in it, as
 * `pairedRatio` (harness/timing.ts) does for a peer.
 */
function pairedGrowth(
  small: PebbleStep,
  large: PebbleStep,
  ctx: SceneContext,
): { median: number; low: number; high: number; rounds: number } {
  ctx.log('many: 10⁴ and 10⁵ pebbles in turn, for the growth');
  const call = (s: PebbleStep) => () => firstImpact(s.bodies, s.poses0, s.poses1).toi;
  const t = timeSideBySide(
    [
      { name: 'small', queries: 1, batch: call(small), warmup: 1, runs: GROWTH_ROUNDS },
      { name: 'large', queries: 1, batch: call(large), warmup: 1, runs: GROWTH_ROUNDS },
    ],
    ctx.timing,
  );
  const s = t.get('small')!.runsMs;
  const l = t.get('large')!.runsMs;
  const ratios = l.map((x, r) => x / s[r]).sort((a, b) => a - b);
  const at = (q: number) => ratios[Math.round(q * (ratios.length - 1))];
  return { median: median(ratios), low: at(0.25), high: at(0.75), rounds: ratios.length };
}

/**
 * Many bodies: `firstImpact` (sweep-and-prune on swept boxes, the 4-D box test, then certified
 * times of impact in the order of their lower bounds) on n pebbles, n = 10² … 10⁵; time, candidate
 * pairs and pairs tested; the all-pairs loop (timeOfImpact on every pair) at n = 10², which must give
 * the same toi and pair bit for bit.
 */
export const manyScene: Scene = {
  name: 'many',
  title: 'Many bodies: the first impact among n pebbles',
  run(ctx: SceneContext): SceneResult {
    const size = SIZES[ctx.size];
    const rows: Row[] = [];
    const figures: Record<string, number> = {};
    const notes: string[] = [];
    const apartSeries: Series = { name: 'firstImpact, pebbles apart at s = 0', points: [] };
    const overlapSeries: Series = { name: 'firstImpact, overlaps allowed', points: [] };
    const bruteSeries: Series = { name: 'all-pairs loop', points: [] };
    const variants = [
      { key: 'apart', apart: true, label: 'apart at s = 0', series: apartSeries, counts: size.counts },
      {
        key: 'overlap',
        apart: false,
        label: 'overlaps allowed',
        series: overlapSeries,
        counts: size.overlapping,
      },
    ];
    // The steps of 10⁴ and 10⁵ pebbles apart, kept for the growth timed in alternation below.
    const kept = new Map<number, PebbleStep>();
    for (const v of variants) {
      for (const n of v.counts) {
        ctx.log(`many: ${n} pebbles, ${v.label}`);
        const step = pebbleStep(n, new Rng(SEED + n), v.apart);
        if (v.apart && (n === 10_000 || n === 100_000)) kept.set(n, step);
        const result: FirstImpactResult = firstImpact(step.bodies, step.poses0, step.poses1);
        const contenders: Contender[] = [
          {
            name: 'firstImpact',
            queries: 1,
            batch: () => firstImpact(step.bodies, step.poses0, step.poses1).toi,
            // The largest scene takes seconds a call: the median of 5 runs after one warm-up.
            ...(n >= 100_000 ? { warmup: 1, runs: 5 } : {}),
          },
        ];
        const t = timeSideBySide(contenders, ctx.timing).get('firstImpact')!;
        let brute: AllPairsImpact | undefined;
        let bruteUs: number | null = null;
        let bruteRuns = 0;
        if (v.apart && size.brute.includes(n)) {
          ctx.log(`many: ${n} pebbles, the all-pairs loop`);
          const bt = timeSideBySide(
            [
              {
                name: 'brute',
                queries: 1,
                batch: () => {
                  brute = allPairsFirstImpact(step.bodies, step.poses0, step.poses1, result.tolerance);
                  return brute.toi;
                },
                warmup: 0,
                runs: size.bruteRuns,
              },
            ],
            ctx.timing,
          ).get('brute')!;
          bruteUs = bt.perQueryUs;
          bruteRuns = bt.runsMs.length;
          bruteSeries.points.push([n, bt.batchMs]);
        }
        const b = brute as AllPairsImpact | undefined;
        const same =
          b !== undefined &&
          b.toi === result.toi &&
          b.status === result.status &&
          b.pair?.[0] === result.pair?.[0] &&
          b.pair?.[1] === result.pair?.[1];
        const key = `${v.key}.${n}`;
        v.series.points.push([n, t.batchMs]);
        Object.assign(figures, {
          [`${key}.ms`]: t.batchMs,
          [`${key}.toi`]: result.toi,
          [`${key}.candidates`]: result.candidates,
          [`${key}.tested`]: result.tested,
          [`${key}.pairI`]: result.pair?.[0] ?? -1,
          [`${key}.pairJ`]: result.pair?.[1] ?? -1,
          [`${key}.draws`]: step.draws,
        });
        if (b) {
          figures[`${key}.bruteMs`] = (bruteUs ?? Number.NaN) / 1000;
          figures[`${key}.bruteSame`] = same ? 1 : 0;
          figures[`${key}.bruteToi`] = b.toi;
        }
        rows.push({
          scene: 'many',
          case: `${n} pebbles, ${v.label}`,
          firsttouch: t.perQueryUs,
          peer: b ? 'all-pairs loop (timeOfImpact)' : '—',
          peerTime: bruteUs,
          extra: {
            ms: t.batchMs,
            status: result.status,
            toi: result.toi.toFixed(6),
            pair: result.pair ? result.pair.join('–') : 'none',
            candidates: result.candidates,
            tested: result.tested,
            'all pairs': (n * (n - 1)) / 2,
            ...(b ? { 'brute same toi and pair': same ? 'yes' : 'NO', 'brute runs': bruteRuns } : {}),
          },
        });
      }
    }
    const at = (k: number) => figures[`apart.${k}.ms`];
    if (at(10_000) !== undefined && at(100_000) !== undefined) {
      figures.growth4to5 = at(100_000) / at(10_000);
      const paired = pairedGrowth(kept.get(10_000)!, kept.get(100_000)!, ctx);
      figures.growth4to5Paired = paired.median;
      notes.push(
        `From 10⁴ to 10⁵ pebbles the time grows ${formatNumber(figures.growth4to5)}× between the rows above (each size timed on its own, seconds apart) and ${formatNumber(paired.median)}× (quartiles ${formatNumber(paired.low)}–${formatNumber(paired.high)}) with the two sizes' calls in turn, ${paired.rounds} rounds, the median of each round's ratio (issue #30: at most 10×; the rows' growth moves with the machine's speed between the two sizes' runs, the paired one does not); candidates ${formatNumber(figures['apart.100000.candidates'] / figures['apart.10000.candidates'])}×, pairs tested ${formatNumber(figures['apart.100000.tested'] / figures['apart.10000.tested'])}×.`,
      );
    }
    notes.push(
      'Pebbles "apart" are redrawn where their bounding spheres would meet at s = 0, so the first impact is a real one; with overlaps allowed (the issue\'s draw taken literally) some pairs touch at s = 0 and the answer is InitialContact at 0.',
    );
    return {
      rows,
      plots: [
        {
          file: 'many-bodies.svg',
          title: 'firstImpact on n pebbles: time of one call',
          xLabel: 'pebbles n',
          yLabel: 'ms per call (median)',
          series: [apartSeries, overlapSeries, bruteSeries].filter((s) => s.points.length > 0),
          logX: true,
          logY: true,
        },
      ],
      figures,
      notes,
    };
  },
};
