// How a file's name reaches the terminal in a message or a progress line: a name from a scene or a
// batch file is another's text, and one holding ESC or a newline (`"\u001b[31mred\n.stl"`) could
// recolour, move or forge what the terminal shows.

/**
 * Whether a terminal acts on this UTF-16 unit rather than showing it: a C0 control (ESC, newline),
 * DEL, a C1 control (U+009B is a one-character CSI), a line separator, a bidirectional override.
 */
function active(c: number): boolean {
  return (
    c < 0x20 ||
    (c >= 0x7f && c <= 0x9f) ||
    c === 0x2028 ||
    c === 0x2029 ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069)
  );
}

/**
 * A file's name as a message shows it: as it is when it holds no such character (so that the
 * common name reads as typed, `ball.stl: cannot read it`), else quoted as JSON writes a string,
 * with the characters JSON leaves raw escaped too (`"\u001b[31mred\n.stl": cannot read it`).
 */
export function shownName(name: string): string {
  let quoted = false;
  for (let i = 0; i < name.length && !quoted; i++) quoted = active(name.charCodeAt(i));
  if (!quoted) return name;
  let out = '';
  for (const ch of JSON.stringify(name)) {
    const c = ch.charCodeAt(0);
    out += ch.length === 1 && active(c) ? `\\u${c.toString(16).padStart(4, '0')}` : ch;
  }
  return out;
}
