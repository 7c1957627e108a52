/**
 * The number that `text`, a command-line token, writes in decimal (white space around it allowed),
 * or NaN. `Number()` also reads hexadecimal, octal and binary literals (`0x10` is 16), `Infinity`,
 * and a blank as 0: on a command line those are slips, not numbers. A decimal too large for a
 * double comes back as ±Infinity, for the caller's finiteness check.
 */
export function decimal(text: string): number {
  const t = text.trim();
  // A decimal number as people write one: a sign, digits with or without a point, an exponent.
  return /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/**
 * The end of a usage message about `token` when it is a number to `Number()` but not to
 * {@link decimal} (`0x10`, `0o7`, `0b1`): it names the token and why; otherwise nothing.
 */
export function radixNote(token: string): string {
  return /^\s*[+-]?0[xob]/i.test(token)
    ? `: "${token.trim()}" is not a decimal number (hexadecimal, octal and binary numbers are refused)`
    : '';
}
