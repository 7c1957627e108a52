import { describe, expect, it } from 'vitest';
import { readStl } from '../src/index.js';
import { asciiStl, codeOf, facetsOf, messageOf } from './helpers.js';

const T1 = [0, 0, 0, 1, 0, 0, 0, 1, 0];
const T2 = [1, 2, 3, 4, 5, 6, 7, 8, 9.5];
const T3 = [-1, -2, -3, 0.25, 0.5, 0.75, 1e-3, 2e10, -7];

describe('ASCII STL: what writers produce', () => {
  it('reads facets in file order, values exact, with LF, CRLF, a lone CR, tabs and upper case', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      for (const upper of [false, true]) {
        for (const indent of ['  ', '\t', ' \t  ']) {
          const text = asciiStl([{ name: 'part', facets: [T1, T2, T3] }], { eol, upper, indent });
          const r = readStl(text);
          expect(r.format).toBe('ascii');
          expect(r.name).toBe('part');
          expect(r.header.length).toBe(0);
          expect(facetsOf(r.surface)).toEqual([T1, T2, T3]);
          // Bytes read as text give the same.
          expect(facetsOf(readStl(new TextEncoder().encode(text)).surface)).toEqual([T1, T2, T3]);
        }
      }
    }
  });

  it('matches keywords in any case, mixed too', () => {
    const text =
      'SoLiD x\nFacet NORMAL 0 0 1\nOuTeR LoOp\nVERTEX 0 0 0\nvertex 1 0 0\nVeRtEx 0 1 0\nENDLOOP\nEndFacet\nENDSOLID x\n';
    expect(facetsOf(readStl(text).surface)).toEqual([T1]);
  });

  it('reads numbers in every float syntax, to the correctly rounded float64', () => {
    const numbers = [
      ['1', 1],
      ['-1', -1],
      ['+2', 2],
      ['1.', 1],
      ['.5', 0.5],
      ['-.5', -0.5],
      ['1.50', 1.5],
      ['1e3', 1000],
      ['1E3', 1000],
      ['1e+03', 1000],
      ['-2.5e-3', -0.0025],
      ['2.5E-003', 0.0025],
      ['1d2', 100],
      ['1.5D-1', 0.15],
      ['0.1', 0.1],
      ['-0', -0],
      ['-0.0e0', -0],
      ['0.30000000000000004', 0.30000000000000004],
      ['1.7976931348623157e308', 1.7976931348623157e308],
      ['5e-324', 5e-324],
      ['123456789012345678901234567890', 1.2345678901234568e29],
      ['0.000000000000000000000000000001', 1e-30],
      ['3.141592653589793238462643383279', Math.PI],
      ['9007199254740993', 9007199254740992],
    ] as const;
    for (const [written, value] of numbers) {
      const text = `solid\nfacet normal 0 0 0\nouter loop\nvertex ${written} 0 0\nvertex 0 0 0\nvertex 0 0 0\nendloop\nendfacet\nendsolid\n`;
      const x = readStl(text).surface.facet(0)[0];
      expect(Object.is(x, value), `${written} read as ${x}`).toBe(true);
    }
  });

  it('agrees with Number() on random decimal numbers of every length', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let i = 0; i < 2000; i++) {
      const digits = 1 + (next() % 20);
      let m = '';
      for (let k = 0; k < digits; k++) m += String(next() % 10);
      const point = next() % (digits + 1);
      const written = `${next() % 2 ? '-' : ''}${m.slice(0, point)}.${m.slice(point)}e${(next() % 80) - 40}`;
      const text = `solid\nfacet normal 0 0 0\nouter loop\nvertex ${written} 0 0\nvertex 0 0 0\nvertex 0 0 0\nendloop\nendfacet\nendsolid\n`;
      const x = readStl(text).surface.facet(0)[0];
      expect(Object.is(x, Number(written)), written).toBe(true);
    }
  });

  it('ignores stored normals, even NaN ones and the 1.#IND of old Windows writers', () => {
    for (const normal of [
      'nan nan nan',
      '-1.#IND00e+000 -1.#IND00e+000 1.#QNAN0',
      'inf -INF 1e999',
      '7 8 9',
    ]) {
      const r = readStl(asciiStl([{ name: 'n', facets: [T2] }], { normal }));
      expect(facetsOf(r.surface)).toEqual([T2]);
    }
  });

  it('reads several solids in order, their facet ranges in `solids`', () => {
    const text = asciiStl([
      { name: 'first part', facets: [T1] },
      { name: 'second', facets: [T2, T3] },
      { name: '', facets: [T3] },
    ]);
    const r = readStl(text);
    expect(r.name).toBe('first part');
    expect(r.solids).toEqual([
      { name: 'first part', firstFacet: 0, facetCount: 1 },
      { name: 'second', firstFacet: 1, facetCount: 2 },
      { name: '', firstFacet: 3, facetCount: 1 },
    ]);
    expect(facetsOf(r.surface)).toEqual([T1, T2, T3, T3]);
  });

  it('reads a file written on one line, and solids whose endsolid names another or none', () => {
    const one = asciiStl(
      [
        { name: 'a', facets: [T1] },
        { name: 'b', facets: [T2] },
      ],
      { eol: ' ', indent: '' },
    );
    expect(one.includes('\n')).toBe(false);
    const r = readStl(one);
    expect(r.solids.map((s) => s.name)).toEqual(['a', 'b']);
    expect(facetsOf(r.surface)).toEqual([T1, T2]);
    const other = asciiStl([{ name: 'x', facets: [T1] }]).replace('endsolid x', 'endsolid y z');
    expect(readStl(other).name).toBe('x');
    const none = asciiStl([{ name: 'x', facets: [T1] }]).replace('endsolid x', 'endsolid');
    expect(readStl(none).surface.facetCount).toBe(1);
  });

  // Regression (fixed): the word `solid` in another name after `endsolid` was taken for the start of
  // a new solid, refused as "expected 'facet' or 'endsolid', found the end of the data".
  it('reads another name holding the word solid after endsolid; one-line files still split there', () => {
    for (const [name, end] of [
      ['part', 'my solid'],
      ['', 'SOLID'],
      ['x', 'solid of x'],
      ['x', 'x solid y'],
    ]) {
      const text = asciiStl([
        { name, facets: [T1] },
        { name: 'next', facets: [T2] },
      ]).replace(`endsolid ${name}`.trimEnd(), `endsolid ${end}`);
      const r = readStl(text);
      expect(r.solids.map((s) => s.name)).toEqual([name, 'next']);
      expect(facetsOf(r.surface)).toEqual([T1, T2]);
    }
    const oneLine = asciiStl(
      [
        { name: 'a', facets: [T1] },
        { name: 'b', facets: [T2] },
      ],
      { eol: ' ', indent: '' },
    ).replace('endsolid a', 'endsolid other');
    expect(readStl(oneLine).solids.map((s) => s.name)).toEqual(['a', 'b']);
    // an empty solid on the endsolid's line is still a solid, and still EMPTY
    expect(
      codeOf(() => readStl(`${asciiStl([{ name: 'a', facets: [T1] }]).trimEnd()} solid b endsolid b\n`)),
    ).toBe('EMPTY');
  });

  // Regression (fixed): a facet after `endsolid NAME` on the same line was skipped as part of the end
  // name, and the file read without it (a second `endsolid` after it with it).
  it('refuses a facet on the endsolid line (STL_SYNTAX, as on a line of its own), never drops it', () => {
    const F = 'facet normal 0 0 1 outer loop vertex 0 0 0 vertex 1 0 0 vertex 0 1 0 endloop endfacet';
    const G = 'facet normal 0 0 1 outer loop vertex 5 5 5 vertex 6 5 5 vertex 5 6 5 endloop endfacet';
    for (const text of [
      `solid a ${F} endsolid a ${G} endsolid a`,
      `solid a\n${F}\nendsolid a ${G}\n`,
      `solid a\n${F}\nendsolid ${G}\n`,
      `solid a\n${F}\nendsolid other name ${G}\n`,
      `solid a\n${F}\nendsolid a endsolid a\n`,
      `solid a ${F} endsolid a\n${G}\n`,
    ]) {
      expect(codeOf(() => readStl(text))).toBe('STL_SYNTAX');
    }
  });

  it('keeps a name holding the word solid, spaces inside it and UTF-8', () => {
    for (const name of ['my solid part', 'a   b', 'Träger – 3', 'SOLID solid']) {
      const text = asciiStl([
        { name, facets: [T1] },
        { name: 'next', facets: [T2] },
      ]);
      const r = readStl(text);
      expect(r.solids.map((s) => s.name)).toEqual([name, 'next']);
    }
  });

  it('skips a UTF-8 byte order mark and white space before solid', () => {
    const text = asciiStl([{ name: 'bom', facets: [T1] }]);
    const bytes = new TextEncoder().encode(`\n \t${text}`);
    const withBom = new Uint8Array(bytes.length + 3);
    withBom.set([0xef, 0xbb, 0xbf]);
    withBom.set(bytes, 3);
    expect(readStl(withBom).name).toBe('bom');
    expect(readStl(`\uFEFF${text}`).name).toBe('bom');
    // two marks (a file saved twice through such an editor): still ASCII, still read
    expect(readStl(`\uFEFF\uFEFF${text}`).name).toBe('bom');
    // and at a later line's start (two files joined): the second solid read, not refused
    const joined = `${text}\uFEFF${asciiStl([{ name: 'two', facets: [T2] }])}`;
    expect(readStl(joined).solids.map((x) => x.name)).toEqual(['bom', 'two']);
  });
});

