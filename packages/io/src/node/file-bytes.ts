// Node's types for this module only (it is reached through `@firsttouch/io/node`, never the core).
/// <reference types="node" preserve="true" />
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describeValue, FirstTouchError } from '@firsttouch/pose';

/**
 * The most bytes a file helper reads of a regular file by default: 1 GiB, a binary STL of 21
 * million facets. A larger file is refused from its size, before anything is read.
 *
 * @example
 * ```ts
 * import { DEFAULT_MAX_FILE_BYTES } from '@firsttouch/io/node';
 * console.log(DEFAULT_MAX_FILE_BYTES === 2 ** 30); // true
 * ```
 */
export const DEFAULT_MAX_FILE_BYTES = 2 ** 30;

/**
 * The most bytes a file helper reads by default of a file whose size is unknown until it ends (a
 * device such as `/dev/zero`, a pipe, a socket): 256 MiB, a binary STL of 5.3 million facets. Such
 * a source is refused as soon as it yields more; its bound is lower than a regular file's because
 * reaching it is what refusing it costs.
 *
 * @example
 * ```ts
 * import { DEFAULT_MAX_STREAM_BYTES } from '@firsttouch/io/node';
 * console.log(DEFAULT_MAX_STREAM_BYTES === 2 ** 28); // true
 * ```
 */
export const DEFAULT_MAX_STREAM_BYTES = 2 ** 28;

/** Node refuses buffers beyond this (2 GiB − 1 on every platform it runs on). */
const LARGEST_BYTES = 2 ** 31 - 1;

/**
 * The most bytes one read asks for: Node's reads take a 32-bit signed length, and a file of
 * 2³¹ − 1 bytes (its buffer one byte more, to see a file that grew) asked for 2³¹, which aborted
 * the process (`Assertion failed: args[3]->IsInt32()`) or threw a raw RangeError. The read loops
 * take short reads already.
 */
const LARGEST_READ = 2 ** 30;

/**
 * Options of the file readers of `@firsttouch/io/node`.
 *
 * @example
 * ```ts
 * import type { FileReadOptions } from '@firsttouch/io/node';
 * const options: FileReadOptions = { maxBytes: 64 * 2 ** 20 }; // refuse anything past 64 MiB
 * ```
 */
export interface FileReadOptions {
  /**
   * Refuse a file of more bytes (`FILE_TOO_LARGE`): checked against a regular file's size before it
   * is read, and while a device, pipe or socket is read. An integer in [0, 2³¹ − 1]; default
   * {@link DEFAULT_MAX_FILE_BYTES} for a regular file, {@link DEFAULT_MAX_STREAM_BYTES} for
   * anything else.
   */
  maxBytes?: number;
}

/**
 * The bytes of the file at `path`, read with a bound: a regular file larger than `maxBytes` (default
 * 1 GiB) is refused before it is read, and anything else (`/dev/zero`, a pipe, a socket) is read
 * until it ends or yields more than `maxBytes` (default 256 MiB), then refused. Nothing grows
 * without bound.
 *
 * @param where - the caller's name, for messages.
 * @throws `FirstTouchError` `INVALID_OPTION` for a path that is not a string or a URL, holds a NUL
 *   byte (also as `%00` in a URL), or is a URL that names no local file (another scheme than
 *   file:, a remote host, an encoded `/` in a segment), or a bad `maxBytes`; `FILE_TOO_LARGE` past
 *   the bound. The file system's own errors (a missing file, a directory) are passed on as they are.
 * @example
 * ```ts
 * import { mkdtempSync, writeFileSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { readFileBytes } from '@firsttouch/io/node';
 * const path = join(mkdtempSync(join(tmpdir(), 'io-')), 'four.bin');
 * writeFileSync(path, new Uint8Array([1, 2, 3, 4]));
 * console.log((await readFileBytes(path)).length); // 4
 * try {
 *   await readFileBytes('/dev/zero', { maxBytes: 1024 });
 * } catch (e) {
 *   console.log((e as { code: string }).code); // FILE_TOO_LARGE
 * }
 * ```
 */
export async function readFileBytes(
  path: string | URL,
  options: FileReadOptions = {},
  where = 'readFileBytes',
): Promise<Uint8Array> {
  const name = checkPath(path, where);
  const limit = checkRead(options, where);
  const file: FileHandle = await open(name, 'r');
  try {
    const stat = await file.stat();
    const into = collector(path, where, limit, stat.isFile() ? stat.size : -1);
    for (;;) {
      const room = into.room(); // first: it may replace the buffer
      const { bytesRead } = await file.read(into.buffer, into.length, room);
      if (!into.add(bytesRead)) return into.bytes();
    }
  } finally {
    await file.close();
  }
}

/**
 * {@link readFileBytes}, synchronously (for command-line tools that read a file and are done).
 *
 * @throws as {@link readFileBytes}.
 * @example
 * ```ts
 * import { readFileBytesSync } from '@firsttouch/io/node';
 * try {
 *   readFileBytesSync(123 as unknown as string);
 * } catch (e) {
 *   console.log((e as { code: string }).code); // INVALID_OPTION
 * }
 * ```
 */
