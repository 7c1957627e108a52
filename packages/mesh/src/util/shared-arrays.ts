// Typed arrays laid out back to back in one SharedArrayBuffer: what a body built straight into
// shared memory allocates (its vertices and indices, its tree), so that serializing it copies
// nothing and posting it to a worker shares it.

/** The typed arrays a body is made of. */
export type BodyArray = Float64Array | Float32Array | Uint32Array | Uint8Array;

/** A typed array class of {@link BodyArray}. */
type BodyArrayClass = {
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): BodyArray;
  readonly BYTES_PER_ELEMENT: number;
};

/**
 * Fresh zeroed arrays of the classes and lengths of `specs`, in the same order, back to back in one
 * new `SharedArrayBuffer`, the widest elements first (so that every array starts aligned for its
 * kind).
 */
export function sharedArrays(specs: ReadonlyArray<readonly [BodyArrayClass, number]>): BodyArray[] {
  const order = specs
    .map((_, i) => i)
    .sort((i, j) => specs[j][0].BYTES_PER_ELEMENT - specs[i][0].BYTES_PER_ELEMENT);
  let bytes = 0;
  for (const [Class, length] of specs) bytes += Class.BYTES_PER_ELEMENT * length;
  const buffer = new SharedArrayBuffer(bytes);
  const out: BodyArray[] = new Array(specs.length);
  let at = 0;
  for (const i of order) {
    const [Class, length] = specs[i];
    out[i] = new Class(buffer, at, length);
    at += Class.BYTES_PER_ELEMENT * length;
  }
  return out;
}
