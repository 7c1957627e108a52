import { dirname, resolve } from 'node:path';
import { firstImpact } from '@firsttouch/broadphase';
import type { Shape } from '@firsttouch/convex';
import type { Surface } from '@firsttouch/mesh';
import { identityPose, type Pose3 } from '@firsttouch/pose';
import { parseArgs } from '../args.js';
import { readBounded } from '../load.js';
import { fmtPoint, toJson } from '../output.js';
import { loadPhase } from '../phases.js';
import { parsePose } from '../pose-syntax.js';
import { primitiveOf } from '../primitives.js';
import type { Progress } from '../progress.js';
import { asInput, assertKnownKeys, BODY_KEYS, inScene, sceneDirectional, sceneFit } from '../scene-input.js';
import { InputError, UsageError } from '../usage-error.js';

export const FIRST_IMPACT_HELP = `firsttouch first-impact scene.json [--json]
  The earliest contact among several bodies over a step, and the pair that makes it.
  scene.json:
    {
      "tolerance": 1e-6,                  optional (default 1e-6 of the largest diagonal)
      "directional": "auto",              optional: "on", "off" or "auto"
      "maxIterations": 1000,              optional
      "bodies": [                         at least one body
        { "file": "bunny.stl",            STL or OBJ, relative to the scene file
          "from": "t=0,0,0",              POSE at s = 0 (default identity)
          "to": "axis=0,1,0 angle=90deg t=1,0,0",   POSE at s = 1 (default: from)
          "center": false, "fit": 1 }     optional placement on load
        { "ball": 0.1, "from": "t=0,1,0" }   or a primitive instead of a file (exact, convex):
      ]                                      "ball": r, "cuboid": [hx,hy,hz], "capsule": [halfHeight,r],
    }                                        "cylinder": [halfHeight,r], "cone": [halfHeight,r],
                                             "convexHull": [x,y,z, ...] (axis y, half extents)
  Bodies that name the same file share one surface (one tree).`;

interface SceneBody {
  file?: unknown;
  ball?: unknown;
  from?: unknown;
  to?: unknown;
  center?: unknown;
  fit?: unknown;
}

/** `firsttouch first-impact`. */
export function firstImpactCommand(argv: string[], progress: Progress): string {
  const args = parseArgs(argv, [], ['json']);
  if (args.positional.length !== 1)
    throw new UsageError(`first-impact needs one scene file, got ${args.positional.length}`);
  const path = args.positional[0];
  let scene: { tolerance?: unknown; directional?: unknown; maxIterations?: unknown; bodies?: unknown };
  const text = new TextDecoder('utf-8').decode(readBounded(path));
  try {
    // A UTF-8 byte order mark (Windows editors write one) is not part of the JSON: skipped, as the
    // STL reader skips it.
    scene = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new InputError(`${path}: not a JSON scene (${(e as Error).message})`);
  }
  if (
    typeof scene !== 'object' ||
    scene === null ||
    !Array.isArray(scene.bodies) ||
    scene.bodies.length === 0
  ) {
    throw new InputError(`${path}: "bodies" must be a non-empty array (see firsttouch first-impact --help)`);
  }
  assertKnownKeys(scene, ['bodies', 'tolerance', 'maxIterations', 'directional'], path);
  const base = dirname(resolve(path));
  const loaded = new Map<string, Surface>();
  const bodies: (Surface | Shape<3>)[] = [];
  const poses0: Pose3[] = [];
  const poses1: Pose3[] = [];
  (scene.bodies as SceneBody[]).forEach((b, i) => {
    const where = `${path}: bodies[${i}]`;
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
    if (b.from !== undefined && typeof b.from !== 'string')
      throw new InputError(`${where}: "from" must be a POSE string`);
    if (b.to !== undefined && typeof b.to !== 'string')
      throw new InputError(`${where}: "to" must be a POSE string`);
    const fit = sceneFit(b.fit, where);
    if (b.center !== undefined && typeof b.center !== 'boolean')
      throw new InputError(`${where}: "center" must be true or false`);
    if (shape !== undefined && (b.center !== undefined || b.fit !== undefined))
      throw new InputError(
        `${where}: "center" and "fit" place a file's body; a primitive is placed by its poses`,
      );
    if (shape !== undefined) bodies.push(shape);
    else {
      const file = resolve(base, b.file as string);
      const key = `${file}|${b.center === true}|${String(fit)}`;
      let surface = loaded.get(key);
      if (!surface) {
        const place = { center: b.center === true, fit };
        surface = inScene(() => loadPhase(progress, file, place, b.file as string), where);
        loaded.set(key, surface);
      }
      bodies.push(surface);
    }
    const p0 = b.from ? asInput(() => parsePose(b.from as string, `${where}.from`)) : identityPose();
    poses0.push(p0);
    poses1.push(b.to ? asInput(() => parsePose(b.to as string, `${where}.to`)) : p0);
  });
  const directional = sceneDirectional(scene.directional, path);
  // No tree phases here: a pair that the swept boxes rule out never needs its bodies' trees, and
  // firstImpact builds only those it needs.
  const r = progress.phase(
    `first impact of ${bodies.length} bodies`,
    (onProgress) =>
      asInput(
        () =>
          firstImpact(bodies, poses0, poses1, {
            tolerance: scene.tolerance as number | undefined,
            maxIterations: scene.maxIterations as number | undefined,
            directional,
            onProgress: (p) => onProgress({ runs: p.runs, earliest: p.earliest }),
          }),
        path,
      ),
    (r) => `${r.status}, ${r.tested} of ${r.candidates} candidate pairs tested`,
  );
  if (args.options.has('json')) return toJson({ command: 'first-impact', scene: path, ...r });
  const lines = [
    `status ${r.status}, toi ${r.toi}, pair ${r.pair ? r.pair.join(' ') : 'none'}`,
    `${r.tested} of ${r.candidates} candidate pairs tested (${(bodies.length * (bodies.length - 1)) / 2} pairs in all), tolerance ${r.tolerance}`,
  ];
  if (r.impact) {
    lines.push(
      `gap at toi ${r.impact.distance}, facets ${r.impact.facetA} and ${r.impact.facetB}`,
      `on body ${r.pair?.[0]} ${fmtPoint(r.impact.pointA)}`,
      `on body ${r.pair?.[1]} ${fmtPoint(r.impact.pointB)}`,
    );
  }
  return lines.join('\n');
}

/** A scene file's mistakes are input errors (exit 1), not usage errors. */
