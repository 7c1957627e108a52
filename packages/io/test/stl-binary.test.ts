import { describe, expect, it } from 'vitest';
import { detectStlFormat, readStl } from '../src/index.js';
import { binaryStl, codeOf, facetsOf, messageOf } from './helpers.js';

// float32 values, so the file holds them exactly.
const T1 = [0, 0, 0, 1, 0, 0, 0, 1, 0];
const T2 = [1.5, -2.25, 3, 4, 5, 6, 7, 8, 9.5];
const T3 = [-1, -2, -3, 0.25, 0.5, 0.75, 2 ** -20, 2 ** 20, -7];

describe('binary STL', () => {
  it('reads facets in order, the header and its name; normals and attributes are ignored', () => {
    const bytes = binaryStl([T1, T2, T3], { header: 'made by hand', normal: [9, 9, 9], attribute: 0xbeef });
    const r = readStl(bytes);
    expect(r.format).toBe('binary');
    expect(r.name).toBe('made by hand');
    expect(r.header.length).toBe(80);
    expect(String.fromCharCode(...r.header.subarray(0, 12))).toBe('made by hand');
    expect(r.solids).toEqual([{ name: 'made by hand', firstFacet: 0, facetCount: 3 }]);
    expect(facetsOf(r.surface)).toEqual([T1, T2, T3]);
  });

  it('rounds nothing: float32 values come back as they were', () => {
    const f = new Float32Array(9);
    for (let i = 0; i < 9; i++) f[i] = Math.fround(Math.PI * 10 ** (i - 4));
    const r = readStl(binaryStl([Array.from(f)]));
    expect(Array.from(r.surface.facet(0))).toEqual(Array.from(f));
  });

  it('reads an ArrayBuffer, and a view that starts inside a larger buffer', () => {
    const bytes = binaryStl([T2, T3]);
    expect(facetsOf(readStl(bytes.buffer as ArrayBuffer).surface)).toEqual([T2, T3]);
    const big = new Uint8Array(bytes.length + 7);
    big.set(bytes, 3);
    expect(facetsOf(readStl(big.subarray(3, 3 + bytes.length)).surface)).toEqual([T2, T3]);
  });

  it('a header that begins with "solid" (as many exporters write) is binary when the size fits', () => {
    for (const header of ['solid', 'solid part', '  SOLID exported', 'solidworks export']) {
      const bytes = binaryStl([T1, T2], { header });
      expect(detectStlFormat(bytes)).toBe('binary');
      const r = readStl(bytes);
      expect(r.format).toBe('binary');
      expect(facetsOf(r.surface)).toEqual([T1, T2]);
    }
  });

  it('a header whose text ends at a zero byte; a header full of text', () => {
    const bytes = binaryStl([T1], { header: 'name\0garbage after zero' });
    expect(readStl(bytes).name).toBe('name');
    expect(readStl(binaryStl([T1], { header: 'x'.repeat(80) })).name).toBe('x'.repeat(80));
  });

  it('the format can be forced', () => {
    const bytes = binaryStl([T1], { header: 'solid but binary' });
    expect(readStl(bytes, { format: 'binary' }).format).toBe('binary');
    // Forced ASCII reads the header as text and stops at its zero bytes.
    expect(codeOf(() => readStl(bytes, { format: 'ascii' }))).toBe('STL_SYNTAX');
  });
});

