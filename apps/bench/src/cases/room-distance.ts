import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeObj } from '@firsttouch/io';
import { type Surface, surfaceDistance } from '@firsttouch/mesh';
import type { Pose3 } from '@firsttouch/pose';
import type { GapPose } from '../gap-poses.js';
import type { Row, SceneContext } from '../harness/scene.js';
import { pairedRatio } from '../harness/timing.js';
import { robot, room, roomPoses, sliverCount } from '../room.js';
import { measureDistancePair } from './distance-pair.js';

/** Poses, brute-force poses of each kind, by run size. */
const SIZES = {
  tiny: { poses: 8, brute: 1 },
  quick: { poses: 60, brute: 0 },
  full: { poses: 200, brute: 1 },
};

/** What the room rows leave for the scene's figures and notes. */
export interface RoomDistance {
  rows: Row[];
  figures: Record<string, number>;
  notes: string[];
}

/**
 * The room of slivers against the robot-like body (`room.ts`; the mesh issue #33), at poses drawn as
 * a peer's distance tests draw them, timed apart and crossing separately: firsttouch's
 * `surfaceDistance` and a reused `SurfacePair` against three-mesh-bvh (on crossing poses also
 * `surfaceDistance` with `anyCrossing: true`), and the loop over all facet
 * pairs on the first pose of each kind (full runs). With `ctx.objDir`, the two bodies and the poses
 * are written there (`room.obj`, `robot.obj`, `room-poses.txt`: a pose a line, R row by row, t, and 1
 * when the bodies cross), for a peer timed in another process.
 */
export function roomDistance(ctx: SceneContext): RoomDistance {
  const size = SIZES[ctx.size];
  const a = room();
  const b = robot();
  const poses = roomPoses(size.poses);
  const rows: Row[] = [];
  const figures: Record<string, number> = {};
  const answers = poses.map((p) => surfaceDistance(a, b, { poseB: p }));
  if (ctx.objDir)
    writeRoom(
      ctx.objDir,
      a,
      b,
      poses,
      answers.map((r) => r.intersecting),
    );
  figures['room.facets'] = a.facetCount;
  figures['room.slivers'] = sliverCount(a);
  figures['room.robotFacets'] = b.facetCount;
  for (const crossing of [false, true]) {
    const kind = crossing ? 'crossing' : 'apart';
    const chosen: GapPose[] = [];
    poses.forEach((pose, i) => {
      const r = answers[i];
      if (r.intersecting === crossing)
        chosen.push({ pose, target: crossing ? -1 : r.distance, gap: r.distance, intersecting: crossing });
    });
    if (chosen.length === 0) continue;
    ctx.log(`distance: room × robot, ${chosen.length} poses ${kind}`);
    const m = measureDistancePair(a, b, chosen, ctx.timing, { count: size.brute, runs: 1 }, crossing);
    const label = `room × robot, ${kind}`;
    const common = {
      poses: chosen.length,
      'node pairs/query': Math.round(m.volumePairs),
      'facet pairs/query': Math.round(m.facetPairs),
    };
    rows.push({
      scene: 'distance',
      case: `${label}: surfaceDistance`,
      firsttouch: m.fresh.perQueryUs,
      peer: 'three-mesh-bvh',
      peerTime: m.three.perQueryUs,
      pairedRatio: pairedRatio(m.three, m.fresh),
      extra: { ...common, 'max abs Δd': m.maxDiffThree },
    });
    rows.push({
      scene: 'distance',
      case: `${label}: SurfacePair reused`,
      firsttouch: m.pair.perQueryUs,
      peer: 'three-mesh-bvh',
      peerTime: m.three.perQueryUs,
      pairedRatio: pairedRatio(m.three, m.pair),
      extra: { poses: chosen.length, 'differs from fresh': m.pairMismatches },
    });
    if (m.any) {
      rows.push({
        scene: 'distance',
        case: `${label}: surfaceDistance, anyCrossing`,
        firsttouch: m.any.perQueryUs,
        peer: 'three-mesh-bvh',
        peerTime: m.three.perQueryUs,
        pairedRatio: pairedRatio(m.three, m.any),
        extra: { poses: chosen.length, 'distance or flag differs': m.anyMismatches },
      });
      figures[`room.${kind}.anyUs`] = m.any.perQueryUs;
      figures[`room.${kind}.anyMismatches`] = m.anyMismatches;
    }
    if (m.brute) {
      rows.push({
        scene: 'distance',
        case: `${label}: surfaceDistance`,
        firsttouch: m.fresh.perQueryUs,
        peer: 'all facet pairs',
        peerTime: m.brute.perQueryUs,
        extra: {
          'brute poses': m.bruteQueries,
          'max abs Δd': m.maxDiffBrute,
          'facet pairs/query': a.facetCount * b.facetCount,
        },
      });
    }
    const key = `room.${kind}`;
    figures[`${key}.poses`] = chosen.length;
    figures[`${key}.freshUs`] = m.fresh.perQueryUs;
    figures[`${key}.pairUs`] = m.pair.perQueryUs;
    figures[`${key}.threeUs`] = m.three.perQueryUs;
    figures[`${key}.volumePairs`] = m.volumePairs;
    figures[`${key}.facetPairs`] = m.facetPairs;
    figures[`${key}.maxDiffThree`] = m.maxDiffThree;
    figures[`${key}.maxDiffBrute`] = m.bruteQueries > 0 ? m.maxDiffBrute : Number.NaN;
    figures[`${key}.pairMismatches`] = m.pairMismatches;
  }
  const notes = [
    `Room × robot: a generated room (${a.facetCount} facets, ${figures['room.slivers']} of them slivers, longest edge over 50 × the shortest; 6 000 across) at the identity, a ${b.facetCount}-facet robot-like body at ${poses.length} poses (a uniform random rotation, translation uniform in [−3 000, 3 000]² × [0, 3 000]), timed apart and crossing separately. three-mesh-bvh works in float32: at coordinates of 3 000 its distances differ by about 1e-4.`,
  ];
  return { rows, figures, notes };
}

/** The two bodies as OBJ files and the poses as text, for a peer timed in another process. */
function writeRoom(dir: string, a: Surface, b: Surface, poses: readonly Pose3[], crossing: boolean[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'room.obj'), writeObj(a, { name: 'room' }));
  writeFileSync(join(dir, 'robot.obj'), writeObj(b, { name: 'robot' }));
  const lines = poses.map((p, i) => [...p.R, ...p.t, crossing[i] ? 1 : 0].join(' '));
  writeFileSync(join(dir, 'room-poses.txt'), `${lines.join('\n')}\n`);
}
