import { box, icosphere, Surface } from '@firsttouch/mesh';
import { FirstTouchError } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectStlFormat, readObj, readStl, sliceSurface, writeObj, writeStl } from '../src/index.js';

// Hostile input must fail with a FirstTouchError and nothing else: no RangeError from a huge
// allocation, no TypeError from a reader that ran off its data, no hang (every reader is linear in
// its input; the large inputs at the end would time out the test if one were not).

/** Runs `f`; true when it returned or threw a FirstTouchError, the error itself otherwise. */
function onlyOurs(f: () => unknown): true {
  try {
    f();
  } catch (e) {
    if (!(e instanceof FirstTouchError)) throw e;
  }
  return true;
}

/** Every reader on the same bytes. */
function readAll(bytes: Uint8Array): true {
  onlyOurs(() => detectStlFormat(bytes));
  onlyOurs(() => readStl(bytes));
  onlyOurs(() => readStl(bytes, { format: 'ascii' }));
  onlyOurs(() => readStl(bytes, { format: 'binary' }));
  onlyOurs(() => readObj(bytes));
  return true;
}

const enc = (s: string) => new TextEncoder().encode(s);
const VALID = [
  writeStl(icosphere(1, 0), { format: 'ascii', name: 'ico' }),
  writeStl(box(1, 2), { name: 'solid header' }),
  writeStl(box(1)),
  writeObj(box(1), { name: 'crate' }),
  enc('v 0 0 0\nv 1 0 0 \\\n\nv 0 1 0 1\nvt 0 0\nf 1/1 2//3 -1/1/1 1\n# end\n'),
];

/** A valid file with a few random edits: bytes set, ranges deleted, bytes inserted, ranges doubled. */
const mutated = fc
  .tuple(
    fc.integer({ min: 0, max: VALID.length - 1 }),
    fc.array(fc.tuple(fc.nat(4), fc.nat(), fc.nat(40), fc.uint8Array({ maxLength: 8 })), {
      minLength: 1,
      maxLength: 5,
    }),
  )
  .map(([which, edits]) => {
    let b = Array.from(VALID[which]);
    for (const [kind, at, len, bytes] of edits) {
      const i = b.length === 0 ? 0 : at % b.length;
      if (kind === 0 && b.length > 0) b[i] = bytes[0] ?? 0;
      else if (kind === 1) b.splice(i, len);
      else if (kind === 2) b.splice(i, 0, ...bytes);
      else if (kind === 3) b.splice(i, 0, ...b.slice(i, i + len));
      else if (b.length > 0) b[i] = (b[i] + 1) & 0xff;
    }
    if (b.length > 100000) b = b.slice(0, 100000);
    return Uint8Array.from(b);
  });

const stlWords = [
  'solid',
  'SOLID',
  'facet',
  'normal',
  'outer',
  'loop',
  'vertex',
  'endloop',
  'endfacet',
  'endsolid',
  '0',
  '-1.5e3',
  '.5',
  'nan',
  'inf',
  '1.#IND',
  '1e999',
  'x',
  '\n',
  '\r\n',
  '\r',
  '\t',
  '\\',
  '#',
  'v',
  'f',
  '1/2/3',
  '-1',
  '0',
  'o',
];
const tokenText = fc
  .array(fc.constantFrom(...stlWords), { maxLength: 80 })
  .map((words) => enc(words.join(' ')));

describe('fuzzing the readers: nothing but FirstTouchError', () => {
  it('random bytes', { timeout: 30_000 }, () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 600 }), readAll), { numRuns: 2000 });
  });

  it('random bytes after "solid", and binary headers with random counts', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.nat(), (tail, count) => {
        const b = new Uint8Array(5 + tail.length);
        b.set(enc('solid'));
        b.set(tail, 5);
        if (b.length >= 84) new DataView(b.buffer).setUint32(80, count, true);
        return readAll(b);
      }),
      { numRuns: 1000 },
    );
  });

  it('random sequences of keywords and numbers (the grammar almost right)', { timeout: 30_000 }, () => {
    fc.assert(fc.property(tokenText, readAll), { numRuns: 2000 });
  });

  it('valid files with random edits', { timeout: 30_000 }, () => {
    fc.assert(fc.property(mutated, readAll), { numRuns: 1500 });
  });

  it('valid files cut at every length', { timeout: 30_000 }, () => {
    for (const file of VALID) {
      for (let n = 0; n <= file.length; n++) readAll(file.subarray(0, n));
    }
  });

  it('inputs built to be slow or big: one huge token, a huge name, endless keywords, huge faces', {
    timeout: 30_000,
  }, () => {
    const big = (s: string, n: number) => enc(s.repeat(n));
    const cases = [
      big('1', 2_000_000),
      enc(`solid ${'n'.repeat(1_000_000)}\n`),
      big('\n', 1_000_000),
      big('solid x\n', 100_000),
      big('solid x endsolid x ', 100_000),
      enc(
        `solid x\n${'facet normal 0 0 0 outer loop vertex 0 0 0 vertex 1 0 0 vertex 0 1 0 endloop endfacet\n'.repeat(20_000)}`,
      ),
      big('v 1 2 3\n', 100_000),
      enc(`v 0 0 0\nf${' 1'.repeat(300_000)}\n`),
      enc(`v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 ${'9'.repeat(100_000)}\n`),
      enc(`v ${'1'.repeat(100_000)} 0 0\n`),
      enc(`o ${'n '.repeat(100_000)}\n`),
    ];
    for (const c of cases) expect(readAll(c)).toBe(true);
    // A header that claims 2³² − 1 facets in 1 kB, and one that claims just one too many.
    const claim = new Uint8Array(1024);
    new DataView(claim.buffer).setUint32(80, 0xffffffff, true);
    expect(() => readStl(claim)).toThrow(FirstTouchError);
    const short = writeStl(box(1));
    new DataView(short.buffer).setUint32(80, 13, true);
    expect(() => readStl(short)).toThrow(FirstTouchError);
  });
});

describe('fuzzing the slicer: degenerate soups never break it', () => {
  // Coordinates from a small set: many coincident, coplanar, collinear and repeated vertices.
  const coordinate = fc.constantFrom(-1, -0.5, -0, 0, 0.5, 1, 1e-300, 1e300);
  const soupAndPlane = fc.tuple(
    fc
      .integer({ min: 1, max: 30 })
      .chain((n) => fc.array(coordinate, { minLength: 9 * n, maxLength: 9 * n })),
    fc.constantFrom(0 as const, 1 as const, 2 as const),
    fc.oneof(coordinate, fc.double({ min: -1.5, max: 1.5, noNaN: true })),
  );

  it('a curve of valid chains, every segment once', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(soupAndPlane, ([xyz, axis, position]) => {
        const c = sliceSurface(Surface.fromTriangles(xyz), axis, position);
        const seen = new Set<string>();
        for (let i = 0; i < c.segmentCount; i++) {
          const [a, b, p, q] = c.segment(i);
          expect(a === p && b === q).toBe(false);
          const k1 = `${a},${b}`;
          const k2 = `${p},${q}`;
          const key = k1 < k2 ? `${k1};${k2}` : `${k2};${k1}`;
          expect(seen.has(key)).toBe(false);
          seen.add(key);
        }
        for (const x of c.positions) expect(Number.isFinite(x)).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });
});
