/**
 * A generator's length argument: a number, positive and finite. Tested by `typeof` first, so that a
 * symbol or a BigInt is refused as a bad option rather than thrown out of the comparison as a
 * TypeError.
 *
 * @example
 * ```ts
 * import { disc } from '@firsttouch/mesh';
 * // the generators test their lengths with it: a symbol is a bad option, not a TypeError
 * try {
 *   disc(Symbol() as unknown as number);
 * } catch (e) {
 *   console.log((e as { code?: string }).code); // INVALID_OPTION
 * }
 * ```
 */
export function positiveFinite(x: unknown): x is number {
  return typeof x === 'number' && x > 0 && x < Number.POSITIVE_INFINITY;
}
