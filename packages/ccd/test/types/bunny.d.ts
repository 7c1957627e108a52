// The npm `bunny` package (the Stanford bunny, public domain) ships no types: a vertex list and a
// facet list, 0-based.
declare module 'bunny' {
  const bunny: { positions: number[][]; cells: number[][] };
  export default bunny;
}
