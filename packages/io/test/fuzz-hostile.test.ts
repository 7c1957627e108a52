// Hostile files and arguments for the readers (the reliability issue's "hostile input" section),
// complementing fuzz.test.ts: that file checks that nothing but a FirstTouchError escapes on a few
// thousand random, mutated and cut inputs. This one runs at least 10⁴ cases of each kind and adds
// what it does not check:
//   - every input returns or throws within a bounded time, measured per input (a hang guard, not a
//     performance test: 2 s for inputs of at most a few kB);
//   - reading the valid files right after each hostile input gives the same result as before it
//     (no state leaks from a failed read: the readers keep module-level scratch);
//   - the data reaches the readers in every accepted form: Uint8Array views at an offset into a
//     larger buffer, ArrayBuffers, strings (lone surrogates included), other typed arrays;
//   - binary headers with claimed facet counts near and far from the data's size, over 2³², and
//     OBJ faces with indices beyond every integer range;
//   - more valid files cut at every length (multi-solid ASCII with CR LF, OBJ with polygons,
//     negative indices and continuations, a binary file whose header begins with "solid");
//   - hostile arguments: data of every type, a detached ArrayBuffer, hostile options.

import { box, icosphere } from '@firsttouch/mesh';
import { FirstTouchError } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectStlFormat, readObj, readStl, writeObj, writeStl } from '../src/index.js';

const RUNS = 10_000;
/** Hang guard per input. Generous: the inputs are a few kB, a read takes well under a millisecond. */
const HANG_MS = 2000;
const TIMEOUT = 180_000;

const enc = (s: string) => new TextEncoder().encode(s);

