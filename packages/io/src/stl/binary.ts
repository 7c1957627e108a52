import { Surface } from '@firsttouch/mesh';
import { FirstTouchError } from '@firsttouch/pose';
import { decodeUtf8, encodeUtf8 } from '../input.js';
import { facetNormal, NormalWork } from './facet-normal.js';
import type { StlReadResult } from './types.js';

/** Bytes of the binary header. */
export const HEADER_BYTES = 80;
/** Bytes before the first facet: the header and the uint32 facet count. */
export const PREAMBLE_BYTES = 84;
/** Bytes of a facet: normal and three vertices (12 float32) and a 2-byte attribute. */
export const FACET_BYTES = 50;

/** The facet count a binary header claims (little-endian uint32 at byte 80); -1 below 84 bytes. */
export function claimedFacetCount(bytes: Uint8Array): number {
  if (bytes.length < PREAMBLE_BYTES) return -1;
  return (bytes[80] | (bytes[81] << 8) | (bytes[82] << 16)) + bytes[83] * 0x1000000;
}

/**
 * Reads binary STL. The claimed facet count is checked against the byte length before anything is
 * allocated, so a header claiming 2³² − 1 facets in a 1 kB file fails at once. Coordinates go
 * through a `Float32Array` (they are float32: it holds them exactly at half the memory of float64),
 * then into the surface. Stored normals and the attribute bytes are ignored.
 *
 * @param note - appended to size errors (why the data was taken for binary).
 * @throws `FirstTouchError` `STL_TRUNCATED` when the size is not `84 + 50 n` for the claimed
 *   `n`, `EMPTY` for `n = 0`, `NON_FINITE` naming the facet and byte offset of a NaN or infinity.
 */
export function readBinaryStl(bytes: Uint8Array, note = ''): StlReadResult {
  const size = bytes.length;
  const count = claimedFacetCount(bytes);
  if (count < 0) {
    throw new FirstTouchError(
      'STL_TRUNCATED',
      `binary STL: ${size} bytes, fewer than the ${PREAMBLE_BYTES} of the header and the facet count${note}`,
    );
  }
  const expected = PREAMBLE_BYTES + FACET_BYTES * count;
  if (size !== expected) {
    const detail =
      size < expected
        ? `it ends inside facet ${Math.floor((size - PREAMBLE_BYTES) / FACET_BYTES)} (byte offset ${size})`
        : `${size - expected} bytes follow the last facet`;
    throw new FirstTouchError(
      'STL_TRUNCATED',
      `binary STL: the header claims ${count} facets, 84 + 50 · ${count} = ${expected} bytes, but the data holds ${size}: ${detail}${note}`,
    );
  }
  if (count === 0) throw new FirstTouchError('EMPTY', 'binary STL: the header claims 0 facets');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const xyz = new Float32Array(9 * count);
  for (let f = 0; f < count; f++) {
    const at = PREAMBLE_BYTES + FACET_BYTES * f + 12;
    for (let k = 0; k < 9; k++) {
      const x = view.getFloat32(at + 4 * k, true);
      // x − x is 0 for every finite x, NaN for NaN and ±infinity.
      if (x - x !== 0) {
        throw new FirstTouchError(
          'NON_FINITE',
          `binary STL: facet ${f}, vertex ${Math.floor(k / 3)}: coordinate ${'xyz'[k % 3]} is ${x} (byte offset ${at + 4 * k})`,
        );
      }
      xyz[9 * f + k] = x;
    }
  }
  const header = bytes.slice(0, HEADER_BYTES);
  const name = headerName(header);
  return {
    surface: Surface.fromTriangles(xyz),
    name,
    header,
    solids: [{ name, firstFacet: 0, facetCount: count }],
    format: 'binary',
  };
}

/** The header as text: its bytes up to the first zero byte, as UTF-8, trimmed. */
function headerName(header: Uint8Array): string {
  let end = header.indexOf(0);
  if (end < 0) end = header.length;
  return decodeUtf8(header.subarray(0, end)).trim();
}

/**
 * Writes binary STL: the name's UTF-8 bytes (cut at 80 on a character boundary) then zeros in the
 * header, float32 normals and coordinates, zero attributes. Float32 is the format: a coordinate
 * rounds to the nearest float32, so the round trip is exact only for float32 values.
 *
 * @throws `FirstTouchError` `NON_FINITE` naming the facet of a coordinate beyond the float32
 *   range (about 3.4e38), which the format cannot hold.
 */
export function writeBinaryStl(surface: Surface, name: string): Uint8Array {
  const { positions, indices, facetCount } = surface;
  const out = new Uint8Array(PREAMBLE_BYTES + FACET_BYTES * facetCount);
  out.set(headerBytes(name));
  const view = new DataView(out.buffer);
  view.setUint32(HEADER_BYTES, facetCount, true);
  const normal = new Float64Array(3);
  const work = new NormalWork();
  for (let f = 0; f < facetCount; f++) {
    const at = PREAMBLE_BYTES + FACET_BYTES * f;
    facetNormal(positions, indices, f, normal, work);
    for (let k = 0; k < 3; k++) view.setFloat32(at + 4 * k, normal[k], true);
    for (let v = 0; v < 3; v++) {
      const p = 3 * indices[3 * f + v];
      for (let k = 0; k < 3; k++) {
        const x = positions[p + k];
        if (!Number.isFinite(Math.fround(x))) {
          throw new FirstTouchError(
            'NON_FINITE',
            `writeStl: facet ${f}, vertex ${v}: coordinate ${'xyz'[k]} = ${x} is beyond the float32 range of binary STL (write ASCII)`,
          );
        }
        view.setFloat32(at + 12 + 12 * v + 4 * k, x, true);
      }
    }
  }
  return out;
}

/** The name's UTF-8 bytes, at most 80, not cutting a multi-byte character. */
function headerBytes(name: string): Uint8Array {
  const bytes = encodeUtf8(name);
  if (bytes.length <= HEADER_BYTES) return bytes;
  let end = HEADER_BYTES;
  // Continuation bytes are 10xxxxxx: back off to the start of the character that straddles the cut.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}
