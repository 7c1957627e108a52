import { FirstTouchError } from '@firsttouch/pose';

/**
 * Refuses what the process could not allocate (`new Float64Array(n)` throws a RangeError when the
 * memory is not there) as `FILE_TOO_LARGE` naming the caller: an OBJ face of N vertices becomes
 * N − 2 triangles, 12 bytes of indices for each 2 bytes of text, and a large one met a limit on
 * memory as a raw RangeError. Other errors pass as they are.
 */
export function allocationFailed(where: string, numbers: number, e: unknown): never {
  if (e instanceof RangeError) {
    throw new FirstTouchError(
      'FILE_TOO_LARGE',
      `${where}: the mesh needs room for ${numbers} numbers, which this process could not allocate (${e.message})`,
    );
  }
  throw e;
}

/**
 * A `Float64Array` that grows by doubling: parsers append numbers without knowing their count and
 * without an object or a boxed number per value. `view()` is the filled part, no copy. `where`
 * names the caller when the memory runs out (see {@link allocationFailed}).
 */
export class GrowableFloat64 {
  data: Float64Array;
  length = 0;
  readonly #where: string;

  constructor(capacity = 1024, where = 'a reader') {
    this.data = new Float64Array(capacity);
    this.#where = where;
  }

  push(x: number): void {
    if (this.length === this.data.length) this.#grow();
    this.data[this.length++] = x;
  }

  view(): Float64Array {
    return this.data.subarray(0, this.length);
  }

  #grow(): void {
    let next: Float64Array;
    try {
      next = new Float64Array(2 * this.data.length);
    } catch (e) {
      allocationFailed(this.#where, 2 * this.data.length, e);
    }
    next.set(this.data);
    this.data = next;
  }
}

/** A `Uint32Array` that grows by doubling (see {@link GrowableFloat64}). */
export class GrowableUint32 {
  data: Uint32Array;
  length = 0;
  readonly #where: string;

  constructor(capacity = 1024, where = 'a reader') {
    this.data = new Uint32Array(capacity);
    this.#where = where;
  }

  push(x: number): void {
    if (this.length === this.data.length) this.#grow();
    this.data[this.length++] = x;
  }

  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }

  #grow(): void {
    let next: Uint32Array;
    try {
      next = new Uint32Array(2 * this.data.length);
    } catch (e) {
      allocationFailed(this.#where, 2 * this.data.length, e);
    }
    next.set(this.data);
    this.data = next;
  }
}

/**
 * Bytes of a text file being written, growing by doubling: numbers and keywords go in as ASCII
 * without building one large string (which JavaScript engines cap at a few hundred million
 * characters, less than the ASCII form of a large mesh).
 */
export class ByteWriter {
  #data: Uint8Array;
  #length = 0;

  constructor(capacity = 4096) {
    this.#data = new Uint8Array(capacity);
  }

  /** Appends `text`, which must be ASCII (numbers, keywords, white space). */
  ascii(text: string): void {
    const n = text.length;
    this.#reserve(n);
    const d = this.#data;
    let k = this.#length;
    for (let i = 0; i < n; i++) d[k++] = text.charCodeAt(i);
    this.#length = k;
  }

  /** Appends raw bytes (an encoded name). */
  bytes(b: Uint8Array): void {
    this.#reserve(b.length);
    this.#data.set(b, this.#length);
    this.#length += b.length;
  }

  /** The bytes written, trimmed to their length (a copy the size of the file). */
  result(): Uint8Array {
    return this.#data.slice(0, this.#length);
  }

  #reserve(n: number): void {
    if (this.#length + n <= this.#data.length) return;
    let size = this.#data.length;
    while (size < this.#length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.#data.subarray(0, this.#length));
    this.#data = next;
  }
}