describe('ASCII STL: broken files fail with a code, line and column', () => {
  const good = asciiStl([{ name: 'p', facets: [T1, T2] }]);

  it('a misspelt keyword: STL_SYNTAX at its line and column', () => {
    const bad = good.replace('    vertex 1 2 3', '    vertx 1 2 3');
    expect(codeOf(() => readStl(bad))).toBe('STL_SYNTAX');
    expect(messageOf(() => readStl(bad))).toMatch(/line 11, column 7: expected 'vertex', found 'vertx'/);
  });

  it('a bad number, a missing coordinate, a missing keyword', () => {
    const cases: [string, RegExp][] = [
      [
        good.replace('vertex 1 2 3', 'vertex 1 2x 3'),
        /line 11, column 16: expected a coordinate, found '2x'/,
      ],
      [
        good.replace('vertex 1 2 3', 'vertex 1 2'),
        /line 12, column 7: expected a coordinate, found 'vertex'/,
      ],
      [good.replace('vertex 1 2 3', 'vertex 1 2 3 4'), /expected 'vertex', found '4'/],
      [good.replace('outer loop', 'outer'), /expected 'loop', found 'vertex'/],
      [good.replace('facet normal 0 0 0', 'facet 0 0 0'), /line 2, column 9: expected 'normal'/],
      [good.replace('facet normal 0 0 0', 'facet normal 0 0'), /expected a normal component, found 'outer'/],
      [good.replace(/endfacet\n {2}facet/, 'facet'), /expected 'endfacet', found 'facet'/],
      [good.replace('solid p', 'solids p'), /line 1, column 1: expected 'solid', found 'solids'/],
      [`${good}junk`, /expected 'solid' or the end of the data, found 'junk'/],
    ];
    for (const [bad, pattern] of cases) {
      expect(
        codeOf(() => readStl(bad)),
        bad,
      ).toBe('STL_SYNTAX');
      expect(messageOf(() => readStl(bad))).toMatch(pattern);
    }
  });

  it('the data ends inside a solid: STL_SYNTAX naming the end', () => {
    const cut = good.slice(0, good.indexOf('endsolid'));
    expect(codeOf(() => readStl(cut))).toBe('STL_SYNTAX');
    expect(messageOf(() => readStl(cut))).toMatch(
      /line 16, column 1: expected 'facet' or 'endsolid', found the end/,
    );
    const mid = good.slice(0, good.indexOf('endloop'));
    expect(messageOf(() => readStl(mid))).toMatch(/expected 'endloop', found the end of the data/);
  });

  it('a non-finite coordinate: NON_FINITE naming the facet, line and column', () => {
    for (const x of ['nan', 'inf', '-Infinity', '1e999', '1.#INF00']) {
      const bad = good.replace('vertex 4 5 6', `vertex 4 ${x} 6`);
      expect(codeOf(() => readStl(bad))).toBe('NON_FINITE');
      expect(messageOf(() => readStl(bad))).toMatch(
        /line 12, column \d+: facet 1, vertex 1: coordinate y is/,
      );
    }
  });

  it('an empty solid, text without a solid, empty data: EMPTY', () => {
    expect(codeOf(() => readStl('solid nothing\nendsolid nothing\n'))).toBe('EMPTY');
    expect(messageOf(() => readStl(`${good}solid hollow\nendsolid hollow\n`))).toMatch(
      /line 17: solid 1 \("hollow"\) has no facets/,
    );
    expect(codeOf(() => readStl(' \n\t\r\n', { format: 'ascii' }))).toBe('EMPTY');
    expect(codeOf(() => readStl(''))).toBe('EMPTY');
    expect(codeOf(() => readStl(new Uint8Array(0)))).toBe('EMPTY');
  });

  it('a giant token or name is refused, not turned into a giant string', () => {
    const digits = `1${'0'.repeat(5000)}`;
    expect(codeOf(() => readStl(good.replace('vertex 4 5 6', `vertex 4 ${digits} 6`)))).toBe('STL_SYNTAX');
    const name = 'n'.repeat(70000);
    expect(messageOf(() => readStl(good.replace('solid p', `solid ${name}`)))).toMatch(
      /longer than 65536 bytes/,
    );
  });
});
