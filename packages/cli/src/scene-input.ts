// What the two scene files (`first-impact scene.json`, `toi scene.json`) share in reading: their
// mistakes as input errors naming the file and the part, their keys, their "directional".
import type { DirectionalMode } from '@firsttouch/ccd';
import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { directionalOption } from './commands/directional-option.js';
import { PRIMITIVE_KEYS } from './primitives.js';
import { InputError, UsageError } from './usage-error.js';

/**
 * Runs `f` on a part of a scene file: its mistakes are input errors (exit 1), not usage errors, and
 * a library error found there is prefixed by `where` (the file and the part: `scene.json: bodies[0]`),
 * which the library's own message cannot name (`ball: radius must be positive` said neither).
 */
export function asInput<T>(f: () => T, where?: string): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof UsageError) throw new InputError(e.message);
    if (where !== undefined && e instanceof FirstTouchError)
      throw new InputError(`${where}: ${e.message}`, e.code);
    throw e;
  }
}

/**
 * Runs `f`, which loads a scene body's file: its input errors (a file that does not read, a fit
 * that overflows) are prefixed by `where` (the scene and the body), as the scene's other mistakes
 * are; they named neither.
 */
export function inScene<T>(f: () => T, where: string): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${where}: ${e.message}`, e.code);
    throw e;
  }
}

/**
 * A scene body's `"fit"`: a positive number, finite (a JSON number past float64's range, `1e400`,
 * reads as Infinity, which the check `> 0` let through to an overflow that named no body).
 */
export function sceneFit(value: unknown, where: string): number | undefined {
  if (value === Infinity)
    throw new InputError(
      `${where}: "fit" overflows: past float64's range (about 1.8e308), it reads as Infinity`,
    );
  if (value !== undefined && (typeof value !== 'number' || !(value > 0)))
    throw new InputError(`${where}: "fit" must be a positive number`);
  return value;
}

/** The keys of a scene's body: a file and its placement, or a primitive; its two ends. */
export const BODY_KEYS: readonly string[] = Object.freeze([
  'file',
  'from',
  'to',
  'center',
  'fit',
  ...PRIMITIVE_KEYS,
]);

/**
 * Refuses a key a scene object does not know: a misspelt `"form"` for `"from"` left a body at rest,
 * a `"tolerence"` the default in force, with no word said.
 */
export function assertKnownKeys(value: object, known: readonly string[], where: string): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key))
      throw new InputError(`${where}: unknown key ${describeValue(key)} (expected ${known.join(', ')})`);
  }
}

/** A scene's `"directional"`: `"on"`, `"off"` or `"auto"` (the default), named as the scene's. */
export function sceneDirectional(value: unknown, where: string): DirectionalMode {
  if (value !== undefined && value !== 'on' && value !== 'off' && value !== 'auto')
    throw new InputError(
      `${where}: "directional" must be "on", "off" or "auto", got ${describeValue(value)}`,
    );
  return directionalOption(value);
}
