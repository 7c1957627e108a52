import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readObj } from '../src/index.js';
import { codeOf, facetsOf, messageOf } from './helpers.js';

const SQUARE = 'v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n';

describe('OBJ reading', () => {
  it('triangles and polygons, fan-triangulated in order', () => {
    const r = readObj(`${SQUARE}v 0.5 2 0\nf 1 2 3\nf 1 2 3 5 4\n`);
    expect(Array.from(r.surface.indices)).toEqual([0, 1, 2, 0, 1, 2, 0, 2, 4, 0, 4, 3]);
    expect(r.surface.vertexCount).toBe(5);
    expect(r.name).toBe('');
  });

  it('v/vt, v//vn, v/vt/vn and negative (relative) indices', () => {
    const r = readObj(`${SQUARE}f 1/1 2/2 3/3\nf 1//7 3//7 4//7\nf 1/2/3 -3/1/1 -1\nf -4 -3 -2\n`);
    expect(Array.from(r.surface.indices)).toEqual([0, 1, 2, 0, 2, 3, 0, 1, 3, 0, 1, 2]);
  });

  it('the vertex index refers to the vertices defined so far', () => {
    const r = readObj('v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3 -2 -1\nv 5 5 5\nf -1 -2 -3\n');
    expect(Array.from(r.surface.indices)).toEqual([0, 1, 2, 3, 2, 1]);
  });

  it('skips comments, blank lines, other statements; joins continued lines; any line ending', () => {
    const text = [
      '# a comment',
      'mtllib parts.mtl',
      'o  my part ',
      'g group',
      's off',
      'v 0 0 0 1',
      'v 1 0 0 0.5 0.5 0.5',
      '',
      'vt 0 0',
      'vn 0 0 1',
      'v 0 \\',
      '  1 0',
      'usemtl red',
      'f 1 2 \\',
      '3 # the face',
      'l 1 2',
      'o second name',
    ];
    for (const eol of ['\n', '\r\n', '\r']) {
      const r = readObj(text.join(eol));
      expect(r.name).toBe('my part');
      expect(facetsOf(r.surface)).toEqual([[0, 0, 0, 1, 0, 0, 0, 1, 0]]);
    }
  });

  // Adversarial testing: a line holding only a backslash ended the statement before it with an
  // empty token, and skipping that "statement" swallowed the joined line: the next vertex (every
  // later index shifted) or the only face (EMPTY) was lost.
  it('a line holding only a backslash joins the next one, whatever the line ending', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const lines = (...l: string[]) => l.join(eol);
      const r = readObj(lines('v 0 0 0', '\\', 'v 1 0 0', 'v 0 1 0', 'v 5 5 5', 'f 1 2 3', ''));
      expect(r.surface.vertexCount).toBe(4);
      expect(facetsOf(r.surface)).toEqual([[0, 0, 0, 1, 0, 0, 0, 1, 0]]);
      const face = readObj(lines('v 0 0 0', 'v 1 0 0', 'v 0 1 0', '\\', 'f 1 2 3'));
      expect(facetsOf(face.surface)).toEqual([[0, 0, 0, 1, 0, 0, 0, 1, 0]]);
      // several in a row, and one ending a statement's keyword
      const keyword = readObj(lines('\\', '\\', 'v\\', '0 0 0', 'v 1 0 0', 'v 0 1 0', 'f 1 \\', '2 3'));
      expect(facetsOf(keyword.surface)).toEqual([[0, 0, 0, 1, 0, 0, 0, 1, 0]]);
    }
  });

  it('a continued object name reads the backslash and its line break as one space', () => {
    const tail = 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n';
    for (const eol of ['\n', '\r\n', '\r']) {
      expect(readObj(`o a \\${eol} b\n${tail}`).name).toBe('a   b');
      expect(readObj(`o a\\${eol}b\\${eol}c\n${tail}`).name).toBe('a b c');
      expect(readObj(`o\\${eol}crate \\${eol}${eol}${tail}`).name).toBe('crate');
    }
    // a backslash not before a line break is part of the name
    expect(readObj(`o C:\\parts\\\\${'\n'}x\n${tail}`).name).toBe('C:\\parts\\ x');
  });

  it('skips the byte order marks before the first statement, one or more', () => {
    const text = 'v 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\n';
    const plain = facetsOf(readObj(text).surface);
    expect(facetsOf(readObj(`\uFEFF${text}`).surface)).toEqual(plain);
    // (two: the first vertex was read as an unknown statement and the face failed on it)
    expect(facetsOf(readObj(`\uFEFF\uFEFF${text}`).surface)).toEqual(plain);
  });

  // Regression (fixed): a byte order mark at a later line's start (two files joined) made `\uFEFFv`
  // an unknown statement, skipped: a vertex lost and every relative index after it shifted.
  it('skips the byte order marks that start a later line, as at the start', () => {
    const a = 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n';
    const b = 'v 5 5 5\nv 6 5 5\nv 5 6 5\nf -3 -2 -1\n';
    const plain = facetsOf(readObj(a + b).surface);
    expect(plain[1]).toEqual([5, 5, 5, 6, 5, 5, 5, 6, 5]);
    for (const joined of [
      `${a}\uFEFF${b}`,
      `${a}\uFEFF\uFEFF${b}`,
      `${a.replace(/\n/g, '\r\n')}\uFEFF${b}`,
    ]) {
      expect(facetsOf(readObj(joined).surface)).toEqual(plain);
      expect(facetsOf(readObj(new TextEncoder().encode(joined)).surface)).toEqual(plain);
    }
    // a face after the mark is kept too
    expect(readObj(`${a}\uFEFFf 1 3 2\n`).surface.facetCount).toBe(2);
  });

  it('keywords in any case, numbers in any float syntax, bytes or text', () => {
    const text = 'V 1e0 .5 -2.\nv +1 1D0 0\nv 0 0 0\nF 1 2 3\n';
    expect(facetsOf(readObj(text).surface)).toEqual([[1, 0.5, -2, 1, 1, 0, 0, 0, 0]]);
    expect(facetsOf(readObj(new TextEncoder().encode(text)).surface)).toEqual([
      [1, 0.5, -2, 1, 1, 0, 0, 0, 0],
    ]);
  });
});

