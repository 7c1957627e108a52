// Test-side writers, shapes and checks, written independently of src/ (no shared code): files are
// built byte by byte here, so a reader bug cannot hide behind the same bug in a writer.
import { Surface } from '@firsttouch/mesh';
import { FirstTouchError } from '@firsttouch/pose';
import { expect } from 'vitest';

/** The code of the FirstTouchError `f` throws (fails the test when it throws nothing or another error). */
export function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FirstTouchError);
    return (e as FirstTouchError).code;
  }
  throw new Error('expected a FirstTouchError');
}

/** The message of what `f` throws. */
export function messageOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return '';
}

/** mulberry32: a seeded PRNG so that failures reproduce. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A binary STL as the format describes it: header, uint32 count, 50 bytes a facet. */
export function binaryStl(
  facets: number[][],
  options: { header?: string; count?: number; normal?: number[]; attribute?: number } = {},
): Uint8Array {
  const out = new Uint8Array(84 + 50 * facets.length);
  const view = new DataView(out.buffer);
  const header = options.header ?? '';
  for (let i = 0; i < header.length && i < 80; i++) out[i] = header.charCodeAt(i);
  view.setUint32(80, options.count ?? facets.length, true);
  facets.forEach((f, i) => {
    const at = 84 + 50 * i;
    const normal = options.normal ?? [0, 0, 0];
    for (let k = 0; k < 3; k++) view.setFloat32(at + 4 * k, normal[k], true);
    for (let k = 0; k < 9; k++) view.setFloat32(at + 12 + 4 * k, f[k], true);
    view.setUint16(at + 48, options.attribute ?? 0, true);
  });
  return out;
}

/** ASCII STL text of solids, with a chosen line ending, case and indent. */
export function asciiStl(
  solids: { name: string; facets: number[][] }[],
  options: { eol?: string; upper?: boolean; indent?: string; normal?: string } = {},
): string {
  const eol = options.eol ?? '\n';
  const ind = options.indent ?? '  ';
  const kw = (s: string) => (options.upper ? s.toUpperCase() : s);
  const lines: string[] = [];
  for (const solid of solids) {
    lines.push(`${kw('solid')} ${solid.name}`);
    for (const f of solid.facets) {
      lines.push(`${ind}${kw('facet')} ${kw('normal')} ${options.normal ?? '0 0 0'}`);
      lines.push(`${ind}${ind}${kw('outer')} ${kw('loop')}`);
      for (let v = 0; v < 3; v++)
        lines.push(`${ind}${ind}${ind}${kw('vertex')} ${f[3 * v]} ${f[3 * v + 1]} ${f[3 * v + 2]}`);
      lines.push(`${ind}${ind}${kw('endloop')}`);
      lines.push(`${ind}${kw('endfacet')}`);
    }
    lines.push(`${kw('endsolid')} ${solid.name}`);
  }
  return lines.join(eol) + eol;
}

/** The 9 coordinates of every facet of a surface, as arrays. */
export function facetsOf(s: Surface): number[][] {
  const out: number[][] = [];
  for (let f = 0; f < s.facetCount; f++) out.push(Array.from(s.facet(f)));
  return out;
}

/**
 * A closed torus about the z axis, facing out: major radius R, tube radius r, `n` stations around
 * the axis and `m` around the tube (m even). The tube's stations at angle 0 and π lie exactly in
 * z = 0 (sin π is not 0 in floating point: it is set).
 */
export function torus(R: number, r: number, n: number, m: number): Surface {
  const positions: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    for (let j = 0; j < m; j++) {
      const b = (2 * Math.PI * j) / m;
      const rho = R + r * (2 * j === m ? -1 : j === 0 ? 1 : Math.cos(b));
      const z = j === 0 || 2 * j === m ? 0 : r * Math.sin(b);
      positions.push(rho * Math.cos(a), rho * Math.sin(a), z);
    }
  }
  const indices: number[] = [];
  const at = (i: number, j: number) => (i % n) * m + (j % m);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      // (around the axis) × (around the tube) points out of the tube.
      indices.push(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1));
    }
  }
  return Surface.fromIndexed(positions, indices);
}

/** The surface made of the facets of `s` that `keep` accepts (an open surface from a closed one). */
export function subset(s: Surface, keep: (facet: Float64Array, f: number) => boolean): Surface {
  const indices: number[] = [];
  for (let f = 0; f < s.facetCount; f++) {
    if (keep(s.facet(f), f)) indices.push(s.indices[3 * f], s.indices[3 * f + 1], s.indices[3 * f + 2]);
  }
  return Surface.fromIndexed(s.positions, indices);
}

/** Twice the signed area of chain `k` of a curve (positive when counter-clockwise). */
export function loopArea2(positions: ArrayLike<number>, start: number, size: number): number {
  let sum = 0;
  for (let i = 0; i < size; i++) {
    const a = start + i;
    const b = start + ((i + 1) % size);
    sum += positions[2 * a] * positions[2 * b + 1] - positions[2 * b] * positions[2 * a + 1];
  }
  return sum;
}

/** The vertices of chain `start .. start + size − 1` as [u, v] pairs. */
export function chainPoints(positions: ArrayLike<number>, start: number, size: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < size; i++) out.push([positions[2 * (start + i)], positions[2 * (start + i) + 1]]);
  return out;
}
