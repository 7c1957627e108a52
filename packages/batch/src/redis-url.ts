// How a Redis URL appears in a message: the queue's and the command-line tool's alike (a module of
// its own, without bullmq or ioredis, so that the tool can word its usage errors without them).

/**
 * A Redis URL without its user and password, for messages and logs.
 *
 * @example
 * ```ts
 * import { redactedRedisUrl } from '@firsttouch/batch';
 * console.log(redactedRedisUrl('redis://me:secret@db:6379/0')); // redis://…@db:6379/0
 * ```
 */
export function redactedRedisUrl(url: string): string {
  // (up to the last `@` before the host: a password holding `@` is read whole by the URL parser and
  // ioredis, and stopping at the first one showed the rest of it)
  return url.replace(/\/\/[^/?#]*@/, '//…@');
}
