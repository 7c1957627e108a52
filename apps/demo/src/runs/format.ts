/** Fortran-like fixed formatting, so the demo's tables read like the tutorial's. */
export const fixed = (x: number, digits: number, width = 0): string => x.toFixed(digits).padStart(width);

/** `1.303E-06` style. */
export const sci = (x: number, digits = 3): string => {
  if (!Number.isFinite(x)) return String(x);
  const [m, e] = x.toExponential(digits).split('e');
  const exp = Number(e);
  return `${m}E${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
};

/** T or F, as Fortran prints a logical. */
export const tf = (b: boolean): string => (b ? 'T' : 'F');

/** A point's coordinates, fixed. */
export const point = (p: ArrayLike<number>, digits = 4): string =>
  Array.from(p, (x) => fixed(x, digits, digits + 4)).join('');
