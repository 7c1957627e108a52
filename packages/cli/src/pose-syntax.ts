import { type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import { decimal, radixNote } from './decimal.js';
import { UsageError } from './usage-error.js';

/** The POSE syntax, for the help text. */
export const POSE_HELP = `POSE is one argument of space-separated fields, all optional:
  axis=X,Y,Z       rotation axis (default 0,0,1; normalised)
  angle=A          rotation angle: 90deg, 1.5708rad, or 1.5708 (radians)
  t=X,Y,Z          translation (default 0,0,0)
Numbers are decimal (1, -0.5, 2e-3); each key at most once.
Example: --a-to "axis=0,1,0 angle=90deg t=0.6,-0.3,-0.2"`;

/** Parses a POSE (see {@link POSE_HELP}). */
export function parsePose(text: string, where: string): Pose3 {
  let axis = [0, 0, 1];
  let angle = 0;
  let t = [0, 0, 0];
  const seen = new Set<string>();
  for (const field of text.trim().split(/\s+/).filter(Boolean)) {
    const eq = field.indexOf('=');
    if (eq < 0) throw new UsageError(`${where}: "${field}" is not key=value (expected axis=, angle= or t=)`);
    const key = field.slice(0, eq);
    const value = field.slice(eq + 1);
    if (seen.has(key)) throw new UsageError(`${where}: "${key}" is given twice in "${text.trim()}"`);
    seen.add(key);
    if (key === 'axis') axis = vector(value, `${where} axis`);
    else if (key === 't') t = vector(value, `${where} t`);
    else if (key === 'angle') angle = angleOf(value, where);
    else throw new UsageError(`${where}: unknown key "${key}" (expected axis, angle or t)`);
  }
  if (Math.hypot(axis[0], axis[1], axis[2]) === 0) throw new UsageError(`${where}: axis must not be zero`);
  return poseFromAxisAngle(axis, angle, t);
}

function vector(value: string, where: string): number[] {
  const parts = value.split(',');
  const xs = parts.map(decimal);
  if (xs.length !== 3 || xs.some((x) => !Number.isFinite(x))) {
    const note = radixNote(parts.find((p) => Number.isNaN(decimal(p))) ?? '');
    throw new UsageError(`${where} must be three finite numbers X,Y,Z, got "${value}"${note}`);
  }
  return xs;
}

function angleOf(value: string, where: string): number {
  const m = value.match(/^(.*?)(deg|rad)?$/i);
  const x = m ? decimal(m[1]) : Number.NaN;
  if (!Number.isFinite(x))
    throw new UsageError(
      `${where} angle must be a number with deg or rad, got "${value}"${radixNote(value)}`,
    );
  // (x · π overflows past 5.7e307 degrees: an angle of ∞ was refused later, without the option's name)
  const angle = m?.[2]?.toLowerCase() === 'deg' ? (x * Math.PI) / 180 : x;
  if (!Number.isFinite(angle))
    throw new UsageError(`${where} angle must be a finite number of degrees or radians, got "${value}"`);
  return angle;
}
