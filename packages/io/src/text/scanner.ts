/**
 * Splits text bytes into white-space separated tokens, keeping the line and column of each, without
 * making a string or an object per token: the current token is `bytes[start, end)`. White space is
 * space, tab, vertical tab, form feed and the line breaks LF, CR LF and a lone CR, so files from any
 * system read alike. Every method advances or stops: the scanner is linear in the size of the data.
 */
export class TextScanner {
  readonly bytes: Uint8Array;
  /** The next byte to read. */
  pos = 0;
  /** The line of `pos` (1-based). */
  line = 1;
  /** The offset where the line of `pos` starts. */
  lineStart = 0;
  /** The current token, `bytes[start, end)`. */
  start = 0;
  end = 0;
  /** Line and column (1-based, in bytes) of the current token. */
  tokenLine = 1;
  tokenColumn = 1;
  /** OBJ: a backslash just before a line break joins the two lines. */
  readonly continuation: boolean;

  constructor(bytes: Uint8Array, continuation = false) {
    this.bytes = bytes;
    this.continuation = continuation;
    // A UTF-8 byte order mark, as some editors write, is not part of the text (nor a second one).
    const skip = byteOrderMarks(bytes);
    this.pos = skip;
    this.lineStart = skip;
  }

  /** Reads the next token, across line breaks. False at the end of the data. */
  next(): boolean {
    const b = this.bytes;
    const n = b.length;
    let p = this.pos;
    while (p < n) {
      const c = b[p];
      if (c === 10 || (c === 13 && b[p + 1] !== 10)) {
        this.line++;
        this.lineStart = p + 1;
      } else if (this.continuation && c === 92 && this.#breakLength(p + 1) > 0) {
        // White space here as on a line: read as a token, a line of only `\` was an empty statement
        // whose skipping swallowed the line it joins.
        p += 1 + this.#breakLength(p + 1);
        this.line++;
        this.lineStart = p;
        continue;
      } else if (c === 0xef && p === this.lineStart && b[p + 1] === 0xbb && b[p + 2] === 0xbf) {
        // a byte order mark that starts a line (two files joined) is not text either: read as the
        // statement's first bytes, it made an unknown keyword of `v` or `f`, and OBJ skipped it
        p += 3;
        this.lineStart = p;
        continue;
      } else if (c !== 32 && (c < 9 || c > 13)) {
        break;
      }
      p++;
    }
    return this.#token(p);
  }

  /** Reads the next token of the current line. False at a line break or the end of the data. */
  nextOnLine(): boolean {
    const b = this.bytes;
    const n = b.length;
    let p = this.pos;
    while (p < n) {
      const c = b[p];
      if (c === 32 || c === 9 || c === 11 || c === 12) {
        p++;
      } else if (this.continuation && c === 92 && this.#breakLength(p + 1) > 0) {
        p += 1 + this.#breakLength(p + 1);
        this.line++;
        this.lineStart = p;
      } else {
        break;
      }
    }
    if (p < n && (b[p] === 10 || b[p] === 13)) {
      this.pos = p;
      return false;
    }
    return this.#token(p);
  }

  /** Moves to the start of the next line (past the end of the current one). */
  skipLine(): void {
    const b = this.bytes;
    const n = b.length;
    let p = this.pos;
    while (p < n) {
      const c = b[p];
      if (c === 10 || c === 13) {
        p += this.#breakLength(p);
        this.line++;
        this.lineStart = p;
        break;
      }
      if (this.continuation && c === 92 && this.#breakLength(p + 1) > 0) {
        p += 1 + this.#breakLength(p + 1);
        this.line++;
        this.lineStart = p;
        continue;
      }
      p++;
    }
    this.pos = p;
  }

  /**
   * The bytes of `[start, end)` as one line: with `continuation`, each backslash and the line break
   * after it become one space, the white space they are between tokens. A view of the data when
   * there is none; the range must not end inside a line break.
   */
  joined(start: number, end: number): Uint8Array {
    const b = this.bytes;
    let p = start;
    while (p < end && !this.#continues(p)) p++;
    if (p === end) return b.subarray(start, end);
    const out = new Uint8Array(end - start);
    let n = 0;
    for (p = start; p < end; p++) {
      if (this.#continues(p)) {
        out[n++] = 32;
        p += this.#breakLength(p + 1);
      } else {
        out[n++] = b[p];
      }
    }
    return out.subarray(0, n);
  }

  /** Puts the current token back: the next read returns it again. */
  unread(): void {
    this.pos = this.start;
  }

  /** Whether the current token is `keyword` (given in lower case), in any case. */
  is(keyword: string): boolean {
    const len = keyword.length;
    if (this.end - this.start !== len) return false;
    const b = this.bytes;
    for (let i = 0; i < len; i++) {
      // Keywords are letters: OR-ing 0x20 folds upper case onto lower case and nothing else onto a letter.
      if ((b[this.start + i] | 0x20) !== keyword.charCodeAt(i)) return false;
    }
    return true;
  }

  /** The first byte of the current token. */
  get first(): number {
    return this.bytes[this.start];
  }

  /** Where the current token stands, for messages: `line 3, column 7`. */
  get where(): string {
    return `line ${this.tokenLine}, column ${this.tokenColumn}`;
  }

  /** Where `pos` stands (the end of the data, or a line end), for messages. */
  get whereNow(): string {
    return `line ${this.line}, column ${this.pos - this.lineStart + 1}`;
  }

  #token(p: number): boolean {
    const b = this.bytes;
    const n = b.length;
    if (p >= n) {
      this.pos = n;
      return false;
    }
    this.start = p;
    this.tokenLine = this.line;
    this.tokenColumn = p - this.lineStart + 1;
    while (p < n) {
      const c = b[p];
      if (c === 32 || (c >= 9 && c <= 13)) break;
      if (this.continuation && c === 92 && this.#breakLength(p + 1) > 0) break;
      p++;
    }
    this.end = p;
    this.pos = p;
    return true;
  }

  /** Whether a continuation (a backslash just before a line break) starts at `p`. */
  #continues(p: number): boolean {
    return this.continuation && this.bytes[p] === 92 && this.#breakLength(p + 1) > 0;
  }

  /** Length of the line break at `p` (LF, CR LF or CR), 0 when there is none. */
  #breakLength(p: number): number {
    const c = this.bytes[p];
    if (c === 10) return 1;
    if (c === 13) return this.bytes[p + 1] === 10 ? 2 : 1;
    return 0;
  }
}

/**
 * The bytes of the UTF-8 byte order marks that begin `bytes` (3 each): one is what some editors
 * write; a second, from a file saved twice through such an editor or two files joined, would
 * otherwise be read as the first statement's start and drop it.
 */
export function byteOrderMarks(bytes: Uint8Array): number {
  let p = 0;
  while (bytes[p] === 0xef && bytes[p + 1] === 0xbb && bytes[p + 2] === 0xbf) p += 3;
  return p;
}
