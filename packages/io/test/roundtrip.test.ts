import { box, icosphere, naca4, Surface } from '@firsttouch/mesh';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readObj, readStl, writeObj, writeStl } from '../src/index.js';
import { codeOf, messageOf } from './helpers.js';

/** Whether two arrays hold the same float64 values, bit for bit (−0 is not 0). */
function sameBits(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** The triangle soup of a surface, 9 numbers a facet. */
function soup(s: Surface): Float64Array {
  const out = new Float64Array(9 * s.facetCount);
  for (let f = 0; f < s.facetCount; f++) out.set(s.facet(f), 9 * f);
  return out;
}

const anyDouble = fc.double({ noNaN: true, noDefaultInfinity: true });
const floatValue = fc.float({ noNaN: true, noDefaultInfinity: true });
const soups = (value: fc.Arbitrary<number>) =>
  fc.integer({ min: 1, max: 12 }).chain((n) => fc.array(value, { minLength: 9 * n, maxLength: 9 * n }));

describe('round trips', () => {
  it('ASCII STL is bit-exact for every float64: −0, subnormals, extremes', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(soups(anyDouble), (xyz) => {
        const s = Surface.fromTriangles(xyz);
        const back = readStl(writeStl(s, { format: 'ascii' })).surface;
        return sameBits(soup(back), soup(s));
      }),
      { numRuns: 300 },
    );
    const edge = [
      -0,
      5e-324,
      -5e-324,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
      2.2250738585072014e-308,
      0.1,
      1 / 3,
      1e21,
      1e-7,
    ];
    const s = Surface.fromTriangles([...edge, ...edge.slice(0, 8)]);
    expect(sameBits(soup(readStl(writeStl(s, { format: 'ascii' })).surface), soup(s))).toBe(true);
  });

  it('binary STL is bit-exact for float32 values, and rounds others to the nearest float32', {
    timeout: 30_000,
  }, () => {
    fc.assert(
      fc.property(soups(floatValue), (xyz) => {
        const s = Surface.fromTriangles(xyz);
        return sameBits(soup(readStl(writeStl(s)).surface), soup(s));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(soups(fc.double({ min: -1e30, max: 1e30, noNaN: true })), (xyz) => {
        const s = Surface.fromTriangles(xyz);
        return sameBits(soup(readStl(writeStl(s)).surface), soup(s).map(Math.fround));
      }),
      { numRuns: 300 },
    );
  });

  it('binary STL refuses a coordinate beyond the float32 range', { timeout: 30_000 }, () => {
    const s = Surface.fromTriangles([0, 0, 0, 1e39, 0, 0, 0, 1, 0]);
    expect(codeOf(() => writeStl(s))).toBe('NON_FINITE');
    expect(messageOf(() => writeStl(s))).toMatch(/facet 0, vertex 1: coordinate x = 1e\+39/);
    expect(sameBits(soup(readStl(writeStl(s, { format: 'ascii' })).surface), soup(s))).toBe(true);
  });

  it('OBJ keeps positions and indices bit for bit, unused vertices too', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 20 }).chain((nv) =>
          fc.tuple(
            fc.array(anyDouble, { minLength: 3 * nv, maxLength: 3 * nv }),
            fc
              .array(fc.integer({ min: 0, max: nv - 1 }), { minLength: 3, maxLength: 60 })
              .map((a) => a.slice(0, a.length - (a.length % 3))),
          ),
        ),
        ([positions, indices]) => {
          const s = Surface.fromIndexed(positions, indices);
          const back = readObj(writeObj(s)).surface;
          return sameBits(back.positions, s.positions) && sameBits(back.indices, s.indices);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('generated shapes through every format', { timeout: 30_000 }, () => {
    for (const s of [box(1, 3), icosphere(0.7, 3), naca4('0012', 1, 2, 40)]) {
      expect(sameBits(soup(readStl(writeStl(s, { format: 'ascii' })).surface), soup(s))).toBe(true);
      expect(sameBits(soup(readStl(writeStl(s)).surface), soup(s).map(Math.fround))).toBe(true);
      const obj = readObj(writeObj(s)).surface;
      expect(sameBits(obj.positions, s.positions) && sameBits(obj.indices, s.indices)).toBe(true);
    }
  });

  it('names: ASCII and OBJ keep them, binary keeps the first 80 UTF-8 bytes whole', {
    timeout: 30_000,
  }, () => {
    const s = box(1);
    for (const name of ['', 'cube', 'a solid part', 'Träger – 3 ✓']) {
      expect(readStl(writeStl(s, { format: 'ascii', name })).name).toBe(name);
      expect(readStl(writeStl(s, { name })).name).toBe(name);
      expect(readObj(writeObj(s, { name })).name).toBe(name);
    }
    const long = 'é'.repeat(50); // 100 bytes: 40 characters fit
    expect(readStl(writeStl(s, { name: long })).name).toBe('é'.repeat(40));
    expect(readStl(writeStl(s, { name: `x${long}` })).name).toBe(`x${'é'.repeat(39)}`);
  });

  it('names that would not read back are refused', { timeout: 30_000 }, () => {
    const s = box(1);
    expect(codeOf(() => writeStl(s, { format: 'ascii', name: 'two\nlines' }))).toBe('INVALID_OPTION');
    expect(codeOf(() => writeStl(s, { format: 'ascii', name: 'my Facet' }))).toBe('INVALID_OPTION');
    expect(codeOf(() => writeStl(s, { format: 'ascii', name: 'ENDSOLID' }))).toBe('INVALID_OPTION');
    expect(codeOf(() => writeObj(s, { name: 'a\rb' }))).toBe('INVALID_OPTION');
    // OBJ: a trailing backslash joined the name's line to the first vertex's (every index shifted
    // by one, no error), a '#' starts a comment, white space around the name is not read as part
    for (const name of ['part \\', 'part\\', 'a # b', ' lead', 'trail ', '\tx']) {
      expect(codeOf(() => writeObj(s, { name }))).toBe('INVALID_OPTION');
    }
    // a backslash inside the name reads back as written
    expect(readObj(writeObj(s, { name: 'C:\\parts\\crate.obj v2' })).name).toBe('C:\\parts\\crate.obj v2');
    // the readers' bound on a name (65 536 bytes): at it, a round trip; past it (in UTF-8 bytes), refused
    const most = `${'é'.repeat(32_767)}ab`;
    expect(readStl(writeStl(s, { format: 'ascii', name: most })).name).toBe(most);
    expect(readObj(writeObj(s, { name: most })).name).toBe(most);
    for (const name of [`${most}c`, 'é'.repeat(32_769)]) {
      expect(codeOf(() => writeStl(s, { format: 'ascii', name }))).toBe('INVALID_OPTION');
      expect(codeOf(() => writeObj(s, { name }))).toBe('INVALID_OPTION');
    }
    expect(codeOf(() => writeStl(s, { name: 3 as unknown as string }))).toBe('INVALID_OPTION');
    // Regression (fixed): a lone surrogate (half of a UTF-16 pair) was written as U+FFFD's bytes and
    // read back as U+FFFD; a whole pair reads back as written.
    for (const name of ['\ud800', 'a\udc00b', '😀'.slice(0, 1)]) {
      for (const format of ['ascii', 'binary'] as const)
        expect(codeOf(() => writeStl(s, { format, name }))).toBe('INVALID_OPTION');
      expect(codeOf(() => writeObj(s, { name }))).toBe('INVALID_OPTION');
    }
    expect(readStl(writeStl(s, { format: 'ascii', name: 'crate 😀' })).name).toBe('crate 😀');
    expect(readObj(writeObj(s, { name: 'crate 😀' })).name).toBe('crate 😀');
  });

  it('writers check their arguments', { timeout: 30_000 }, () => {
    expect(codeOf(() => writeStl({} as Surface))).toBe('INVALID_OPTION');
    expect(codeOf(() => writeStl(box(1), { format: 'obj' as 'ascii' }))).toBe('INVALID_OPTION');
    expect(codeOf(() => writeStl(Surface.fromTriangles([])))).toBe('EMPTY');
    expect(codeOf(() => writeObj(Surface.fromTriangles([])))).toBe('EMPTY');
    expect(codeOf(() => writeObj(null as unknown as Surface))).toBe('INVALID_OPTION');
  });

  it('written normals are the unit outward normals (zero for a degenerate facet)', {
    timeout: 30_000,
  }, () => {
    const bytes = writeStl(box(2));
    const view = new DataView(bytes.buffer);
    const s = box(2);
    for (let f = 0; f < s.facetCount; f++) {
      const n = [0, 1, 2].map((k) => view.getFloat32(84 + 50 * f + 4 * k, true));
      const c = s.facet(f);
      const centre = [0, 1, 2].map((k) => (c[k] + c[k + 3] + c[k + 6]) / 3);
      // A box face's outward normal is the axis of its centre's largest coordinate.
      const axis = centre.map(Math.abs).indexOf(Math.max(...centre.map(Math.abs)));
      expect(n.map((x, k) => (k === axis ? x : Math.abs(x)))).toEqual(
        [0, 1, 2].map((k) => (k === axis ? Math.sign(centre[axis]) : 0)),
      );
    }
    const flat = writeStl(Surface.fromTriangles([0, 0, 0, 1, 1, 1, 2, 2, 2]), { format: 'ascii' });
    expect(new TextDecoder().decode(flat)).toMatch(/facet normal 0 0 0\n/);
  });

  // Adversarial testing: the cross product of a facet with legs of 1e-200 underflowed and one of legs
  // 1e308 overflowed, and both were written as the zero normal of a degenerate facet.
  it('a facet of any size gets its unit normal; only a degenerate one gets zero', () => {
    /** The normals written for `facets`, ASCII (all) and binary (what float32 can hold). */
    const normals = (facets: number[], binary: boolean): number[][] => {
      const s = Surface.fromTriangles(facets);
      const text = new TextDecoder().decode(writeStl(s, { format: 'ascii' }));
      const ascii = [...text.matchAll(/facet normal (\S+) (\S+) (\S+)\n/g)].map((m) =>
        m.slice(1).map(Number),
      );
      if (binary) {
        const view = new DataView(writeStl(s).buffer);
        for (let f = 0; f < s.facetCount; f++) {
          const n = [0, 1, 2].map((k) => view.getFloat32(84 + 50 * f + 4 * k, true));
          expect(n).toEqual(ascii[f].map(Math.fround));
        }
      }
      return ascii;
    };
    const close = (n: number[], want: number[]) => {
      const len = Math.hypot(...want);
      for (let k = 0; k < 3; k++) expect(n[k]).toBeCloseTo(want[k] / len, 14);
    };
    for (const s of [1e-200, 1e-160, 5e-310, 1e-30, 1, 1e30]) {
      const [right, tilted, line] = normals(
        [0, 0, 0, s, 0, 0, 0, s, 0, 0, 0, 0, 3 * s, 0, 0, 0, 2 * s, 5 * s, 0, 0, 0, s, 0, 0, 2 * s, 0, 0],
        true,
      );
      expect(right, String(s)).toEqual([0, 0, 1]);
      close(tilted, [0, -15, 6]);
      expect(line, String(s)).toEqual([0, 0, 0]);
    }
    // beyond float32 (ASCII only): legs of 1e308, and edges whose difference overflows
    for (const s of [1e38, 1e200, 1e308]) {
      const [right, tilted] = normals([0, 0, 0, s, 0, 0, 0, s, 0, 0, 0, 0, s, 0, 0, 0, s / 2, s], false);
      expect(right, String(s)).toEqual([0, 0, 1]);
      close(tilted, [0, -2, 1]);
    }
    const M = Number.MAX_VALUE;
    expect(normals([-M, 0, 0, M, 0, 0, 0, M, 0, -M, -M, 0, M, M, 0, 0, 0, M], false)).toEqual([
      [0, 0, 1],
      [Math.SQRT1_2, -Math.SQRT1_2, 0].map((x) => expect.closeTo(x, 15)) as number[],
    ]);
  });

  it('ASCII output is plain: LF, shortest numbers, the name after solid and endsolid', {
    timeout: 30_000,
  }, () => {
    const text = new TextDecoder().decode(
      writeStl(Surface.fromTriangles([0, 0, 0, 0.1, 0, 0, 0, -0, 1e21]), { format: 'ascii', name: 't' }),
    );
    expect(text).toBe(
      'solid t\n  facet normal 0 -1 0\n    outer loop\n      vertex 0 0 0\n      vertex 0.1 0 0\n      vertex 0 -0 1e+21\n    endloop\n  endfacet\nendsolid t\n',
    );
  });
});
