import { describeValue, FirstTouchError } from '@firsttouch/pose';

/**
 * The options object of `where` (an empty one for `undefined`).
 *
 * @throws `FirstTouchError` `INVALID_OPTION` when it is not an object.
 */
export function optionsObject(options: unknown, where: string): Record<string, unknown> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: options must be an object, got ${describeValue(options)}`,
    );
  }
  return options as Record<string, unknown>;
}

/**
 * `options[key]` when it is one of `allowed`, `fallback` when it is undefined.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` naming the option and the allowed values.
 */
export function choice<T extends string>(
  options: Record<string, unknown>,
  key: string,
  allowed: readonly T[],
  fallback: T,
  where: string,
): T {
  const value = options[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: ${key} must be ${allowed.map((a) => `'${a}'`).join(', ')}; got ${describeValue(value)}`,
    );
  }
  return value as T;
}

/**
 * `options[key]` when it is a string, `''` when it is undefined.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for anything else.
 */
export function stringOption(options: Record<string, unknown>, key: string, where: string): string {
  const value = options[key];
  if (value === undefined) return '';
  if (typeof value !== 'string') {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: ${key} must be a string, got ${describeValue(value)}`,
    );
  }
  return value;
}
