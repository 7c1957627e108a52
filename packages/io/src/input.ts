import { describeValue, FirstTouchError } from '@firsttouch/pose';

/**
 * What the readers take: the bytes of a file (a `Uint8Array`, which includes Node's `Buffer`, or an
 * `ArrayBuffer`) or its text.
 *
 * @example
 * ```ts
 * import { type FileData, readStl } from '@firsttouch/io';
 * const data: FileData = 'solid t facet normal 0 0 1 outer loop vertex 0 0 0 vertex 1 0 0 vertex 0 1 0 endloop endfacet endsolid';
 * console.log(readStl(data).surface.facetCount); // 1
 * ```
 */
export type FileData = Uint8Array | ArrayBuffer | string;

// TextEncoder and TextDecoder exist in every browser and in Node, but not in the ES2022 library the
// packages compile against (no DOM types, no Node types in core code): declare the little we use.
interface Codecs {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new (label: string) => { decode(bytes: Uint8Array): string };
}
const codecs = globalThis as unknown as Codecs;

/** UTF-8 bytes of `text`. */
export function encodeUtf8(text: string): Uint8Array {
  return new codecs.TextEncoder().encode(text);
}

/** `bytes` read as UTF-8, malformed sequences replaced by U+FFFD. */
export function decodeUtf8(bytes: Uint8Array): string {
  return new codecs.TextDecoder('utf-8').decode(bytes);
}

/** `bytes` one character a byte (windows-1252, which is ASCII below 128). */
export function decodeLatin1(bytes: Uint8Array): string {
  return new codecs.TextDecoder('latin1').decode(bytes);
}

/**
 * The bytes of `data` without copying them (a view of an `ArrayBuffer`, text encoded as UTF-8).
 * A view is told by `ArrayBuffer.isView`, which reads the object's own kind: a proxy of a
 * `Uint8Array` or an object made from its prototype passed `instanceof` and met the readers as
 * raw TypeErrors. A view is first viewed again on its buffer, which throws when the buffer is
 * detached (a detached `Uint8Array` reads as empty, and its `includes` threw).
 *
 * @throws `FirstTouchError` `INVALID_OPTION` when `data` is none of the accepted types, `EMPTY` for
 *   a detached buffer.
 */
export function toBytes(data: unknown, where: string): Uint8Array {
  try {
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    if (ArrayBuffer.isView(data)) {
      const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      // (a Uint8Array as given, a Buffer included; any other view as its bytes)
      return data instanceof Uint8Array ? data : bytes;
    }
  } catch {
    // a detached (transferred) buffer cannot be viewed
    throw new FirstTouchError(
      'EMPTY',
      `${where}: the data's buffer is detached (transferred away): there is nothing to read`,
    );
  }
  if (typeof data === 'string') return encodeUtf8(data);
  throw new FirstTouchError(
    'INVALID_OPTION',
    `${where}: data must be a Uint8Array, an ArrayBuffer or a string, got ${describeValue(data)}`,
  );
}

/**
 * A short, printable rendering of `bytes[start, end)` for error messages: at most 32 bytes, quoted,
 * so that a hostile file cannot flood a message.
 */
export function quoteBytes(bytes: Uint8Array, start: number, end: number): string {
  const n = Math.min(end - start, 32);
  let s = '';
  for (let i = 0; i < n; i++) {
    const b = bytes[start + i];
    s += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return `'${s}${end - start > n ? '...' : ''}'`;
}