/** Runs `f`; a FirstTouchError is an answer, anything else thrown (or a hang) fails the test. */
function guarded(f: () => unknown): 'ok' | FirstTouchError {
  const t0 = performance.now();
  let out: 'ok' | FirstTouchError = 'ok';
  try {
    f();
  } catch (e) {
    if (!(e instanceof FirstTouchError)) throw e;
    out = e;
  }
  const ms = performance.now() - t0;
  if (ms > HANG_MS) throw new Error(`an input took ${ms.toFixed(0)} ms (hang guard ${HANG_MS} ms)`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Valid files, and what reading them gives before any hostile input

const ASCII_MULTI = enc(
  [
    'solid first part',
    '  facet normal 0 0 1',
    '    outer loop',
    '      vertex 0 0 0',
    '      vertex 1 0 0',
    '      vertex 0 1 0',
    '    endloop',
    '  endfacet',
    '  FACET NORMAL nan nan nan',
    '    OUTER LOOP',
    '      VERTEX 1.5e-3 -2.5E+2 .5',
    '      VERTEX 1. 2 3',
    '      VERTEX -0 1.5D-1 7',
    '    ENDLOOP',
    '  ENDFACET',
    'endsolid first part',
    'solid second',
    'facet normal 0 0 0 outer loop vertex 9 9 9 vertex 8 9 9 vertex 9 8 9 endloop endfacet',
    'endsolid',
    '',
  ].join('\r\n'),
);
const OBJ_RICH = enc(
  [
    '# exported by hand',
    'o crate \\',
    '  lid',
    'v 0 0 0',
    'v 1 0 0 1',
    'v 1 1 0 0.5 0.5 0.5',
    'v 0 1 0',
    'v 0.5 0.5 1e0',
    'vt 0 0',
    'vn 0 0 1',
    'g side',
    's off',
    'usemtl wood',
    'f 1 2 3 4',
    'f 1/1 2/1 5/1',
    'f -4//1 -3//1 -1//1',
    'f 4/1/1 1/1/1 5/1/1',
    'l 1 2',
    '',
  ].join('\n'),
);
const BINARY_SOLID_HEADER = writeStl(icosphere(1, 0), { name: 'solid but binary' });
const VALID: { name: string; bytes: Uint8Array; read: (b: Uint8Array) => unknown }[] = [
  { name: 'ascii multi-solid CRLF', bytes: ASCII_MULTI, read: (b) => readStl(b) },
  { name: 'binary, "solid" header', bytes: BINARY_SOLID_HEADER, read: (b) => readStl(b) },
  { name: 'binary box', bytes: writeStl(box(1)), read: (b) => readStl(b) },
  {
    name: 'ascii written',
    bytes: writeStl(box([1, 2, 3]), { format: 'ascii', name: 'b' }),
    read: (b) => readStl(b),
  },
  {
    name: 'ascii ball',
    bytes: writeStl(icosphere(0.5, 0), { format: 'ascii', name: 'ball' }),
    read: (b) => readStl(b),
  },
  { name: 'obj rich', bytes: OBJ_RICH, read: (b) => readObj(b) },
  { name: 'obj written', bytes: writeObj(icosphere(0.5, 0), { name: 'ball' }), read: (b) => readObj(b) },
];

/** A reading as comparable numbers: every coordinate and index, the counts, the names. */
function fingerprint(r: unknown): string {
  const x = r as {
    surface: { positions: Float64Array; indices: Uint32Array };
    name: string;
    solids?: unknown;
    format?: string;
  };
  const bits = new Uint32Array(
    x.surface.positions.buffer,
    x.surface.positions.byteOffset,
    2 * x.surface.positions.length,
  );
  return JSON.stringify([
    Array.from(bits),
    Array.from(x.surface.indices),
    x.name,
    x.solids ?? null,
    x.format ?? null,
  ]);
}
const BASELINE = VALID.map((v) => fingerprint(v.read(v.bytes)));

/**
 * Reads valid files again and compares with the baseline: one file of each path (ASCII STL, binary
 * STL, OBJ) after every hostile input, all of them at the end of each test.
 */
function validUnaffected(all = false): void {
  for (const i of all ? VALID.map((_, k) => k) : [0, 1, 5]) {
    const now = fingerprint(VALID[i].read(VALID[i].bytes));
    if (now !== BASELINE[i])
      throw new Error(`reading ${VALID[i].name} after a hostile input changed its result`);
  }
}

/** Every reader on the same bytes, each guarded; then the valid files. */
function readAll(bytes: Uint8Array): true {
  guarded(() => detectStlFormat(bytes));
  guarded(() => readStl(bytes));
  guarded(() => readStl(bytes, { format: 'ascii' }));
  guarded(() => readStl(bytes, { format: 'binary' }));
  guarded(() => readObj(bytes));
  validUnaffected();
  return true;
}

/** The same bytes as a view at an offset into a larger buffer filled with other bytes. */
function atOffset(bytes: Uint8Array, offset: number, fill: number): Uint8Array {
  const buffer = new Uint8Array(offset + bytes.length + 7).fill(fill);
  buffer.set(bytes, offset);
  return buffer.subarray(offset, offset + bytes.length);
}

// ---------------------------------------------------------------------------------------------

describe('hostile bytes: only FirstTouchError, bounded time, valid files unaffected', () => {
  it('random bytes, as views at an offset and as ArrayBuffers', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1200 }), fc.nat(13), fc.nat(255), (bytes, offset, fill) => {
        readAll(atOffset(bytes, offset, fill));
        const ab = bytes.slice().buffer;
        guarded(() => readStl(ab));
        guarded(() => readObj(ab));
        // a view at an offset reads as its own bytes, whatever surrounds them
        const a = guarded(() => readStl(bytes));
        const b = guarded(() => readStl(atOffset(bytes, offset, fill)));
        expect(a === 'ok' ? 'ok' : a.message).toBe(b === 'ok' ? 'ok' : b.message);
        return true;
      }),
      { numRuns: RUNS },
    );
    validUnaffected(true);
  });

  const tokens = [
    'solid',
    'facet',
    'normal',
    'outer',
    'loop',
    'vertex',
    'endloop',
    'endfacet',
    'endsolid',
    'v',
    'f',
    'o',
    'vt',
    'vn',
    '1',
    '-1',
    '0',
    '2/1/1',
    '-2//1',
    '1/',
    '//',
    '4294967296',
    '99999999999999999999',
    '1e308',
    '1e309',
    '-1e999',
    'nan',
    'inf',
    '1.#IND',
    '1.5D-1',
    '.',
    '-',
    'e5',
    '0x10',
    '\\',
    '#',
    '\u00ff',
    '\ufeff',
    '\u0000',
  ];
  const separators = [' ', '\t', '\n', '\r\n', '\r', '\\\n', '  ', ''];
  /** Valid files with edits that keep them almost valid: the grammar's edge cases. */
  const mutated = fc
    .tuple(
      fc.nat(VALID.length - 1),
      fc.array(
        fc.tuple(
          fc.nat(6),
          fc.nat(),
          fc.nat(60),
          fc.constantFrom(...tokens),
          fc.constantFrom(...separators),
          fc.uint8Array({ maxLength: 6 }),
        ),
        { minLength: 1, maxLength: 6 },
      ),
    )
    .map(([which, edits]) => {
      let b = Array.from(VALID[which].bytes);
      for (const [kind, at, len, token, sep, raw] of edits) {
        const i = b.length === 0 ? 0 : at % (b.length + 1);
        const t = Array.from(enc(sep + token + sep));
        if (kind === 0) b.splice(i, 0, ...t);
        else if (kind === 1) b.splice(i, len);
        else if (kind === 2) b.splice(i, Math.min(len, 8), ...t);
        else if (kind === 3) b.splice(i, 0, ...b.slice(i, i + len));
        else if (kind === 4) b.splice(i, 0, ...raw);
        else if (kind === 5 && b.length > 0) b[Math.min(i, b.length - 1)] ^= 1 << (len % 8);
        else b = b.slice(0, i);
      }
      return Uint8Array.from(b.slice(0, 200_000));
    });

  it('valid files with token-level edits', { timeout: TIMEOUT }, () => {
    fc.assert(fc.property(mutated, readAll), { numRuns: RUNS });
    validUnaffected(true);
  });

  it('valid files cut at every length (and a byte changed there)', { timeout: TIMEOUT }, () => {
    let cases = 0;
    for (const v of VALID) {
      for (let n = 0; n <= v.bytes.length; n++) {
        const cut = v.bytes.subarray(0, n);
        const r = guarded(() => v.read(cut));
        if (n === v.bytes.length) {
          // the whole file is the valid file
          expect(r).toBe('ok');
          expect(fingerprint(v.read(cut))).toBe(BASELINE[VALID.indexOf(v)]);
        }
        guarded(() => readStl(cut));
        guarded(() => readObj(cut));
        cases++;
        if (n > 0) {
          const changed = cut.slice();
          changed[n - 1] ^= 0x20;
          guarded(() => v.read(changed));
          cases++;
        }
      }
      validUnaffected(true);
    }
    expect(cases).toBeGreaterThanOrEqual(RUNS);
  });

  it('binary headers claiming any facet count, on data of any size', { timeout: TIMEOUT }, () => {
    const count = fc.oneof(
      fc.nat({ max: 0xffffffff }),
      fc.constantFrom(0, 1, 2, 0x7fffffff, 0x80000000, 0xffffffff, 0x3ffffff, 85899345),
      fc.integer({ min: 0, max: 40 }),
    );
    const size = fc.oneof(
      fc.integer({ min: 0, max: 3000 }),
      fc.integer({ min: 0, max: 40 }).map((n) => 84 + 50 * n),
      fc
        .tuple(fc.integer({ min: 1, max: 40 }), fc.constantFrom(-1, 1, 50, -50))
        .map(([n, d]) => 84 + 50 * n + d),
    );
    fc.assert(
      fc.property(
        count,
        size,
        fc.boolean(),
        fc.uint8Array({ minLength: 64, maxLength: 64 }),
        (n, bytesLength, solid, noise) => {
          const b = new Uint8Array(Math.max(0, bytesLength));
          for (let i = 0; i < b.length; i++) b[i] = noise[i % 64];
          if (solid) b.set(enc('solid x').subarray(0, Math.min(7, b.length)));
          if (b.length >= 84) new DataView(b.buffer).setUint32(80, n, true);
          const r = guarded(() => readStl(b));
          if (r !== 'ok' && b.length >= 84 && b.length !== 84 + 50 * n && !solid)
            expect(r.code).toBe('STL_TRUNCATED');
          readAll(b);
          return true;
        },
      ),
      { numRuns: RUNS },
    );
    validUnaffected(true);
  });

  it('OBJ faces with indices beyond every range, and huge numbers', { timeout: TIMEOUT }, () => {
    const index = fc.oneof(
      fc.integer({ min: -6, max: 6 }).map(String),
      fc.constantFrom(
        '0',
        '-0',
        '4294967295',
        '4294967296',
        '-4294967297',
        '9007199254740993',
        '1e3',
        '1.5',
        '+1',
        '1/-1',
        '1/1/1/1',
      ),
      fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
    );
    const number = fc.oneof(
      fc.double().map(String),
      fc.constantFrom('1e400', '-1e-400', '0x1p3', '1_000', '٣', '1.e', '.e1'),
    );
    const line = fc.oneof(
      fc.array(number, { minLength: 0, maxLength: 5 }).map((xs) => `v ${xs.join(' ')}`),
      fc.array(index, { minLength: 0, maxLength: 7 }).map((xs) => `f ${xs.join(' ')}`),
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (lines) => {
        const text = `v 0 0 0\nv 1 0 0\nv 0 1 0\n${lines.join('\n')}\n`;
        const r = guarded(() => readObj(text));
        if (r === 'ok') {
          const { surface } = readObj(text);
          for (const i of surface.indices) expect(i).toBeLessThan(surface.vertexCount);
          for (const x of surface.positions) expect(Number.isFinite(x)).toBe(true);
        } else {
          expect(['OBJ_SYNTAX', 'INDEX_RANGE', 'NON_FINITE', 'EMPTY']).toContain(r.code);
        }
        validUnaffected();
      }),
      { numRuns: RUNS },
    );
    validUnaffected(true);
  });

  it('strings: any unicode, lone surrogates, BOMs, NULs', { timeout: TIMEOUT }, () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 100 }),
      fc
        .array(fc.constantFrom(...tokens, '\ud800', '\udfff', '\ufeff', ' ', '\n'), { maxLength: 60 })
        .map((t) => t.join(' ')),
      fc.string({ unit: 'binary', maxLength: 100 }).map((s) => `solid ${s}`),
    );
    fc.assert(
      fc.property(text, (s) => {
        guarded(() => readStl(s));
        guarded(() => readStl(s, { format: 'ascii' }));
        const b = guarded(() => readStl(s, { format: 'binary' }));
        // a string is text: binary is refused, whatever it holds
        expect(b === 'ok' ? 'ok' : b.code).toBe('INVALID_OPTION');
        guarded(() => readObj(s));
        guarded(() => detectStlFormat(s));
        validUnaffected();
      }),
      { numRuns: RUNS },
    );
    validUnaffected(true);
  });
});

