import { CompoundPair, relativeTransform, Surface, surfaceDistance } from '@firsttouch/mesh';
import {
  assertApartWithinRange,
  FirstTouchError,
  identityPose,
  type Pose3,
  transformPoint,
} from '@firsttouch/pose';
import { parseArgs } from '../args.js';
import { fmtPoint, toJson } from '../output.js';
import { parsePose } from '../pose-syntax.js';
import type { Progress } from '../progress.js';
import { shownName } from '../shown-name.js';
import { UsageError } from '../usage-error.js';
import { loadPair, type PairBody } from './pair.js';

export const DISTANCE_HELP = `firsttouch distance A B [options]
  The exact gap between two bodies at given poses. A body is a file (STL or OBJ) or a primitive
  written as a scene body's JSON: '{"ball": 0.1}', '{"cuboid": [hx, hy, hz]}', '{"capsule": [h, r]}',
  '{"cylinder": [h, r]}', '{"cone": [h, r]}', '{"convexHull": [x, y, z, ...]}'.
  --a POSE, --b POSE           the poses (default identity)
  --a-center, --b-center, --a-fit F, --b-fit F   placement on load of a file, as for toi
  --json                       print one JSON object with every field of the result`;

/** `firsttouch distance`. */
export function distanceCommand(argv: string[], progress: Progress): string {
  const args = parseArgs(argv, ['a', 'b', 'a-fit', 'b-fit'], ['a-center', 'b-center', 'json']);
  if (args.positional.length !== 2)
    throw new UsageError(`distance needs two bodies (files or primitives), got ${args.positional.length}`);
  const pose = (side: 'a' | 'b') => {
    const p = args.options.get(side);
    return typeof p === 'string' ? parsePose(p, `--${side}`) : identityPose();
  };
  const poseA = pose('a');
  const poseB = pose('b');
  const [fa, fb] = args.positional;
  const [a, b] = loadPair(progress, args.options, fa, fb);
  const r = progress.phase(
    'distance',
    () => bodyDistance(a, b, poseA, poseB),
    (r) => `gap ${r.distance}`,
  );
  if (args.options.has('json')) return toJson({ command: 'distance', a: fa, b: fb, ...r });
  return [
    `gap ${r.distance}${r.intersecting ? ' (the bodies intersect)' : ''}`,
    `closest facets: ${shownName(fa)} ${r.facetA}, ${shownName(fb)} ${r.facetB}`,
    `on A ${fmtPoint(r.pointA)}`,
    `on B ${fmtPoint(r.pointB)}`,
  ].join('\n');
}

/**
 * The gap of two bodies: mesh's `surfaceDistance` for two surfaces (as before primitives), its
 * `CompoundPair` for a pair with a primitive (GJK, or the surface's facets near the shape), whose
 * witness is taken to world coordinates; a primitive's facet is 0.
 */
function bodyDistance(a: PairBody, b: PairBody, poseA: Pose3, poseB: Pose3) {
  if (Surface.isSurface(a) && Surface.isSurface(b)) return surfaceDistance(a, b, { poseA, poseB });
  const pair = new CompoundPair(a, b);
  const R = new Float64Array(9);
  const t = new Float64Array(3);
  relativeTransform(poseA, poseB, R, t);
  assertApartWithinRange(t, 'distance');
  const lowerBound = pair.evaluate(R, t);
  // (the pair runs at the size given: squares past 1e308, bodies about 1e154 apart or more, give a
  // gap of +∞ or NaN, which is no answer)
  if (!Number.isFinite(pair.distance) || Number.isNaN(lowerBound))
    throw new FirstTouchError(
      'INVALID_POSE',
      `distance: the bodies lie too far apart for a primitive's distance (about 1e154 or more), got a gap of ${pair.distance}`,
    );
  return {
    distance: pair.distance,
    lowerBound,
    intersecting: lowerBound === 0,
    pointA: transformPoint(poseA, pair.pointA),
    pointB: transformPoint(poseA, pair.pointB),
    facetA: pair.facetA,
    facetB: pair.facetB,
  };
}
