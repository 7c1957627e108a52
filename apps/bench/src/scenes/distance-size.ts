import { icosphere } from '@firsttouch/mesh';
import { measureDistancePair } from '../cases/distance-pair.js';
import { pebble } from '../data.js';
import { drawGapPoses } from '../gap-poses.js';
import { Rng } from '../harness/prng.js';
import type { Row, Scene, SceneContext, SceneResult, Series } from '../harness/scene.js';
import { pairedRatio } from '../harness/timing.js';

const SEED = 0x5eed02;

/** Icosphere levels (20·4^level facets) and poses per level. */
const SIZES = {
  tiny: { levels: [1, 2], poses: 5 },
  quick: { levels: [1, 2, 3, 4, 5], poses: 50 },
  full: { levels: [1, 2, 3, 4, 5, 6], poses: 100 },
};

/**
 * Time per query against mesh size: icospheres of unit diameter, 80 to 81 920 facets, against the
 * pebble at seeded poses (as in the distance scene: gaps in [0, 0.5], one in ten crossing).
 */
export const distanceSizeScene: Scene = {
  name: 'distance-size',
  title: 'Distance query time against mesh size',
  run(ctx: SceneContext): SceneResult {
    const size = SIZES[ctx.size];
    const b = pebble();
    const rows: Row[] = [];
    const figures: Record<string, number> = {};
    const fresh: Series = { name: 'firsttouch surfaceDistance', points: [] };
    const pair: Series = { name: 'firsttouch SurfacePair (reused)', points: [] };
    const three: Series = { name: 'three-mesh-bvh closestPointToGeometry', points: [] };
    for (const level of size.levels) {
      const a = icosphere(0.5, level);
      ctx.log(`distance-size: icosphere level ${level} (${a.facetCount} facets)`);
      const poses = drawGapPoses(a, b, new Rng(SEED + level), { count: size.poses });
      const r = measureDistancePair(a, b, poses, ctx.timing);
      rows.push({
        scene: 'distance-size',
        case: `icosphere ${a.facetCount} × pebble: surfaceDistance`,
        firsttouch: r.fresh.perQueryUs,
        peer: 'three-mesh-bvh',
        peerTime: r.three.perQueryUs,
        pairedRatio: pairedRatio(r.three, r.fresh),
        extra: {
          poses: poses.length,
          'SurfacePair µs': r.pair.perQueryUs,
          'max abs Δd': r.maxDiffThree,
          'facet pairs/query': Math.round(r.facetPairs),
        },
      });
      fresh.points.push([a.facetCount, r.fresh.perQueryUs]);
      pair.points.push([a.facetCount, r.pair.perQueryUs]);
      three.points.push([a.facetCount, r.three.perQueryUs]);
      figures[`level${level}.maxDiffThree`] = r.maxDiffThree;
      figures[`level${level}.pairMismatches`] = r.pairMismatches;
    }
    return {
      rows,
      plots: [
        {
          file: 'distance-size.svg',
          title: 'Distance query: icosphere against a 48-facet pebble',
          xLabel: 'icosphere facets',
          yLabel: 'µs per query (median)',
          series: [fresh, pair, three],
          logX: true,
          logY: true,
        },
      ],
      figures,
      notes: [],
    };
  },
};
