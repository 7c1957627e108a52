import { box, type Surface, surfaceDistance } from '@firsttouch/mesh';
import { FirstTouchError, poseFromAxisAngle } from '@firsttouch/pose';
import {
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  InterleavedBuffer,
  InterleavedBufferAttribute,
  TorusKnotGeometry,
} from 'three';
import { describe, expect, it } from 'vitest';
import { surfaceFromGeometry } from '../src/surface-from-geometry.js';

/** Every facet's nine coordinates, in order. */
function facets(s: Surface): number[][] {
  return Array.from({ length: s.facetCount }, (_, i) => Array.from(s.facet(i)));
}

/** The facets of a geometry read with three.js's own accessors, in draw order. */
function threeFacets(g: BufferGeometry): number[][] {
  const p = g.getAttribute('position');
  const corner = (v: number) => [p.getX(v), p.getY(v), p.getZ(v)];
  const n = g.index ? g.index.count : p.count;
  const out: number[][] = [];
  for (let k = 0; k < n; k += 3) {
    const v = [0, 1, 2].map((j) => (g.index ? g.index.getX(k + j) : k + j));
    out.push(v.flatMap(corner));
  }
  return out;
}

const code = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    return e instanceof FirstTouchError ? e.code : `not a FirstTouchError: ${String(e)}`;
  }
  return undefined;
};

describe('surfaceFromGeometry', () => {
  it("a BoxGeometry (indexed) is firsttouch's box of the same size: same facets as three draws, same gaps", () => {
    const geometry = new BoxGeometry(2, 4, 6);
    expect(geometry.index).not.toBeNull();
    const surface = surfaceFromGeometry(geometry);
    expect(surface.facetCount).toBe(12);
    expect(facets(surface)).toEqual(threeFacets(geometry));
    expect(Array.from(surface.bounds().min)).toEqual([-1, -2, -3]);
    expect(Array.from(surface.bounds().max)).toEqual([1, 2, 3]);
    // the same closed box as firsttouch's own, triangulated otherwise: the same gap to a probe
    const own = box([2, 4, 6]);
    const probe = box(0.5, 2);
    for (const [axis, angle, t] of [
      [[0, 0, 1], 0.3, [3, 0.2, 0.1]],
      [[1, 1, 0], 1.1, [0.4, 3.5, -0.3]],
      [[0, 1, 1], 2.5, [-0.2, 0.1, -4.2]],
    ] as const) {
      const poseB = poseFromAxisAngle(axis, angle, t);
      expect(surfaceDistance(surface, probe, { poseB }).distance).toBeCloseTo(
        surfaceDistance(own, probe, { poseB }).distance,
        12,
      );
    }
  });

  it('a TorusKnotGeometry made non-indexed (toNonIndexed) gives the facets of the indexed one, in order', () => {
    const indexed = new TorusKnotGeometry(1, 0.3, 64, 8);
    const flat = indexed.toNonIndexed();
    expect(flat.index).toBeNull();
    const a = surfaceFromGeometry(indexed);
    const b = surfaceFromGeometry(flat);
    expect(a.facetCount).toBe(64 * 8 * 2);
    expect(facets(b)).toEqual(facets(a));
    expect(facets(a)).toEqual(threeFacets(indexed));
  });

  it('interleaved positions (position and normal in one buffer, stride 6) read as plain ones', () => {
    const plain = new BoxGeometry(1, 2, 3, 2, 2, 2);
    const p = plain.getAttribute('position');
    const n = plain.getAttribute('normal');
    const data = new Float32Array(6 * p.count);
    for (let v = 0; v < p.count; v++) {
      data.set([p.getX(v), p.getY(v), p.getZ(v), n.getX(v), n.getY(v), n.getZ(v)], 6 * v);
    }
    const buffer = new InterleavedBuffer(data, 6);
    const interleaved = new BufferGeometry();
    interleaved.setAttribute('position', new InterleavedBufferAttribute(buffer, 3, 0));
    interleaved.setAttribute('normal', new InterleavedBufferAttribute(buffer, 3, 3));
    interleaved.setIndex(plain.index);
    expect(facets(surfaceFromGeometry(interleaved))).toEqual(facets(surfaceFromGeometry(plain)));
  });

  it('normalized integer positions are read as three.js reads them (127 of Int8 is 1)', () => {
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(new Int8Array([0, 0, 0, 127, 0, 0, 0, -127, 0]), 3, true));
    expect(facets(surfaceFromGeometry(g))).toEqual([[0, 0, 0, 1, 0, 0, 0, -1, 0]]);
  });

  it('the drawRange is what three.js draws: in indices when indexed, in vertices otherwise', () => {
    const geometry = new BoxGeometry(1, 1, 1);
    const all = facets(surfaceFromGeometry(geometry));
    geometry.setDrawRange(6, 12);
    expect(facets(surfaceFromGeometry(geometry))).toEqual(all.slice(2, 6));
    const flat = new BoxGeometry(1, 1, 1).toNonIndexed();
    flat.setDrawRange(3, 6);
    expect(facets(surfaceFromGeometry(flat))).toEqual(all.slice(1, 3));
    // a range past the end stops at the end, as drawing does
    flat.setDrawRange(30, 1000);
    expect(surfaceFromGeometry(flat).facetCount).toBe(2);
  });

  it('groups assign materials only: the body is every facet of the range', () => {
    const geometry = new BoxGeometry(1, 1, 1);
    geometry.clearGroups();
    geometry.addGroup(0, 6, 0);
    expect(surfaceFromGeometry(geometry).facetCount).toBe(12);
  });

  it('refuses what is not triangles, with a FirstTouchError naming it', () => {
    expect(code(() => surfaceFromGeometry(new BufferGeometry()))).toBe('EMPTY');
    const flat2 = new BufferGeometry();
    flat2.setAttribute('position', new BufferAttribute(new Float32Array(12), 2));
    expect(code(() => surfaceFromGeometry(flat2))).toBe('BAD_LENGTH');
    const partial = new BoxGeometry(1, 1, 1);
    partial.setDrawRange(0, 7);
    expect(() => surfaceFromGeometry(partial)).toThrow('the drawn range holds 7 indices (from 0)');
    const outside = new BoxGeometry(1, 1, 1);
    outside.setIndex([0, 1, 99]);
    expect(code(() => surfaceFromGeometry(outside))).toBe('INDEX_RANGE');
    const nan = new BufferGeometry();
    nan.setAttribute(
      'position',
      new BufferAttribute(new Float32Array([0, 0, 0, 1, 0, 0, 0, Number.NaN, 0]), 3),
    );
    expect(code(() => surfaceFromGeometry(nan))).toBe('NON_FINITE');
  });
});
