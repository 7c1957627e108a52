// The npm `bunny` package (the Stanford bunny, CommonJS, no types of its own).
declare module 'bunny' {
  const bunny: { positions: number[][]; cells: number[][] };
  export default bunny;
}
