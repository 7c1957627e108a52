// Faults an adversarial probe found (each test fails on the code before its fix): a file of
// 2³¹ − 1 bytes asked Node for one read of 2³¹ (the process aborted), an ASCII name that made the
// text read back as a binary mesh, views that passed `instanceof Uint8Array` and were not one (or
// whose buffer was detached) meeting the readers as raw TypeErrors, a process out of memory for an
// OBJ fan raising a raw RangeError, and writers that wrote NaN or missing vertices of a surface
// whose arrays were changed after it was built.

import { Surface } from '@firsttouch/mesh';
import { FirstTouchError } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { allocationFailed } from '../src/growable.js';
import { detectStlFormat, readObj, readStl, writeObj, writeStl } from '../src/index.js';
import { Collector } from '../src/node/file-bytes.js';
import { readStlFile } from '../src/node.js';

/** The code of what `f` throws (a FirstTouchError's), or the class name of anything else. */
function thrown(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return e instanceof FirstTouchError ? e.code : `raw ${(e as Error).constructor.name}`;
  }
  return 'nothing';
}

const triangle = () => Surface.fromTriangles([0, 0, 0, 10, 0, 0, 0, 1, 0]);

describe('faults found by an adversarial probe', () => {
  it('asks Node for at most 2³⁰ bytes a read (a file of 2³¹ − 1 bytes asked for 2³¹)', () => {
    // the buffer of a regular file of 2³¹ − 1 bytes (one more byte, to see a file that grew);
    // untouched, so it costs no memory
    const c = new Collector('big.stl', 'readStlFile', 2 ** 31 - 1, 2 ** 31 - 1);
    expect(c.buffer.length).toBe(2 ** 31);
    expect(c.room()).toBe(2 ** 30);
    c.add(2 ** 30);
    expect(c.room()).toBe(2 ** 30);
    c.add(2 ** 30 - 1);
    expect(c.room()).toBe(1);
    expect(new Collector('small.stl', 'readStlFile', 100, 10).room()).toBe(11);
  });

  it('checks the format of readStlFile before it reads (a missing file answered ENOENT, a typo cost a read)', async () => {
    const e = await readStlFile('/no/such/file.stl', { format: 'bianry' as never }).then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(FirstTouchError);
    expect((e as FirstTouchError).code).toBe('INVALID_OPTION');
  });

  it('refuses an ASCII name with a character below the tab (it could make the text a binary file)', () => {
    // the name's bytes 74..77 are the file's bytes 80..83, the count of a binary header: 5, and
    // the text is then exactly 84 + 50 · 5 bytes
    const name = `${'a'.repeat(74)}\x05\x00\x00\x00${'a'.repeat(22)}`;
    expect(thrown(() => writeStl(triangle(), { format: 'ascii', name }))).toBe('INVALID_OPTION');
    for (let c = 0; c < 9; c++) {
      expect(
        thrown(() => writeStl(triangle(), { format: 'ascii', name: `a${String.fromCharCode(c)}b` })),
      ).toBe('INVALID_OPTION');
    }
    // the tab and everything above it still read back
    const ok = writeStl(triangle(), { format: 'ascii', name: 'a\tb~é' });
    expect(detectStlFormat(ok)).toBe('ascii');
    expect(readStl(ok).surface.facetCount).toBe(1);
  });

  it('refuses views that are not one, and reads a detached view as empty', () => {
    const text = new TextEncoder().encode('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');
    const ab = text.slice().buffer;
    const u = new Uint8Array(ab);
    structuredClone(ab, { transfer: [ab] });
    expect(thrown(() => readObj(u))).toBe('EMPTY');
    expect(thrown(() => readStl(u))).toBe('EMPTY');
    expect(thrown(() => detectStlFormat(u))).toBe('EMPTY');
    const fakes = [new Proxy(new Uint8Array(9), {}), Object.create(Uint8Array.prototype)];
    for (const f of fakes) {
      expect(thrown(() => readObj(f))).toBe('INVALID_OPTION');
      expect(thrown(() => readStl(f))).toBe('INVALID_OPTION');
      expect(thrown(() => detectStlFormat(f))).toBe('INVALID_OPTION');
    }
    // real views still read: a subarray at an offset, a DataView, a Buffer
    const big = new Uint8Array(text.length + 7);
    big.set(text, 7);
    expect(readObj(big.subarray(7)).surface.facetCount).toBe(1);
    expect(readObj(new DataView(big.buffer, 7) as unknown as Uint8Array).surface.facetCount).toBe(1);
    expect(readObj(Buffer.from(text)).surface.facetCount).toBe(1);
  });

  it('refuses memory the process cannot allocate as FILE_TOO_LARGE (and lets other errors pass)', () => {
    const oom = new RangeError('Array buffer allocation failed');
    expect(thrown(() => allocationFailed('readObj', 2 ** 30, oom))).toBe('FILE_TOO_LARGE');
    expect(() => allocationFailed('readObj', 2 ** 30, oom)).toThrow(/readObj: .*1073741824 numbers/);
    expect(thrown(() => allocationFailed('readObj', 1, new TypeError('x')))).toBe('raw TypeError');
  });

  it('refuses to write a surface whose arrays were changed after it was built', () => {
    const nan = triangle();
    nan.positions[4] = Number.NaN;
    const far = triangle();
    (far.indices as Uint32Array)[2] = 7;
    const gone = triangle();
    structuredClone(gone.positions.buffer, { transfer: [gone.positions.buffer as ArrayBuffer] });
    for (const write of [
      (s: Surface) => writeStl(s, { format: 'ascii' }),
      (s: Surface) => writeStl(s),
      (s: Surface) => writeObj(s),
    ]) {
      expect(thrown(() => write(nan))).toBe('NON_FINITE');
      expect(thrown(() => write(far))).toBe('INDEX_RANGE');
      expect(thrown(() => write(gone))).toBe('INDEX_RANGE');
      expect(thrown(() => write(triangle()))).toBe('nothing');
    }
  });
});
