// One line of `firsttouch batch`'s input: a JSON object read into a query of the pool, its body
// files named (relative to the input file) and its poses parsed; or the reason it cannot be, which
// becomes that line's error record while the other lines are answered.
import { isAbsolute, join } from 'node:path';
import { describeValue, identityPose, type Pose3Like } from '@firsttouch/pose';
import { parsePose } from './pose-syntax.js';

/** A line read: its operation, body files, and the query's other fields. */
export interface BatchLine {
  readonly op: 'toi' | 'distance';
  readonly a: string;
  readonly b: string;
  /** toi: `{a: [P0, P1], b: [P0, P1]}`; distance: `{poseA, poseB}`; plus the call's options. */
  readonly fields: Record<string, unknown>;
}

/** A line that could not be read: its message (the line number is added by the caller). */
export class LineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LineError';
  }
}

/** The fields a line may hold, by operation (anything else is a mistake worth naming). */
const KEYS: Readonly<Record<'toi' | 'distance', readonly string[]>> = Object.freeze({
  toi: Object.freeze([
    'op',
    'a',
    'b',
    'aFrom',
    'aTo',
    'bFrom',
    'bTo',
    'tolerance',
    'directional',
    'maxIterations',
  ]),
  distance: Object.freeze(['op', 'a', 'b', 'aPose', 'bPose', 'maxDistance']),
});

/** The help text of the line format. */
export const LINE_HELP = `Each line of the input is one JSON object (blank lines are skipped):
  {"a": "A.stl", "b": "B.stl", "aFrom": POSE, "aTo": POSE, "bFrom": POSE, "bTo": POSE,
   "tolerance": X, "directional": "on"|"off"|"auto", "maxIterations": N}          time of impact
  {"op": "distance", "a": "A.stl", "b": "B.stl", "aPose": POSE, "bPose": POSE, "maxDistance": X}
Files are relative to the input file; each is read once. A POSE is the string syntax below or
{"R": [9 numbers, row-major], "t": [x, y, z]}; poses default to identity, "aTo" to "aFrom".
Each output line is the answer of the input line of the same number, {"line": N, ...the result},
or {"line": N, "error": {"kind", "code"?, "message"}} for a line that could not be answered.`;

/**
 * Reads one line (`text`, line `n` of a file in `dir`) into a query, or throws a {@link LineError}.
 */
export function readLine(text: string, dir: string): BatchLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new LineError(`not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new LineError('must be a JSON object');
  const o = value as Record<string, unknown>;
  const op = o.op ?? 'toi';
  if (op !== 'toi' && op !== 'distance')
    throw new LineError(`"op" must be "toi" or "distance", got ${describeValue(op)}`);
  for (const k of Object.keys(o)) {
    if (!KEYS[op].includes(k))
      throw new LineError(`unknown field "${k}" for op ${op} (expected ${KEYS[op].join(', ')})`);
  }
  const file = (side: 'a' | 'b') => {
    const f = o[side];
    if (typeof f !== 'string' || f === '')
      throw new LineError(`"${side}" must be a file name, got ${describeValue(f)}`);
    return isAbsolute(f) ? f : join(dir, f);
  };
  const a = file('a');
  const b = file('b');
  if (op === 'distance') {
    const fields: Record<string, unknown> = { poseA: pose(o.aPose, 'aPose'), poseB: pose(o.bPose, 'bPose') };
    if (o.maxDistance !== undefined) fields.options = { maxDistance: o.maxDistance };
    return { op, a, b, fields };
  }
  const a0 = pose(o.aFrom, 'aFrom');
  const b0 = pose(o.bFrom, 'bFrom');
  const motion = {
    a: [a0, o.aTo === undefined ? a0 : pose(o.aTo, 'aTo')],
    b: [b0, o.bTo === undefined ? b0 : pose(o.bTo, 'bTo')],
  };
  const options: Record<string, unknown> = {};
  if (o.tolerance !== undefined) options.tolerance = o.tolerance;
  if (o.maxIterations !== undefined) options.maxIterations = o.maxIterations;
  if (o.directional !== undefined) {
    const d = o.directional;
    if (d !== 'on' && d !== 'off' && d !== 'auto')
      throw new LineError(`"directional" must be "on", "off" or "auto", got ${describeValue(d)}`);
    options.directional = d === 'on' ? true : d === 'off' ? false : 'auto';
  }
  return { op, a, b, fields: { motion, options } };
}

/** A pose of a line: the POSE string syntax or `{R, t}` (checked by the library when it runs). */
function pose(v: unknown, name: string): Pose3Like {
  if (v === undefined) return identityPose();
  if (typeof v === 'string') {
    try {
      return parsePose(v, `"${name}"`);
    } catch (e) {
      throw new LineError(e instanceof Error ? e.message : String(e));
    }
  }
  if (typeof v === 'object' && v !== null && 'R' in v && 't' in v) return v as Pose3Like;
  throw new LineError(
    `"${name}" must be a POSE string or {"R": [...9], "t": [...3]}, got ${describeValue(v)}`,
  );
}
