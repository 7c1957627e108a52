import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { bunnyData, detachOneBuffer } from '../src/bunny-data.js';

describe('the bunny read from its file', () => {
  it('is the package’s own export, vertex for vertex and facet for facet', () => {
    const own = createRequire(import.meta.url)('bunny') as { positions: number[][]; cells: number[][] };
    const read = bunnyData();
    expect(read.positions.length).toBe(1839);
    expect(read.cells.length).toBe(3674);
    expect(read.positions).toEqual(own.positions);
    expect(read.cells).toEqual(own.cells);
    expect(bunnyData()).toBe(read);
  });

  it('detachOneBuffer leaves the process with a detached buffer and throws nothing', () => {
    expect(() => detachOneBuffer()).not.toThrow();
  });
});
