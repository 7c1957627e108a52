// The npm `bunny` package (the Stanford bunny, CommonJS) ships no types: a vertex list and a
// triangle list. Vite's CommonJS handling gives its `module.exports` as the default import.
declare module 'bunny' {
  const bunny: { positions: number[][]; cells: number[][] };
  export default bunny;
}