export function readFileBytesSync(
  path: string | URL,
  options: FileReadOptions = {},
  where = 'readFileBytesSync',
): Uint8Array {
  const name = checkPath(path, where);
  const limit = checkRead(options, where);
  const fd = openSync(name, 'r');
  try {
    const stat = fstatSync(fd);
    const into = collector(path, where, limit, stat.isFile() ? stat.size : -1);
    for (;;) {
      const room = into.room(); // first: it may replace the buffer
      if (!into.add(readSync(fd, into.buffer, into.length, room, null))) return into.bytes();
    }
  } finally {
    closeSync(fd);
  }
}

/** The collector of a file of `size` bytes (−1: unknown) under the bound `limit` (−1: the default). */
function collector(path: string | URL, where: string, limit: number, size: number): Collector {
  const bound = limit >= 0 ? limit : size >= 0 ? DEFAULT_MAX_FILE_BYTES : DEFAULT_MAX_STREAM_BYTES;
  return new Collector(path, where, bound, size);
}

/**
 * The file path `path` names, checked as every file helper checks it (readers and writers alike):
 * a string, or a file: URL Node can turn into a path on this system, with no NUL byte either way.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` naming `where` and the path otherwise, where Node's
 *   own calls threw TypeErrors of their own.
 */
export function checkPath(path: unknown, where: string): string {
  if (typeof path !== 'string' && !(path instanceof URL)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: path must be a string or a URL, got ${describeValue(path)}`,
    );
  }
  let file: string | undefined;
  if (typeof path === 'string') file = path;
  else if (path.protocol === 'file:') {
    try {
      // (refuses a host other than localhost, and an encoded / in a segment, outside Windows)
      file = fileURLToPath(path);
    } catch {
      file = undefined;
    }
  }
  // (a NUL byte, also one a URL encodes as %00, is what Node's file calls refuse next)
  if (file === undefined || file.includes('\0')) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: path must name a file (no NUL byte; a URL of the file: scheme that names a local path), got ${describeValue(String(path))}`,
    );
  }
  return file;
}

/** Validates the options; returns the bound given, −1 for the default of the file's kind. */
function checkRead(options: FileReadOptions, where: string): number {
  if (typeof options !== 'object' || options === null) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: options must be an object, got ${describeValue(options)}`,
    );
  }
  const limit = options.maxBytes;
  if (limit === undefined) return -1;
  if (!Number.isInteger(limit) || limit < 0 || limit > LARGEST_BYTES) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: maxBytes must be an integer in [0, ${LARGEST_BYTES}], got ${describeValue(options.maxBytes)}`,
    );
  }
  return limit;
}

/**
 * The bytes read so far, in chunks: a regular file's size (and one byte more, which shows a file
 * that grew), or chunks that double from 64 KiB to 16 MiB for anything else. Nothing is copied
 * until the end, so a source refused at the bound has cost `limit + 1` bytes of memory, not twice
 * that (touching fresh memory is most of what reading `/dev/zero` costs). Exported for the tests
 * only (the package exports the readers).
 */
export class Collector {
  readonly #chunks: Uint8Array[] = [];
  /** The chunk being filled, and how much of it is. */
  buffer: Uint8Array;
  length = 0;
  #total = 0;
  readonly #path: string | URL;
  readonly #where: string;
  readonly #limit: number;

  /** `size` is a regular file's size, −1 for anything else. */
  constructor(path: string | URL, where: string, limit: number, size: number) {
    this.#path = path;
    this.#where = where;
    this.#limit = limit;
    if (size > limit) this.#refuse(`holds ${size} bytes, more than maxBytes = ${limit}`);
    this.buffer = new Uint8Array(size >= 0 ? size + 1 : Math.min(limit + 1, 65536));
  }

  /**
   * Room left in the chunk being filled, at most {@link LARGEST_READ} (a new chunk first when it is
   * full): what one read may ask for.
   */
  room(): number {
    if (this.length === this.buffer.length) {
      this.#chunks.push(this.buffer);
      const next = Math.min(2 * this.buffer.length, 2 ** 24, this.#limit + 1 - this.#total);
      this.buffer = new Uint8Array(Math.max(next, 1));
      this.length = 0;
    }
    const room = this.buffer.length - this.length;
    return room < LARGEST_READ ? room : LARGEST_READ;
  }

  /** Counts `n` more bytes read; false at the end of the file. */
  add(n: number): boolean {
    if (n === 0) return false;
    this.length += n;
    this.#total += n;
    if (this.#total > this.#limit) {
      this.#refuse(
        `goes on past maxBytes = ${this.#limit} bytes (a device, a pipe, a socket or a growing file)`,
      );
    }
    return true;
  }

  /** Everything read, in one array. */
  bytes(): Uint8Array {
    if (this.#chunks.length === 0) return this.buffer.subarray(0, this.length);
    const out = new Uint8Array(this.#total);
    let at = 0;
    for (const chunk of this.#chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    out.set(this.buffer.subarray(0, this.length), at);
    return out;
  }

  #refuse(what: string): never {
    throw new FirstTouchError(
      'FILE_TOO_LARGE',
      `${this.#where}: ${String(this.#path)} ${what}; raise maxBytes to read it`,
    );
  }
}
