import { box, icosphere } from '@firsttouch/mesh';
import { describe, expect, it } from 'vitest';
import { geometryFromSurface } from '../src/geometry-from-surface.js';
import { surfaceFromGeometry } from '../src/surface-from-geometry.js';

describe('geometryFromSurface', () => {
  it('draws every facet, corner by corner, with normals; read back, it is the surface (float32)', () => {
    const surface = icosphere(0.75, 2);
    const geometry = geometryFromSurface(surface);
    expect(geometry.index).toBeNull();
    expect(geometry.getAttribute('position').count).toBe(3 * surface.facetCount);
    expect(geometry.getAttribute('normal').count).toBe(3 * surface.facetCount);
    expect(geometry.boundingSphere?.radius).toBeCloseTo(0.75, 6);
    const back = surfaceFromGeometry(geometry);
    expect(back.facetCount).toBe(surface.facetCount);
    for (let i = 0; i < surface.facetCount; i++) {
      expect(Array.from(back.facet(i))).toEqual(Array.from(Float32Array.from(surface.facet(i))));
    }
  });

  it('a surface with float32 coordinates comes back bit for bit', () => {
    const surface = box([1, 2, 4], 4);
    const back = surfaceFromGeometry(geometryFromSurface(surface));
    for (let i = 0; i < surface.facetCount; i++) expect(back.facet(i)).toEqual(surface.facet(i));
  });

  // Regression (fixed): a coordinate past float32's range was written as Infinity (three.js then
  // logged a NaN bounding sphere); binary STL refused the same surface.
  it('refuses a coordinate past float32 with NON_FINITE, naming the facet', () => {
    const s = box(1).translate([0, 1e39, 0]);
    expect(() => geometryFromSurface(s)).toThrow(
      expect.objectContaining({
        code: 'NON_FINITE',
        message: expect.stringMatching(/^geometryFromSurface: facet 0, vertex 0: coordinate y/),
      }),
    );
    expect(geometryFromSurface(box(1).translate([0, 3e38, 0])).getAttribute('position').count).toBe(36);
  });
});