describe('hostile arguments', () => {
  /** Anything in the place of the data: every type, typed arrays of other kinds, views, buffers. */
  const data = fc.oneof(
    fc.anything(),
    fc.constantFrom<unknown>(
      null,
      undefined,
      0,
      Number.NaN,
      '',
      [],
      {},
      [1, 2, 3],
      new Date(0),
      Symbol('s'),
      5n,
    ),
    fc.uint8Array({ maxLength: 200 }).map((b) => new DataView(b.buffer)),
    fc.uint8Array({ maxLength: 200 }).map((b) => new Uint16Array(b.buffer, 0, b.length >> 1)),
    fc.uint8Array({ maxLength: 200 }).map((b) => Float64Array.from(b)),
    fc.uint8Array({ maxLength: 200 }).map((b) => Array.from(b)),
    fc.constant(new SharedArrayBuffer(100)),
    fc.constant({ buffer: new ArrayBuffer(84), byteLength: 84, byteOffset: 0 }),
  );
  const options = fc.oneof(
    fc.anything(),
    fc.constantFrom<unknown>(
      undefined,
      null,
      'ascii',
      1,
      [],
      { format: 'auto' },
      { format: 'ascii' },
      { format: 'binary' },
    ),
    fc.record({ format: fc.oneof(fc.anything(), fc.constantFrom('ASCII', 'Binary', 'stl', '', 'auto ')) }),
  );
  it('readStl / readObj / detectStlFormat with data and options of any type', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(data, options, (d, o) => {
        const r = guarded(() => readStl(d as never, o as never));
        guarded(() => readObj(d as never));
        guarded(() => detectStlFormat(d as never));
        const isData =
          d instanceof Uint8Array ||
          d instanceof ArrayBuffer ||
          ArrayBuffer.isView(d) ||
          typeof d === 'string';
        if (!isData) expect(r === 'ok' ? 'ok' : r.code).toBe('INVALID_OPTION');
        validUnaffected();
      }),
      { numRuns: RUNS },
    );
    validUnaffected(true);
  });

  // Regression (fixed): a detached ArrayBuffer (after postMessage / structuredClone with transfer, or
  // ArrayBuffer.prototype.transfer) escapes as a TypeError: toBytes does `new Uint8Array(data)`,
  // which throws "Cannot perform Construct on a detached ArrayBuffer". A view on a detached buffer
  // has length 0 and gives EMPTY, as it should. Reproduction:
  //   const ab = new ArrayBuffer(84); structuredClone(ab, { transfer: [ab] }); readStl(ab) // TypeError
  it('BUG: a detached ArrayBuffer is a FirstTouchError, like an empty one', () => {
    const ab = writeStl(box(1)).slice().buffer;
    const view = new Uint8Array(ab);
    structuredClone(ab, { transfer: [ab] });
    expect(ab.byteLength).toBe(0); // detached
    expect(() => readStl(view)).toThrow(FirstTouchError); // a view: EMPTY
    expect(() => readStl(ab)).toThrow(FirstTouchError);
    expect(() => readObj(ab)).toThrow(FirstTouchError);
    expect(() => detectStlFormat(ab)).not.toThrow(TypeError);
  });
});
