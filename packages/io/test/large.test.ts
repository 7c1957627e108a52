import { describe, expect, it } from 'vitest';
import { readStl } from '../src/index.js';

// A binary file of a million facets, built here. Only correctness is asserted: speed is measured in
// apps/bench, never in a timed test.
describe('a binary STL of 10⁶ facets', () => {
  it('is read whole, every facet in its place', () => {
    const n = 1_000_000;
    const bytes = new Uint8Array(84 + 50 * n);
    const view = new DataView(bytes.buffer);
    view.setUint32(80, n, true);
    // Coordinate k of facet f is f + k / 16: distinct, exact in float32 for f < 2²⁰.
    for (let f = 0; f < n; f++) {
      for (let k = 0; k < 9; k++) view.setFloat32(84 + 50 * f + 12 + 4 * k, f + k / 16, true);
    }
    const r = readStl(bytes);
    expect(r.format).toBe('binary');
    expect(r.surface.facetCount).toBe(n);
    expect(r.solids).toEqual([{ name: '', firstFacet: 0, facetCount: n }]);
    const expected = (f: number) => Array.from({ length: 9 }, (_, k) => f + k / 16);
    for (const f of [0, 1, 12345, 500000, 999998, n - 1])
      expect(Array.from(r.surface.facet(f))).toEqual(expected(f));
    // And all of them, straight from the positions.
    const p = r.surface.positions;
    let bad = 0;
    for (let f = 0; f < n; f++) {
      const v = r.surface.indices[3 * f];
      for (let k = 0; k < 3; k++) if (p[3 * v + k] !== f + k / 16) bad++;
    }
    expect(bad).toBe(0);
  }, 60_000);
});
