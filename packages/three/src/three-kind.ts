import { describeValue, FirstTouchError } from '@firsttouch/pose';

/**
 * Throws `INVALID_OPTION` unless `value` carries three.js's own flag of its class (`isObject3D`,
 * `isBufferGeometry`, `isMatrix4`): the flag, not `instanceof`, since an app may load a second copy
 * of three, whose objects are just as good.
 */
export function assertThreeKind(value: unknown, flag: string, name: string, kind: string): void {
  if (typeof value !== 'object' || value === null || (value as Record<string, unknown>)[flag] !== true)
    throw new FirstTouchError('INVALID_OPTION', `${name} must be ${kind}, got ${describeValue(value)}`);
}
