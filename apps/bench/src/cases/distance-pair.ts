import { relativeTransform, type Surface, SurfacePair, surfaceDistance } from '@firsttouch/mesh';
import { identityPose } from '@firsttouch/pose';
import type { Matrix4 } from 'three';
import type { GapPose } from '../gap-poses.js';
import type { TimingOptions } from '../harness/timing.js';
import { type Timing, timeSideBySide } from '../harness/timing.js';
import { BruteForcePair } from '../peers/brute-force.js';
import { matrixOfPose, ThreeMeshBvhPair } from '../peers/three-mesh-bvh.js';

/** What one body pair at a list of poses measured. */
export interface DistancePairResult {
  fresh: Timing;
  pair: Timing;
  three: Timing;
  /** `surfaceDistance` with `anyCrossing: true`, when asked for. */
  any?: Timing;
  /** Poses where `anyCrossing` changed the distance or `intersecting` (it should not). */
  anyMismatches: number;
  /** Absent when the brute force was not asked for. */
  brute?: Timing;
  bruteQueries: number;
  /** Largest |firsttouch − three-mesh-bvh| over the poses. */
  maxDiffThree: number;
  /** Largest |firsttouch − all pairs| over the brute-force poses. */
  maxDiffBrute: number;
  /** Poses where the reused SurfacePair and a fresh surfaceDistance disagree (they should not). */
  pairMismatches: number;
  /** Mean node pairs and facet pairs a fresh query tested. */
  volumePairs: number;
  facetPairs: number;
  gaps: number[];
}

/**
 * Times one body pair at the given poses of B (A at the identity), side by side in this process:
 * firsttouch's `surfaceDistance` (a fresh call a query: the one-off API), a `SurfacePair` reused over
 * all poses (how conservative advancement calls it), three-mesh-bvh's `closestPointToGeometry` with
 * trees on both sides, and — on the first `bruteCount` poses — the loop over all facet pairs. Trees
 * are built before timing (the warm-up builds firsttouch's lazy ones); pose conversions (the relative
 * transform, three's Matrix4) are done once before timing for every contender alike. With
 * `anyCrossing`, `surfaceDistance(..., {anyCrossing: true})` is timed too (and checked to give the
 * same distance and `intersecting`).
 */
export function measureDistancePair(
  a: Surface,
  b: Surface,
  poses: readonly GapPose[],
  timing: TimingOptions,
  brute: { count: number; runs: number } = { count: 0, runs: 0 },
  anyCrossing = false,
): DistancePairResult {
  const n = poses.length;
  const Rs = poses.map(() => new Float64Array(9));
  const ts = poses.map(() => new Float64Array(3));
  for (let i = 0; i < n; i++) relativeTransform(identityPose(), poses[i].pose, Rs[i], ts[i]);
  const matrices: Matrix4[] = poses.map((p) => matrixOfPose(p.pose));
  const pair = new SurfacePair(a, b);
  const three = new ThreeMeshBvhPair(a, b);
  const bruteCount = Math.min(brute.count, n);
  const all = brute.count > 0 ? new BruteForcePair(a, b) : undefined;

  // Agreement first (not timed): the same queries, the answers compared.
  const ft = poses.map((p) => surfaceDistance(a, b, { poseB: p.pose }));
  let maxDiffThree = 0;
  let maxDiffBrute = 0;
  let pairMismatches = 0;
  let anyMismatches = 0;
  for (let i = 0; i < n; i++) {
    maxDiffThree = Math.max(maxDiffThree, Math.abs(ft[i].distance - three.distance(matrices[i])));
    if (pair.evaluate(Rs[i], ts[i]) !== ft[i].distance) pairMismatches++;
    if (anyCrossing) {
      const r = surfaceDistance(a, b, { poseB: poses[i].pose, anyCrossing: true });
      if (r.distance !== ft[i].distance || r.intersecting !== ft[i].intersecting) anyMismatches++;
    }
  }

  const t = timeSideBySide(
    [
      {
        name: 'fresh',
        queries: n,
        batch: () => {
          let s = 0;
          for (const p of poses) s += surfaceDistance(a, b, { poseB: p.pose }).distance;
          return s;
        },
      },
      {
        name: 'pair',
        queries: n,
        batch: () => {
          let s = 0;
          for (let i = 0; i < n; i++) s += pair.evaluate(Rs[i], ts[i]);
          return s;
        },
      },
      ...(anyCrossing
        ? [
            {
              name: 'any',
              queries: n,
              batch: () => {
                let s = 0;
                for (const p of poses)
                  s += surfaceDistance(a, b, { poseB: p.pose, anyCrossing: true }).distance;
                return s;
              },
            },
          ]
        : []),
      {
        name: 'three',
        queries: n,
        batch: () => {
          let s = 0;
          for (let i = 0; i < n; i++) s += three.distance(matrices[i]);
          return s;
        },
      },
    ],
    timing,
  );
  // The brute force is slow: its timed run is also its agreement check (one run warms nothing up
  // worth having: a query is 10^5-10^7 facet pairs).
  let bruteTiming: Timing | undefined;
  const bruteD = new Float64Array(bruteCount);
  if (all && bruteCount > 0) {
    bruteTiming = timeSideBySide(
      [
        {
          name: 'brute',
          queries: bruteCount,
          batch: () => {
            let s = 0;
            for (let i = 0; i < bruteCount; i++) {
              bruteD[i] = all.distance(Rs[i], ts[i]);
              s += bruteD[i];
            }
            return s;
          },
        },
      ],
      { warmup: 0, runs: brute.runs },
    ).get('brute');
    for (let i = 0; i < bruteCount; i++)
      maxDiffBrute = Math.max(maxDiffBrute, Math.abs(ft[i].distance - bruteD[i]));
  }
  return {
    fresh: t.get('fresh')!,
    pair: t.get('pair')!,
    three: t.get('three')!,
    any: t.get('any'),
    anyMismatches,
    brute: bruteTiming,
    bruteQueries: bruteCount,
    maxDiffThree,
    maxDiffBrute,
    pairMismatches,
    volumePairs: ft.reduce((s, r) => s + r.volumePairs, 0) / n,
    facetPairs: ft.reduce((s, r) => s + r.facetPairs, 0) / n,
    gaps: ft.map((r) => r.distance),
  };
}
