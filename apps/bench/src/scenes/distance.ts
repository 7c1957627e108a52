import { Surface } from '@firsttouch/mesh';
import { MeshBVH } from 'three-mesh-bvh';
import { measureDistancePair } from '../cases/distance-pair.js';
import { roomDistance } from '../cases/room-distance.js';
import { pebble, smallBunny, unitBunny } from '../data.js';
import { drawGapPoses } from '../gap-poses.js';
import { Rng } from '../harness/prng.js';
import type { Row, Scene, SceneContext, SceneResult } from '../harness/scene.js';
import { median } from '../harness/stats.js';
import { nowMs, pairedRatio } from '../harness/timing.js';
import { toGeometry } from '../peers/three-mesh-bvh.js';

const SEED = 0x5eed01;

/** Poses per body pair; brute-force poses and runs (the all-pairs loop is too slow for all 100). */
const SIZES = {
  tiny: { poses: 6, brutePebble: 2, bruteBunny: 0, bruteRuns: 1, builds: 1 },
  quick: { poses: 30, brutePebble: 3, bruteBunny: 0, bruteRuns: 1, builds: 20 },
  full: { poses: 100, brutePebble: 20, bruteBunny: 2, bruteRuns: 5, builds: 20 },
};

/**
 * The mesh issue's performance scene: the unit bunny (3 674 facets) against a 48-facet pebble and
 * against a second bunny scaled by 0.6, at seeded poses with gaps in [0, 0.5] and one in ten
 * overlapping; a room of slivers against a robot-like body (issue #33, `cases/room-distance.ts`);
 * then the cost of building the trees.
 */
export const distanceScene: Scene = {
  name: 'distance',
  title: 'Mesh–mesh distance at one instant',
  run(ctx: SceneContext): SceneResult {
    const size = SIZES[ctx.size];
    const bunny = unitBunny();
    const rows: Row[] = [];
    const figures: Record<string, number> = {};
    const notes: string[] = [];
    const bodies = [
      { key: 'pebble', label: 'bunny × pebble', b: pebble(), bruteCount: size.brutePebble },
      { key: 'bunny06', label: 'bunny × bunny·0.6', b: smallBunny(), bruteCount: size.bruteBunny },
    ];
    for (const { key, label, b, bruteCount } of bodies) {
      ctx.log(`distance: ${label}, ${size.poses} poses`);
      const poses = drawGapPoses(bunny, b, new Rng(SEED), { count: size.poses });
      const bruteRuns = key === 'pebble' ? size.bruteRuns : 1;
      const r = measureDistancePair(bunny, b, poses, ctx.timing, { count: bruteCount, runs: bruteRuns });
      const overlapping = poses.filter((p) => p.intersecting).length;
      const common = { poses: poses.length, crossing: overlapping };
      rows.push({
        scene: 'distance',
        case: `${label}: surfaceDistance`,
        firsttouch: r.fresh.perQueryUs,
        peer: 'three-mesh-bvh',
        peerTime: r.three.perQueryUs,
        pairedRatio: pairedRatio(r.three, r.fresh),
        extra: { ...common, 'max abs Δd': r.maxDiffThree, 'facet pairs/query': Math.round(r.facetPairs) },
      });
      rows.push({
        scene: 'distance',
        case: `${label}: SurfacePair reused`,
        firsttouch: r.pair.perQueryUs,
        peer: 'three-mesh-bvh',
        peerTime: r.three.perQueryUs,
        pairedRatio: pairedRatio(r.three, r.pair),
        extra: { ...common, 'differs from fresh': r.pairMismatches },
      });
      if (r.brute) {
        rows.push({
          scene: 'distance',
          case: `${label}: surfaceDistance`,
          firsttouch: r.fresh.perQueryUs,
          peer: 'all facet pairs',
          peerTime: r.brute.perQueryUs,
          extra: {
            'brute poses': r.bruteQueries,
            'brute runs': r.brute.runsMs.length,
            'max abs Δd': r.maxDiffBrute,
            'facet pairs/query': bunny.facetCount * b.facetCount,
          },
        });
      }
      figures[`${key}.maxDiffThree`] = r.maxDiffThree;
      figures[`${key}.maxDiffBrute`] = r.bruteQueries > 0 ? r.maxDiffBrute : Number.NaN;
      figures[`${key}.pairMismatches`] = r.pairMismatches;
      figures[`${key}.crossing`] = overlapping;
      figures[`${key}.minGap`] = Math.min(...r.gaps);
      figures[`${key}.maxGap`] = Math.max(...r.gaps);
      figures[`${key}.freshUs`] = r.fresh.perQueryUs;
      figures[`${key}.pairUs`] = r.pair.perQueryUs;
      figures[`${key}.threeUs`] = r.three.perQueryUs;
      if (r.brute) figures[`${key}.bruteUs`] = r.brute.perQueryUs;
    }
    const roomPair = roomDistance(ctx);
    rows.push(...roomPair.rows);
    Object.assign(figures, roomPair.figures);
    notes.push(...roomPair.notes);
    rows.push(treeBuildRow(bunny, size.builds, ctx));
    figures.treeBuildFirsttouchUs = rows[rows.length - 1].firsttouch ?? Number.NaN;
    figures.treeBuildThreeUs = rows[rows.length - 1].peerTime ?? Number.NaN;
    notes.push(
      'Poses: A (the unit bunny) at the identity; B at a uniform random rotation, walked in along a uniform random direction to a gap uniform in [0, 0.5]; every 10th pose pushed 10–50 % of B’s box diagonal past contact.',
      'three-mesh-bvh stores positions in float32 (coordinates rounded to 24 bits, about 3e-8 on these unit-size bodies): its distances differ from the float64 ones by that rounding (max abs Δd).',
    );
    return { rows, plots: [], figures, notes };
  },
};

