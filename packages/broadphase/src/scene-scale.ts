import { defaultTolerance } from '@firsttouch/ccd';
import { type DriverResult, unitTolerance, unscaled } from '@firsttouch/ccd/internal';
import { scaleExponent, timesPowerOfTwo } from '@firsttouch/mesh/internal';
import { changedEntry } from './bodies.js';

/** A body as the scene's scale reads it (a `Surface`, a `Curve`). */
interface ScaledBody<B> {
  extent(): { readonly largestCoordinate: number };
  scaledByPowerOfTwo(e: number): B;
}

/** How the scene's scale reads a body of a kind: its size, and the body scaled by 2^e. */
export interface BodyScale<B> {
  extent(body: B): { readonly largestCoordinate: number };
  scaled(body: B, e: number): B;
}

/** The methods of bodies that carry them (surfaces, curves). */
const METHODS: BodyScale<ScaledBody<unknown>> = Object.freeze({
  extent: (body: ScaledBody<unknown>) => body.extent(),
  scaled: (body: ScaledBody<unknown>, e: number) => body.scaledByPowerOfTwo(e) as ScaledBody<unknown>,
});

/**
 * A scene taken to unit size: its bodies scaled by 2^e (exactly), its poses' translations shifted
 * by −`shift` (the first body's at s = 0) and scaled by 2^e; what a many-body query runs on when
 * the scene lies far from unit size (see mesh's `scaleExponent`).
 */
export interface UnitScene<B, P> {
  e: number;
  shift: Float64Array;
  bodies: B[];
  poses0: P[];
  poses1: P[];
}

/**
 * The scene at unit size, or null where it is already within [2^−128, 2^128] (it runs as given).
 * Reads validated bodies and poses (call it after the checks). `poseSpread`, when given, is the
 * largest `|t[k] − shift[k]|` over the poses' translations, already taken (see `StepBodies`): the
 * poses are then read only when the scene is scaled.
 */
export function unitScene<B, P extends { readonly t: ArrayLike<number> }>(
  bodies: readonly B[],
  poses0: readonly P[],
  poses1: readonly P[],
  ops: BodyScale<B> = METHODS as BodyScale<never>,
  poseSpread?: number,
): UnitScene<B, P> | null {
  if (bodies.length === 0) return null;
  const shift = Float64Array.from(poses0[0].t);
  let m = poseSpread ?? 0;
  // bodies often share one shape: its extent is read once a run of them
  let last: B | undefined;
  for (let i = 0; i < bodies.length; i++) {
    if (bodies[i] !== last) {
      last = bodies[i];
      // (read again after the checks: an entry that now answers no object is refused by name)
      if (typeof last !== 'object' || last === null) changedEntry('bodies', i, last);
      m = Math.max(m, ops.extent(last).largestCoordinate);
    }
    if (poseSpread === undefined)
      m = Math.max(m, farthest(tOf(poses0, i, 'poses0'), shift), farthest(tOf(poses1, i, 'poses1'), shift));
  }
  const e = scaleExponent(m);
  if (e === 0) return null;
  const place = (p: P): P => ({ ...p, t: Array.from(shift, (c, k) => timesPowerOfTwo(p.t[k] - c, e)) });
  return {
    e,
    shift,
    bodies: bodies.map((b) => ops.scaled(b, e)),
    poses0: poses0.map(place),
    poses1: poses1.map(place),
  };
}

/** The translation of pose i, read again after the checks (refused by name where it is gone). */
function tOf<P extends { readonly t: ArrayLike<number> }>(
  poses: readonly P[],
  i: number,
  name: string,
): ArrayLike<number> {
  const p = poses[i];
  if (typeof p !== 'object' || p === null) changedEntry(name, i, p);
  const t = p.t;
  if (typeof t !== 'object' || t === null) changedEntry(name, i, p);
  return t;
}

/** The largest |t[k] − origin[k]|. */
function farthest(t: ArrayLike<number>, origin: Float64Array): number {
  let m = 0;
  for (let k = 0; k < origin.length; k++) m = Math.max(m, Math.abs(t[k] - origin[k]));
  return m;
}

/**
 * The options of the scene's run at unit size: an explicit tolerance taken there by 2^e; else the
 * default `tolerance` the scene resolved when the rounding floor of its own coordinates raised it
 * above 1e-6 of `largestDiagonal` (the scene at unit size is shifted, so its floor would be
 * another); else the options as given (the diagonal's default scales by itself).
 */
export function unitOptions<O extends { tolerance?: number }>(
  options: O | undefined,
  e: number,
  tolerance: number,
  largestDiagonal: number,
): O | undefined {
  const given = options?.tolerance ?? (tolerance > defaultTolerance(largestDiagonal) ? tolerance : undefined);
  if (given === undefined) return options;
  return { ...(options as O), tolerance: unitTolerance(given, e) };
}

/** A pair's result run at unit size, taken back (in place; null stays null), with the tolerance given. */
export function unscaledImpact<R extends DriverResult>(
  r: R | null,
  scene: UnitScene<unknown, unknown>,
  tolerance: number,
): R | null {
  if (r === null) return null;
  unscaled(r, scene.e, scene.shift, scene.shift.length);
  r.tolerance = tolerance;
  return r;
}
