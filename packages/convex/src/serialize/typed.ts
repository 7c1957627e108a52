// The typed arrays of serialized body data (shapes here, surfaces and curves in mesh): checked by
// their class's name as the engine keeps it (an array cloned into another thread or window is of
// that realm's class, so `instanceof` would refuse it, and a `Symbol.toStringTag` the data defines
// on an array of another kind would pass a check by `Object.prototype.toString`), read through new
// views of their memory (so that no property the data defines on an array is ever read), and laid
// out back to back in one buffer, so that a body travels as one transfer or one shared block.
import { describeValue, FirstTouchError } from '@firsttouch/pose';

/** The typed arrays body data is made of, by name. */
export interface TypedArrays {
  Float64Array: Float64Array;
  Float32Array: Float32Array;
  Uint32Array: Uint32Array;
  Int32Array: Int32Array;
  Uint8Array: Uint8Array;
}

/**
 * True when `array` lives in a `SharedArrayBuffer` (of any realm: checked by its tag, as a buffer
 * posted from another thread is of that thread's class). For the packages' own arrays (a body's, a
 * tree's): data from elsewhere goes through {@link typedArray} first.
 */
export function inSharedMemory(array: ArrayBufferView): boolean {
  return Object.prototype.toString.call(array.buffer) === '[object SharedArrayBuffer]';
}

/**
 * The engine's own getters of typed arrays: data can define an own property of any name on its
 * array (`length`, `buffer`, `Symbol.toStringTag`), never change these.
 */
type Getter = (this: unknown) => unknown;
function typedGetter(key: PropertyKey): Getter {
  const prototype = Object.getPrototypeOf(Uint8Array.prototype) as object;
  return Object.getOwnPropertyDescriptor(prototype, key)?.get as Getter;
}
const TYPED = Object.freeze({
  /** A typed array's class name (`'Float64Array'`, …); undefined for any other value. */
  name: typedGetter(Symbol.toStringTag),
  buffer: typedGetter('buffer'),
  offset: typedGetter('byteOffset'),
  length: typedGetter('length'),
});

/** This realm's class of each kind of {@link TypedArrays}. */
const CLASSES: {
  [K in keyof TypedArrays]: new (
    buffer: ArrayBufferLike,
    offset: number,
    length: number,
  ) => TypedArrays[K];
} = Object.freeze({
  Float64Array,
  Float32Array,
  Uint32Array,
  Int32Array,
  Uint8Array,
});

/**
 * `value` when it is a typed array of class `tag` (of any realm), else `BAD_DATA` naming `name`.
 *
 * @throws `FirstTouchError` `BAD_DATA`.
 */
export function typedArray<K extends keyof TypedArrays>(
  value: unknown,
  tag: K,
  name: string,
  where: string,
): TypedArrays[K] {
  if (TYPED.name.call(value) !== tag) {
    throw new FirstTouchError('BAD_DATA', `${where}: ${name} must be a ${tag}, got ${describeValue(value)}`);
  }
  // A view of this realm's class over the same memory, its place and length read by the engine's
  // getters: the body reads the data in place, and never an own `length` (or any other property)
  // that the data defines on its array.
  const buffer = TYPED.buffer.call(value) as ArrayBufferLike;
  const offset = TYPED.offset.call(value) as number;
  const length = TYPED.length.call(value) as number;
  try {
    return new CLASSES[tag](buffer, offset, length);
  } catch {
    // (no view can be made on a buffer that was transferred away)
    throw new FirstTouchError(
      'BAD_DATA',
      `${where}: ${name} is a ${tag} whose buffer was detached (transferred to another thread)`,
    );
  }
}

/** A typed array of one of the classes of {@link TypedArrays}. */
export type Packable = TypedArrays[keyof TypedArrays];

/**
 * Copies of `arrays`, in the same order, laid out back to back in one new buffer (a
 * `SharedArrayBuffer` when `shared`): the widest elements first, so that every array starts aligned
 * for its kind. With `shared`, an array already in shared memory is not copied: it is given as it is
 * (a body built in shared memory is sent without a copy).
 */
export function packArrays<T extends readonly Packable[]>(arrays: T, shared: boolean): T {
  const order = arrays
    .map((_, i) => i)
    .filter((i) => !(shared && inSharedMemory(arrays[i])))
    .sort((i, j) => arrays[j].BYTES_PER_ELEMENT - arrays[i].BYTES_PER_ELEMENT);
  if (order.length === 0) return arrays;
  let bytes = 0;
  for (const i of order) bytes += arrays[i].byteLength;
  const buffer = shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
  const out: Packable[] = arrays.slice();
  let at = 0;
  for (const i of order) {
    const a = arrays[i];
    const copy = new (a.constructor as new (b: ArrayBufferLike, o: number, n: number) => Packable)(
      buffer,
      at,
      a.length,
    );
    copy.set(a as never);
    out[i] = copy;
    at += a.byteLength;
  }
  return out as unknown as T;
}
