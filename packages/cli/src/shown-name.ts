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

/**
 * A message as the tool prints it: each character a terminal would act on written as its `\uXXXX`
 * escape, the rest as it is. A message quotes others' text (a scene's or a batch line's JSON, a pose
 * string, a solid's name, the bytes of a file read as the wrong format), which must not recolour,
 * move or forge what the terminal shows, nor break the message's one line.
 */
export function shownText(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!active(c)) continue;
    out += `${text.slice(from, i)}\\u${c.toString(16).padStart(4, '0')}`;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}
