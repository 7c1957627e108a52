import { describeValue, FirstTouchError } from '@firsttouch/pose';

/**
 * When to use the directional (C2A) bound: `true` at every step, `false` never (plain bound only),
 * `'auto'` (the default) plain steps, and the larger of the two after 8 stalled steps in a row.
 *
 * @example
 * ```ts
 * import type { DirectionalMode } from '@firsttouch/ccd';
 * const mode: DirectionalMode = 'auto';
 * ```
 */
export type DirectionalMode = boolean | 'auto';

/**
 * Options of the advancement loop.
 *
 * @example
 * ```ts
 * import type { AdvanceOptions } from '@firsttouch/ccd';
 * const options: AdvanceOptions = { tolerance: 1e-6, maxIterations: 1000, directional: 'auto' };
 * ```
 */
export interface AdvanceOptions {
  /** Contact is declared at a gap ≤ tolerance; steps keep the gap ≥ tolerance / 2. */
  tolerance?: number;
  /** The iteration cap (default 1000); each iteration is one step and one gap evaluation. */
  maxIterations?: number;
  /** See {@link DirectionalMode} (default `'auto'`). */
  directional?: DirectionalMode;
}

/** The validated options, defaults filled in. */
export interface ResolvedOptions {
  tolerance: number;
  maxIterations: number;
  directional: DirectionalMode;
}

/** Default iteration cap. */
export const DEFAULT_MAX_ITERATIONS = 1000;

/**
 * Validates the options; `defaultTolerance` is used when `tolerance` is absent.
 *
 * @throws {@link FirstTouchError} `INVALID_OPTION` naming the option.
 * @example
 * ```ts
 * import { resolveOptions } from '@firsttouch/ccd';
 * console.log(resolveOptions({}, 1e-6).maxIterations); // 1000
 * ```
 */
export function resolveOptions(
  options: AdvanceOptions | undefined,
  defaultTolerance: number,
): ResolvedOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new FirstTouchError('INVALID_OPTION', `options must be an object, got ${describeValue(options)}`);
  }
  const o = options ?? {};
  const tolerance = o.tolerance ?? defaultTolerance;
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || !(tolerance > 0)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `tolerance must be a positive finite number, got ${describeValue(tolerance)}`,
    );
  }
  const maxIterations = o.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  if (typeof maxIterations !== 'number' || !Number.isInteger(maxIterations) || maxIterations < 1) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `maxIterations must be an integer ≥ 1, got ${describeValue(maxIterations)}`,
    );
  }
  const directional = o.directional ?? 'auto';
  if (directional !== true && directional !== false && directional !== 'auto') {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `directional must be true, false or 'auto', got ${describeValue(directional)}`,
    );
  }
  return { tolerance, maxIterations, directional };
}
