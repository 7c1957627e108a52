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
 * `options[key]` when it is a string of text, `''` when it is undefined.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for anything else, and for a string holding a lone
 *   surrogate (half of a UTF-16 pair: UTF-8 cannot hold it, and it read back as U+FFFD).
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
  // (a high surrogate not followed by a low one, or a low one not after a high one)
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(value);
  if (lone !== null) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: ${key} holds a lone surrogate at ${lone.index} (half of a UTF-16 pair), which UTF-8 cannot hold: it would read back as U+FFFD`,
    );
  }
  return value;
}
