import { decodeLatin1 } from '../input.js';
import { MAX_NUMBER_LENGTH } from './limits.js';

/**
 * The powers of ten that are exact doubles. Never written; a plain array, not a frozen one: optimised
 * code reads a frozen array's elements several times slower (listed in the package check's
 * constant tables).
 */
const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
  1e20, 1e21, 1e22,
];

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * The number written in `bytes[start, end)`, or `undefined` when it is not a number. Accepts every
 * decimal float syntax writers use: an optional sign, digits with an optional point (`1`, `1.`, `.5`,
 * `1.50`), an optional exponent `e`, `E`, `d` or `D` (Fortran) with an optional sign, `inf`,
 * `infinity` and `nan` in any case, and the `1.#INF`, `-1.#IND`, `1.#QNAN` of old Windows writers
 * (non-finite values are returned as such: the caller decides whether they are allowed). The result
 * is the correctly rounded float64: short numbers are converted exactly here (a mantissa below 2^53
 * times or divided by an exact power of ten rounds once), all others by `Number()`.
 */
export function parseNumber(
  bytes: Uint8Array,
  start: number,
  end: number,
  window?: TextWindow,
): number | undefined {
  if (end - start > MAX_NUMBER_LENGTH || end <= start) return undefined;
  let p = start;
  let negative = false;
  if (bytes[p] === 43 || bytes[p] === 45) {
    negative = bytes[p] === 45;
    p++;
  }
  if (p < end && !isDigit(bytes[p]) && bytes[p] !== 46) return named(bytes, p, end, negative);
  let mantissa = 0;
  let significant = 0;
  let digits = 0;
  let fractionDigits = 0;
  while (p < end && isDigit(bytes[p])) {
    if (mantissa !== 0 || bytes[p] !== 48) {
      mantissa = mantissa * 10 + (bytes[p] - 48);
      significant++;
    }
    digits++;
    p++;
  }
  if (p < end && bytes[p] === 46) {
    p++;
    if (digits === 1 && p < end && bytes[p] === 35) return msvc(bytes, p + 1, end, negative);
    while (p < end && isDigit(bytes[p])) {
      if (mantissa !== 0 || bytes[p] !== 48) {
        mantissa = mantissa * 10 + (bytes[p] - 48);
        significant++;
      }
      digits++;
      fractionDigits++;
      p++;
    }
  }
  if (digits === 0) return undefined;
  let exponent = 0;
  let fortran = false;
  if (p < end) {
    const c = bytes[p] | 0x20;
    if (c !== 101 && c !== 100) return undefined;
    fortran = c === 100;
    p++;
    let expNegative = false;
    if (p < end && (bytes[p] === 43 || bytes[p] === 45)) {
      expNegative = bytes[p] === 45;
      p++;
    }
    if (p === end) return undefined;
    while (p < end && isDigit(bytes[p])) {
      // Saturate: beyond 1e6 the value is 0 or infinite anyway, and Number() gets it right.
      if (exponent < 1e6) exponent = exponent * 10 + (bytes[p] - 48);
      p++;
    }
    if (p !== end) return undefined;
    if (expNegative) exponent = -exponent;
  }
  const scale = exponent - fractionDigits;
  if (significant <= 15 && scale >= -22 && scale <= 22) {
    const value = scale >= 0 ? mantissa * POW10[scale] : mantissa / POW10[-scale];
    return negative ? -value : value;
  }
  let text = window
    ? window.text(start, end)
    : String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
  if (fortran) text = text.replace(/[dD]/, 'e');
  return Number(text);
}

/**
 * Text of a byte array, decoded a window of 64 kB at a time, for the numbers the fast path cannot
 * convert (17 significant digits, as exact writers give): a slice of a decoded window costs a small
 * part of decoding each token on its own. One per parse: the bytes must not change meanwhile.
 */
export class TextWindow {
  readonly #bytes: Uint8Array;
  #from = 0;
  #text = '';

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  /** `bytes[start, end)` as a string; only ASCII bytes are read right (numbers are ASCII). */
  text(start: number, end: number): string {
    if (start < this.#from || end > this.#from + this.#text.length) {
      this.#from = start;
      const to = Math.min(this.#bytes.length, Math.max(end, start + 65536));
      this.#text = decodeLatin1(this.#bytes.subarray(start, to));
    }
    return this.#text.slice(start - this.#from, end - this.#from);
  }
}

/** `inf`, `infinity`, `nan` in any case. */
function named(bytes: Uint8Array, p: number, end: number, negative: boolean): number | undefined {
  const word = lower(bytes, p, end);
  if (word === 'inf' || word === 'infinity') return negative ? -Infinity : Infinity;
  if (word === 'nan') return Number.NaN;
  return undefined;
}

/** What follows `d.#`: `INF`, `IND`, `QNAN` or `SNAN`, trailing digits, an optional exponent. */
function msvc(bytes: Uint8Array, p: number, end: number, negative: boolean): number | undefined {
  let q = p;
  while (q < end && !isDigit(bytes[q])) q++;
  const word = lower(bytes, p, q);
  while (q < end && isDigit(bytes[q])) q++;
  if (q < end && (bytes[q] | 0x20) === 101) {
    q++;
    if (q < end && (bytes[q] === 43 || bytes[q] === 45)) q++;
    const digitsStart = q;
    while (q < end && isDigit(bytes[q])) q++;
    if (q === digitsStart) return undefined;
  }
  if (q !== end) return undefined;
  if (word === 'inf') return negative ? -Infinity : Infinity;
  if (word === 'ind' || word === 'qnan' || word === 'snan') return Number.NaN;
  return undefined;
}

function lower(bytes: Uint8Array, p: number, end: number): string {
  if (end - p > 8) return '';
  let s = '';
  for (let i = p; i < end; i++) s += String.fromCharCode(bytes[i] | 0x20);
  return s;
}
