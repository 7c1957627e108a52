/**
 * `x` in the shortest decimal form that reads back as the same float64 (what `String(x)` gives,
 * ECMAScript's Number::toString), with the sign of a negative zero kept, so text formats round-trip
 * bit for bit.
 */
export function formatNumber(x: number): string {
  return x === 0 && 1 / x < 0 ? '-0' : String(x);
}
