/**
 * A `Float64Array` that grows by doubling: parsers append numbers without knowing their count and
 * without an object or a boxed number per value. `view()` is the filled part, no copy.
 */
export class GrowableFloat64 {
  data: Float64Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Float64Array(capacity);
  }

  push(x: number): void {
    if (this.length === this.data.length) this.#grow();
    this.data[this.length++] = x;
  }

  view(): Float64Array {
    return this.data.subarray(0, this.length);
  }

  #grow(): void {
    const next = new Float64Array(2 * this.data.length);
    next.set(this.data);
    this.data = next;
  }
}

/** A `Uint32Array` that grows by doubling (see {@link GrowableFloat64}). */
export class GrowableUint32 {
  data: Uint32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Uint32Array(capacity);
  }

  push(x: number): void {
    if (this.length === this.data.length) this.#grow();
    this.data[this.length++] = x;
  }

  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }

  #grow(): void {
    const next = new Uint32Array(2 * this.data.length);
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
