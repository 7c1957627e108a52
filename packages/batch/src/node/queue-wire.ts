// What travels through Redis: bodies stored once under their content hash, and the queries and
// answers of a job, all in V8's structured-clone format (typed arrays, −0 and NaN kept exactly:
// JSON would turn a Float64Array into an object and lose −0), base64 where BullMQ wants text.
/// <reference types="node" preserve="true" />
import { createHash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';

/** A value as text: V8's serialization, base64. */
export function encode(value: unknown): string {
  return serialize(value).toString('base64');
}

/** The value of {@link encode}'s text. */
export function decode(text: unknown): unknown {
  if (typeof text !== 'string') throw new Error(`expected an encoded value, got ${typeof text}`);
  return deserialize(Buffer.from(text, 'base64'));
}

/** A body's serialized data as bytes, and the hash that names it (SHA-256 of the bytes, hex). */
export function bodyBytes(data: unknown): { bytes: Buffer; hash: string } {
  const bytes = serialize(data);
  return { bytes, hash: createHash('sha256').update(bytes).digest('hex') };
}

/** The data of {@link bodyBytes}'s bytes. */
export function bodyData(bytes: Buffer): unknown {
  return deserialize(bytes);
}

/** The Redis key of a body of queue `queue`. */
export function bodyKey(prefix: string, queue: string, hash: string): string {
  return `${prefix}:${queue}:firsttouch-body:${hash}`;
}
