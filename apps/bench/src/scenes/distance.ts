import { Surface } from '@firsttouch/mesh';
import { MeshBVH } from 'three-mesh-bvh';
import { measureDistancePair } from '../cases/distance-pair.js';
import { roomDistance } from '../cases/room-distance.js';
import { pebble, smallBunny, unitBunny } from '../data.js';
import { drawGapPoses } from '../gap-poses.js';
import { Rng } from '../harness/prng.js';
import type { Row, Scene, SceneContext, SceneResult } from '../harness/scene.js';
import { pairedRatio, timeSideBySide } from '../harness/timing.js';
import { toGeometry } from '../peers/three-mesh-bvh.js';

const SEED = 0x5eed01;

/** Poses per body pair; brute-force poses and runs (the all-pairs loop is too slow for all 100). */
const SIZES = {
  tiny: { poses: 6, brutePebble: 2, bruteBunny: 0, bruteRuns: 1, builds: 1 },
  quick: { poses: 30, brutePebble: 3, bruteBunny: 0, bruteRuns: 1, builds: 3 },
  full: { poses: 100, brutePebble: 20, bruteBunny: 2, bruteRuns: 5, builds: 5 },
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

/** Building the tree of the bunny from its vertices and facets: firsttouch's Surface.tree() against new MeshBVH. */
function treeBuildRow(bunny: Surface, builds: number, ctx: SceneContext): Row {
  ctx.log('distance: tree build');
  const positions = bunny.positions;
  const indices = bunny.indices;
  const geometry = toGeometry(bunny);
  const t = timeSideBySide(
    [
      {
        name: 'firsttouch',
        queries: builds,
        batch: () => {
          let s = 0;
          for (let i = 0; i < builds; i++) s += Surface.fromIndexed(positions, indices).tree().nodeCount;
          return s;
        },
      },
      {
        name: 'three',
        queries: builds,
        batch: () => {
          let s = 0;
          // MeshBVH reorders the geometry's index in place; building again on the reordered index is
          // the same work.
          for (let i = 0; i < builds; i++) s += new MeshBVH(geometry).geometry.index?.count ?? 0;
          return s;
        },
      },
    ],
    ctx.timing,
  );
  return {
    scene: 'distance',
    case: `tree build, bunny (${bunny.facetCount} facets)`,
    firsttouch: t.get('firsttouch')!.perQueryUs,
    peer: 'three-mesh-bvh',
    peerTime: t.get('three')!.perQueryUs,
    pairedRatio: pairedRatio(t.get('three')!, t.get('firsttouch')!),
    extra: { note: 'firsttouch time includes Surface.fromIndexed (validation, copy)' },
  };
}
