/** JSON with typed arrays written as plain arrays. */
export function toJson(value: unknown): string {
  return JSON.stringify(
    value,
    (_, v) => (ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v),
    2,
  );
}

/** A point as three fixed numbers. */
export function fmtPoint(p: ArrayLike<number>): string {
  return Array.from(p, (x) => x.toFixed(6)).join(' ');
}
