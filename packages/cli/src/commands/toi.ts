import { type TimeOfImpactResult, timeOfImpact } from '@firsttouch/ccd';
import { identityPose } from '@firsttouch/pose';
import { numberOption, parseArgs } from '../args.js';
import { fmtPoint, toJson } from '../output.js';
import { parsePose } from '../pose-syntax.js';
import type { Progress } from '../progress.js';
import { shownName } from '../shown-name.js';
import { UsageError } from '../usage-error.js';
import { directionalOption } from './directional-option.js';
import { loadPair } from './pair.js';
import { TOI_SCENE_HELP, toiScene } from './toi-scene.js';

export const TOI_HELP = `firsttouch toi A B [options]
  The certified time of first contact of two bodies over a step. A body is a file (STL or OBJ) or a
  primitive written as a scene body's JSON: '{"ball": 0.1}', '{"cuboid": [hx, hy, hz]}',
  '{"capsule": [h, r]}', '{"cylinder": [h, r]}', '{"cone": [h, r]}', '{"convexHull": [x, y, z, ...]}'.
  --a-from POSE, --a-to POSE   body A's poses at s = 0 and s = 1 (default: at rest at identity;
                                --a-to defaults to --a-from)
  --b-from POSE, --b-to POSE   body B's poses
  --a-center, --b-center       centre a file's body on its bounding box when loading it
  --a-fit F, --b-fit F         centre it and scale its largest extent to F
  --tolerance X                contact tolerance (default 1e-6 of the larger bounding-box diagonal)
  --directional on|off|auto    the directional bound (default auto)
  --max-iterations N           iteration cap (default 1000)
  --json                       print one JSON object with every field of the result

${TOI_SCENE_HELP}`;

/** `firsttouch toi`. */
export function toiCommand(argv: string[], progress: Progress): string {
  const args = parseArgs(
    argv,
    ['a-from', 'a-to', 'b-from', 'b-to', 'a-fit', 'b-fit', 'tolerance', 'directional', 'max-iterations'],
    ['a-center', 'b-center', 'json'],
  );
  if (args.positional.length === 1 && /\.json$/i.test(args.positional[0])) {
    const scene = args.positional[0];
    // The scene holds the motion and the options: a flag beside it would be silently dropped (a
    // `--tolerance 0.5` left the scene's own in force), so it is a usage error.
    const ignored = [...args.options.keys()].filter((k) => k !== 'json');
    if (ignored.length > 0)
      throw new UsageError(
        `toi ${scene}: a scene file holds its motion and options; --${ignored.join(', --')} cannot go with it (only --json)`,
      );
    const { result, a, b } = toiScene(scene, progress);
    return printResult(result, a, b, args.options.has('json'), scene);
  }
  if (args.positional.length !== 2)
    throw new UsageError(
      `toi needs two bodies (files or primitives, or one scene.json), got ${args.positional.length}`,
    );
  const directional = directionalOption(args.options.get('directional'));
  const tolerance = numberOption(args, 'tolerance', (x) => x > 0, 'a positive number');
  const maxIterations = numberOption(
    args,
    'max-iterations',
    (x) => Number.isInteger(x) && x >= 1,
    'an integer ≥ 1',
  );
  const poses = (side: 'a' | 'b') => {
    const from = args.options.get(`${side}-from`);
    const to = args.options.get(`${side}-to`) ?? from;
    const p0 = typeof from === 'string' ? parsePose(from, `--${side}-from`) : identityPose();
    const p1 = typeof to === 'string' ? parsePose(to, `--${side}-to`) : p0;
    return [p0, p1] as const;
  };
  const motion = { a: poses('a'), b: poses('b') };
  const [fa, fb] = args.positional;
  const [a, b] = loadPair(progress, args.options, fa, fb);
  const r = progress.phase(
    'time of impact',
    (onProgress) =>
      timeOfImpact(a, b, motion, {
        tolerance,
        directional,
        maxIterations,
        onProgress: (p) => onProgress({ iteration: p.iteration, s: p.s, gap: p.distance }),
      }),
    (r) => `${r.status} after ${r.iterations} steps`,
  );
  return printResult(r, fa, fb, args.options.has('json'));
}

/** The result as `toi` prints it (text, or one JSON object). */
function printResult(r: TimeOfImpactResult, fa: string, fb: string, json: boolean, scene?: string): string {
  if (json) return toJson({ command: 'toi', ...(scene === undefined ? {} : { scene }), a: fa, b: fb, ...r });
  return [
    `status ${r.status}, toi ${r.toi} after ${r.iterations} steps`,
    `gap at toi ${r.distance} (tolerance ${r.tolerance}, speed bound ${r.mu})`,
    `closest facets: ${shownName(fa)} ${r.facetA}, ${shownName(fb)} ${r.facetB}`,
    `on A ${fmtPoint(r.pointA)}`,
    `on B ${fmtPoint(r.pointB)}`,
    `normal (A to B) ${fmtPoint(r.normal)}`,
    `exact pair evaluations ${r.pairEvaluations} (directional ${r.directionalPairEvaluations})`,
  ].join('\n');
}

// first-impact reads the same option.
export { directionalOption };
