import { surfaceDistance } from '@firsttouch/mesh';
import { identityPose } from '@firsttouch/pose';
import { parseArgs } from '../args.js';
import { fmtPoint, toJson } from '../output.js';
import { parsePose } from '../pose-syntax.js';
import type { Progress } from '../progress.js';
import { UsageError } from '../usage-error.js';
import { loadPair } from './pair.js';

export const DISTANCE_HELP = `firsttouch distance A.stl B.stl [options]
  The exact gap between two bodies at given poses.
  --a POSE, --b POSE           the poses (default identity)
  --a-center, --b-center, --a-fit F, --b-fit F   placement on load, as for toi
  --json                       print one JSON object with every field of the result`;

/** `firsttouch distance`. */
export function distanceCommand(argv: string[], progress: Progress): string {
  const args = parseArgs(argv, ['a', 'b', 'a-fit', 'b-fit'], ['a-center', 'b-center', 'json']);
  if (args.positional.length !== 2)
    throw new UsageError(`distance needs two files, got ${args.positional.length}`);
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
    () => surfaceDistance(a, b, { poseA, poseB }),
    (r) => `gap ${r.distance}`,
  );
  if (args.options.has('json')) return toJson({ command: 'distance', a: fa, b: fb, ...r });
  return [
    `gap ${r.distance}${r.intersecting ? ' (the surfaces intersect)' : ''}`,
    `closest facets: ${fa} ${r.facetA}, ${fb} ${r.facetB}`,
    `on A ${fmtPoint(r.pointA)}`,
    `on B ${fmtPoint(r.pointB)}`,
  ].join('\n');
}