/**
 * Building the tree of the bunny: firsttouch's `Surface.tree()` against three-mesh-bvh's
 * `new MeshBVH(geometry)`, each on inputs made outside the timed region (as the trees scene times
 * them); and each library's whole path from the mesh's arrays, `Surface.fromIndexed(...).tree()`
 * (its validation and copy) against `new MeshBVH(toGeometry(...))` (three.js's attributes). Each
 * round times a batch of `builds` of each of the four, the order turning round by round; the
 * ratios are the medians of the rounds' ratios.
 */
function treeBuildRow(bunny: Surface, builds: number, ctx: SceneContext): Row {
  ctx.log('distance: tree build');
  const positions = bunny.positions;
  const indices = bunny.indices;
  let sink = 0;
  // Each kind: its inputs (made untimed, `builds` of them) and the timed work on them.
  const kinds: Array<{ prepare: () => unknown[]; build: (input: unknown) => number }> = [
    {
      prepare: () => Array.from({ length: builds }, () => Surface.fromIndexed(positions, indices)),
      build: (s) => (s as Surface).tree().nodeCount,
    },
    {
      prepare: () => Array.from({ length: builds }, () => toGeometry(bunny)),
      build: (g) => new MeshBVH(g as ReturnType<typeof toGeometry>).geometry.index?.count ?? 0,
    },
    {
      prepare: () => new Array(builds).fill(null),
      build: () => Surface.fromIndexed(positions, indices).tree().nodeCount,
    },
    {
      prepare: () => new Array(builds).fill(null),
      build: () => new MeshBVH(toGeometry(bunny)).geometry.index?.count ?? 0,
    },
  ];
  const batch = (k: number): number => {
    const inputs = kinds[k].prepare();
    const t0 = nowMs();
    for (const input of inputs) sink += kinds[k].build(input);
    return (nowMs() - t0) / builds;
  };
  for (let k = 0; k < kinds.length; k++) {
    const until = nowMs() + (ctx.timing.warmupMs ?? 0) / kinds.length;
    for (let i = 0; i < ctx.timing.warmup || (nowMs() < until && i < 1000); i++) batch(k);
  }
  const times: number[][] = kinds.map(() => []);
  for (let r = 0; r < ctx.timing.runs; r++) {
    for (let j = 0; j < kinds.length; j++) {
      const k = (j + r) % kinds.length;
      times[k].push(batch(k));
    }
  }
  if (sink < 0) throw new Error('unreachable: node counts are positive');
  const ratio = (peer: number[], ours: number[]) => median(ours.map((t, r) => peer[r] / t));
  return {
    scene: 'distance',
    case: `tree build, bunny (${bunny.facetCount} facets)`,
    firsttouch: 1000 * median(times[0]),
    peer: 'three-mesh-bvh',
    peerTime: 1000 * median(times[1]),
    pairedRatio: ratio(times[1], times[0]),
    extra: {
      'builds a round': builds,
      'from the arrays: fromIndexed + tree µs': 1000 * median(times[2]),
      'from the arrays: toGeometry + MeshBVH µs': 1000 * median(times[3]),
      'from the arrays, three-mesh-bvh / firsttouch': ratio(times[3], times[2]),
    },
  };
}