describe('binary STL: broken files', () => {
  const good = binaryStl([T1, T2, T3], { header: 'good' });

  it('cut at every length: STL_TRUNCATED (EMPTY at 0), naming sizes and where it ends', () => {
    for (let n = 0; n < good.length; n++) {
      const code = codeOf(() => readStl(good.subarray(0, n)));
      expect(code, `cut at ${n}`).toBe(n === 0 ? 'EMPTY' : 'STL_TRUNCATED');
    }
    expect(messageOf(() => readStl(good.subarray(0, 50)))).toMatch(/50 bytes, fewer than the 84/);
    // Text that does not begin with "solid" is binary by the rule, and the message says so.
    expect(messageOf(() => readStl(new TextEncoder().encode('v 0 0 0\nf 1 1 1\n')))).toMatch(
      /read as binary: the data does not begin with "solid"/,
    );
    expect(messageOf(() => readStl(good.subarray(0, 200)))).toMatch(
      /claims 3 facets, 84 \+ 50 · 3 = 234 bytes, but the data holds 200: it ends inside facet 2 \(byte offset 200\)/,
    );
  });

  it('a "solid" header cut short is taken for ASCII by the size rule, and the error says why', () => {
    const solid = binaryStl([T1, T2, T3], { header: 'solid exported' });
    const cut = solid.subarray(0, 150);
    expect(detectStlFormat(cut)).toBe('ascii');
    expect(codeOf(() => readStl(cut))).toBe('STL_SYNTAX');
    expect(messageOf(() => readStl(cut))).toMatch(/a truncated binary file\?/);
    expect(codeOf(() => readStl(cut, { format: 'binary' }))).toBe('STL_TRUNCATED');
  });

  it('a header claiming 2³² − 1 facets in 1 kB fails before allocating', () => {
    const bytes = new Uint8Array(1024);
    new DataView(bytes.buffer).setUint32(80, 0xffffffff, true);
    // Allocating 9 · (2³² − 1) floats would throw a RangeError, not this.
    expect(codeOf(() => readStl(bytes))).toBe('STL_TRUNCATED');
    expect(messageOf(() => readStl(bytes))).toMatch(/claims 4294967295 facets/);
  });

  it('bytes after the last facet: STL_TRUNCATED (the size disagrees with the count)', () => {
    const longer = new Uint8Array(good.length + 10);
    longer.set(good);
    expect(codeOf(() => readStl(longer))).toBe('STL_TRUNCATED');
    expect(messageOf(() => readStl(longer))).toMatch(/10 bytes follow the last facet/);
  });

  it('no facets: EMPTY', () => {
    expect(codeOf(() => readStl(binaryStl([])))).toBe('EMPTY');
  });

  it('a NaN or infinite coordinate: NON_FINITE naming the facet and byte offset', () => {
    for (const bad of [Number.NaN, Infinity, -Infinity]) {
      const facets = [T1, T2.slice(), T3];
      facets[1][4] = bad;
      const bytes = binaryStl(facets);
      expect(codeOf(() => readStl(bytes))).toBe('NON_FINITE');
      expect(messageOf(() => readStl(bytes))).toMatch(
        /facet 1, vertex 1: coordinate y is .* \(byte offset 162\)/,
      );
    }
  });

  it('bad arguments: INVALID_OPTION', () => {
    expect(codeOf(() => readStl(good, { format: 'stl' as 'ascii' }))).toBe('INVALID_OPTION');
    expect(codeOf(() => readStl(42 as unknown as string))).toBe('INVALID_OPTION');
    expect(codeOf(() => readStl(good, 'binary' as unknown as { format: 'binary' }))).toBe('INVALID_OPTION');
    expect(codeOf(() => readStl('solid x', { format: 'binary' }))).toBe('INVALID_OPTION');
  });
});

describe('detectStlFormat', () => {
  it('follows the rule: no "solid" first is binary; "solid" first is binary only at the exact size', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(detectStlFormat(enc('solid x\nfacet'))).toBe('ascii');
    expect(detectStlFormat(enc(' \r\n\tSoLiD'))).toBe('ascii');
    expect(detectStlFormat(enc('soli'))).toBe('binary');
    expect(detectStlFormat(enc('facet normal'))).toBe('binary');
    expect(detectStlFormat(new Uint8Array(84))).toBe('binary');
    expect(detectStlFormat(binaryStl([T1], { header: 'solid' }))).toBe('binary');
    expect(detectStlFormat(binaryStl([T1], { header: 'solid', count: 2 }))).toBe('ascii');
    expect(detectStlFormat('anything at all')).toBe('ascii');
    expect(codeOf(() => detectStlFormat({} as Uint8Array))).toBe('INVALID_OPTION');
  });
});
