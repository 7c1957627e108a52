import { dirname, resolve } from 'node:path';
import { type AffineMap, type TimeOfImpactResult, timeOfImpact, timeOfImpactAffine } from '@firsttouch/ccd';
import { identityPose, type Pose3 } from '@firsttouch/pose';
import { readBounded } from '../load.js';
import { loadPhase } from '../phases.js';
import { parsePose } from '../pose-syntax.js';
import { PRIMITIVE_KEYS, primitiveOf } from '../primitives.js';
import type { Progress } from '../progress.js';
import { asInput, assertKnownKeys, BODY_KEYS, inScene, sceneDirectional, sceneFit } from '../scene-input.js';
import { InputError } from '../usage-error.js';

/** The scene form of `toi`, for its help text. */
export const TOI_SCENE_HELP = `firsttouch toi scene.json [--json]
  The same query from a JSON scene, where an end may also be an affine map (bodies that grow,
  shrink or shear over the step; both bodies must then be convex):
    {
      "tolerance": 1e-6, "maxIterations": 1000, "directional": "auto",    all optional
      "a": { "file": "a.stl",                  STL or OBJ, relative to the scene file
             "from": "t=0,0,0",                POSE, or an affine map {"L": [9 numbers, row-major],
             "to": {"L": [2,0,0, 0,1,0, 0,0,1], "t": [0,0,0]},          "t": [3 numbers]}
             "center": false, "fit": 1 },      optional placement on load
      "b": { "ball": 0.1, "from": ..., "to": ... }     or a primitive instead of a file, as in
    }                                                   first-impact's scenes (placed by its ends)
  With an affine map at any end, the query is timeOfImpactAffine (a POSE end is the map {R, t}).`;

interface SceneBody {
  file?: unknown;
  from?: unknown;
  to?: unknown;
  center?: unknown;
  fit?: unknown;
}

type End = { pose: Pose3 } | { map: AffineMap };

/** `firsttouch toi scene.json`: the result, as `toi` prints it. */
export function toiScene(
  path: string,
  progress: Progress,
): { result: TimeOfImpactResult; a: string; b: string } {
  const text = new TextDecoder('utf-8').decode(readBounded(path));
  let scene: {
    tolerance?: unknown;
    maxIterations?: unknown;
    directional?: unknown;
    a?: unknown;
    b?: unknown;
  };
  try {
    scene = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new InputError(`${path}: not a JSON scene (${(e as Error).message})`);
  }
  if (typeof scene !== 'object' || scene === null)
    throw new InputError(`${path}: the scene must be an object`);
  assertKnownKeys(scene, ['a', 'b', 'tolerance', 'maxIterations', 'directional'], path);
  const base = dirname(resolve(path));
  const side = (name: 'a' | 'b') => {
    const b = scene[name] as SceneBody | undefined;
    const where = `${path}: ${name}`;
    if (typeof b === 'object' && b !== null) assertKnownKeys(b, BODY_KEYS, where);
    const shape =
      typeof b === 'object' && b !== null
        ? asInput(() => primitiveOf(b as Record<string, unknown>, where), where)
        : undefined;
    if (
      shape === undefined &&
      (typeof b !== 'object' || b === null || typeof b.file !== 'string' || b.file === '')
    )
      throw new InputError(
        `${where}: "file" must be a file's name, a non-empty string (or name a primitive: "ball", "cuboid", ...)`,
      );
    const body = b as SceneBody;
    if (shape !== undefined && (body.center !== undefined || body.fit !== undefined))
      throw new InputError(
        `${where}: "center" and "fit" place a file's body; a primitive is placed by its ends`,
      );
    const fit = sceneFit(body.fit, where);
    if (body.center !== undefined && typeof body.center !== 'boolean')
      throw new InputError(`${where}: "center" must be true or false`);
    const surface =
      shape ??
      inScene(
        () =>
          loadPhase(
            progress,
            resolve(base, body.file as string),
            { center: body.center === true, fit },
            body.file as string,
          ),
        where,
      );
    const from = endOf(body.from, `${where}.from`);
    const to = body.to === undefined ? from : endOf(body.to, `${where}.to`);
    // A primitive is named in the output as written (`{"ball":0.1}`), a file by its path.
    const key = PRIMITIVE_KEYS.find((k) => (body as Record<string, unknown>)[k] !== undefined);
    const file =
      key === undefined
        ? (body.file as string)
        : JSON.stringify({ [key]: (body as Record<string, unknown>)[key] });
    return { surface, from, to, file };
  };
  const A = side('a');
  const B = side('b');
  const directional = sceneDirectional(scene.directional, path);
  const options = {
    tolerance: scene.tolerance as number | undefined,
    maxIterations: scene.maxIterations as number | undefined,
    directional,
  };
  const ends = [A.from, A.to, B.from, B.to];
  const result = progress.phase(
    'time of impact',
    (onProgress) =>
      asInput(() => {
        const withProgress = {
          ...options,
          onProgress: (p: { iteration: number; s: number; distance: number }) =>
            onProgress({ iteration: p.iteration, s: p.s, gap: p.distance }),
        };
        if (ends.every((e) => 'pose' in e)) {
          const pose = (e: End) => (e as { pose: Pose3 }).pose;
          return timeOfImpact(
            A.surface,
            B.surface,
            { a: [pose(A.from), pose(A.to)], b: [pose(B.from), pose(B.to)] },
            withProgress,
          );
        }
        return timeOfImpactAffine(
          A.surface,
          B.surface,
          { a: [mapOf(A.from), mapOf(A.to)], b: [mapOf(B.from), mapOf(B.to)] },
          withProgress,
        );
      }, path),
    (r) => `${r.status} after ${r.iterations} steps`,
  );
  return { result, a: A.file, b: B.file };
}

/** An end of a scene body: a POSE string, an affine map `{L, t}` (checked by the library), or identity. */
function endOf(value: unknown, where: string): End {
  if (value === undefined) return { pose: identityPose() };
  if (typeof value === 'string') return { pose: asInput(() => parsePose(value, where)) };
  if (typeof value === 'object' && value !== null && 'L' in value && 't' in value) {
    // (a key the schema does not name is refused, as in the rest of a scene: `{L, t, R}` ran with R ignored)
    assertKnownKeys(value, ['L', 't'], where);
    return { map: value as AffineMap };
  }
  throw new InputError(
    `${where} must be a POSE string or an affine map {"L": [9 numbers], "t": [3 numbers]}`,
  );
}

function mapOf(e: End): AffineMap {
  return 'map' in e ? e.map : { L: e.pose.R, t: e.pose.t };
}