describe('OBJ: faces as fans', () => {
  it('a face of k vertices is the fan (v0, vi, vi+1), in order, however long (written as it is read)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 3, maxLength: 60 }), (face) => {
        const text = `v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf ${face.join(' ')}\n`;
        const want: number[] = [];
        for (let i = 1; i + 1 < face.length; i++) want.push(face[0] - 1, face[i] - 1, face[i + 1] - 1);
        expect(Array.from(readObj(text).surface.indices)).toEqual(want);
      }),
    );
    const long = Array.from({ length: 300_000 }, (_, i) => 1 + (i % 4)).join(' ');
    const { surface } = readObj(`v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf ${long}\n`);
    expect(surface.facetCount).toBe(299_998);
    expect(Array.from(surface.indices.subarray(-3))).toEqual([0, 2, 3]);
  });
});

describe('OBJ: broken files fail with a code, line and column', () => {
  it('a bad number: OBJ_SYNTAX at its line and column', () => {
    expect(codeOf(() => readObj('v 0 0 0\nv 1 x 0\n'))).toBe('OBJ_SYNTAX');
    expect(messageOf(() => readObj('v 0 0 0\nv 1 x 0\n'))).toMatch(
      /line 2, column 5: expected a coordinate, found 'x'/,
    );
    expect(messageOf(() => readObj('v 0 0\nf 1 1 1\n'))).toMatch(
      /line 1, column 6: expected a coordinate, found the end/,
    );
    expect(messageOf(() => readObj('v 0 0 0 w\n'))).toMatch(/line 1, column 9: expected a number/);
  });

  it('a bad face: OBJ_SYNTAX; an index to no vertex: INDEX_RANGE', () => {
    expect(codeOf(() => readObj(`${SQUARE}f 1 2\n`))).toBe('OBJ_SYNTAX');
    expect(codeOf(() => readObj(`${SQUARE}f 1 2 x\n`))).toBe('OBJ_SYNTAX');
    expect(codeOf(() => readObj(`${SQUARE}f 1 2 3/4/5/6\n`))).toBe('OBJ_SYNTAX');
    expect(codeOf(() => readObj(`${SQUARE}f 1 2 -/1\n`))).toBe('OBJ_SYNTAX');
    expect(codeOf(() => readObj(`${SQUARE}f 1 2 3.0\n`))).toBe('OBJ_SYNTAX');
    for (const ref of ['0', '5', '-5', '99999999999999999999']) {
      expect(
        codeOf(() => readObj(`${SQUARE}f 1 2 ${ref}\n`)),
        ref,
      ).toBe('INDEX_RANGE');
    }
    expect(messageOf(() => readObj(`${SQUARE}f 1 2 5\n`))).toMatch(
      /line 5, column 7: vertex index 5 refers to no vertex \(4 defined before this face\)/,
    );
    // an index past what a double holds exactly is named as the file writes it, cut after 24 digits
    expect(messageOf(() => readObj(`${SQUARE}f 1 2 -99999999999999999999\n`))).toMatch(
      /vertex index -99999999999999999999 refers to no vertex/,
    );
    expect(messageOf(() => readObj(`${SQUARE}f 1 2 ${'7'.repeat(40)}/1\n`))).toMatch(
      new RegExp(`vertex index ${'7'.repeat(24)}… refers to no vertex`),
    );
    // A face may not refer to a vertex defined after it.
    expect(codeOf(() => readObj('v 0 0 0\nv 1 0 0\nf 1 2 3\nv 0 1 0\n'))).toBe('INDEX_RANGE');
  });

  it('a non-finite coordinate: NON_FINITE naming the vertex; no face: EMPTY', () => {
    expect(codeOf(() => readObj('v 0 0 0\nv nan 0 0\n'))).toBe('NON_FINITE');
    expect(messageOf(() => readObj('v 0 0 0\nv 1 1e999 0\n'))).toMatch(
      /line 2, column 5: vertex 2: coordinate y is Infinity/,
    );
    expect(codeOf(() => readObj(SQUARE))).toBe('EMPTY');
    expect(codeOf(() => readObj(''))).toBe('EMPTY');
    expect(messageOf(() => readObj(''))).toBe('OBJ: the data holds no face');
    // UTF-16 text reads as unknown statements, all skipped: the message says why nothing was read
    const text = 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n';
    const le = new Uint8Array(2 + 2 * text.length);
    le.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) le[2 + 2 * i] = text.charCodeAt(i);
    for (const data of [le, le.subarray(2)]) {
      expect(codeOf(() => readObj(data))).toBe('EMPTY');
      expect(messageOf(() => readObj(data))).toMatch(/UTF-16 text\? OBJ is read as UTF-8 or ASCII/);
    }
    expect(codeOf(() => readObj(7 as unknown as string))).toBe('INVALID_OPTION');
  });
});
