import { isShape2, isShape3, type Shape } from '@firsttouch/convex';
import { Compound, Compound2, Curve, facetNormal, Surface } from '@firsttouch/mesh';

/**
 * The directions along which a body can lie flat against another, in its own frame: where two
 * bodies touch at a gap of 0, the contact normal the slab proof needs is one of these (a crate's
 * face on a floor's), and the distance record gives none between shapes (no direction separates
 * bodies that meet). Each body object's list is made once and kept here, in the world that asks
 * (no state at module level).
 *
 * - a surface: the normal of the facet the record names, both ways (its orientation is the mesh's);
 * - a curve: the normal of the segment the record names, both ways;
 * - a shape: its flat sides' outward normals (a cuboid's six, a cylinder's two caps, a cone's base,
 *   a hull's facets, a polygon's edges, a 2-D capsule's two sides; a `rounded` shape its base's);
 *   none for balls, capsules and point sets;
 * - a compound: the flat sides of the part the record names (its feature is a part index), turned
 *   by the part's pose into the compound's frame.
 */
export class ContactFaces {
  readonly #shapes = new WeakMap<object, Float64Array>();
  readonly #n = new Float64Array(4);

  /**
   * Appends the body's directions (body frame, `dim` numbers each, any length) to `out`: its flat
   * sides, or both normals of its `feature` (the facet or segment a distance record names).
   */
  collect(body: unknown, feature: number, dim: 2 | 3, out: number[]): void {
    if (dim === 3 && Surface.isSurface(body)) {
      if (!(Number.isInteger(feature) && feature >= 0 && feature < body.facetCount)) return;
      const idx = body.indices;
      const n = this.#n;
      facetNormal(
        body.positions,
        3 * idx[3 * feature],
        3 * idx[3 * feature + 1],
        3 * idx[3 * feature + 2],
        n,
      );
      out.push(n[0], n[1], n[2], -n[0], -n[1], -n[2]);
      return;
    }
    if (dim === 2 && Curve.isCurve(body)) {
      if (!(Number.isInteger(feature) && feature >= 0 && feature < body.segmentCount)) return;
      const [x0, y0, x1, y1] = body.segment(feature);
      out.push(y1 - y0, x0 - x1, y0 - y1, x1 - x0);
      return;
    }
    if (dim === 3 ? Compound.isCompound(body) : Compound2.isCompound2(body)) {
      const whole = body as Compound | Compound2;
      if (!(Number.isInteger(feature) && feature >= 0 && feature < whole.partCount)) return;
      const part = whole.parts[feature];
      const start = out.length;
      this.collect(part.body, -1, dim, out);
      const pose = part.pose as { R?: Float64Array; angle?: number };
      for (let k = start; k < out.length; k += dim) {
        const x = out[k];
        const y = out[k + 1];
        if (dim === 3) {
          const R = pose.R as Float64Array;
          const z = out[k + 2];
          out[k] = R[0] * x + R[1] * y + R[2] * z;
          out[k + 1] = R[3] * x + R[4] * y + R[5] * z;
          out[k + 2] = R[6] * x + R[7] * y + R[8] * z;
        } else {
          const c = Math.cos(pose.angle as number);
          const s = Math.sin(pose.angle as number);
          out[k] = c * x - s * y;
          out[k + 1] = s * x + c * y;
        }
      }
      return;
    }
    if (dim === 3 ? isShape3(body) : isShape2(body)) {
      const shape = body as Shape;
      let faces = this.#shapes.get(shape);
      if (faces === undefined) {
        faces = shapeFaces(shape);
        this.#shapes.set(shape, faces);
      }
      for (let k = 0; k < faces.length; k++) out.push(faces[k]);
    }
  }
}

/** A shape's flat sides as outward normals of its own frame (see {@link ContactFaces}). */
function shapeFaces(shape: Shape): Float64Array {
  const base = shape.base ?? shape;
  switch (base.kind) {
    case 'cuboid':
      return new Float64Array([1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1]);
    case 'cylinder':
      return new Float64Array([0, 1, 0, 0, -1, 0]);
    case 'cone':
      return new Float64Array([0, -1, 0]);
    case 'cuboid2':
      return new Float64Array([1, 0, -1, 0, 0, 1, 0, -1]);
    case 'capsule2':
      return new Float64Array([1, 0, -1, 0]);
    case 'convexHull': {
      // counter-clockwise seen from outside: the facet normal points out
      const v = base.vertices();
      const f = base.facets();
      const out = new Float64Array(f.length);
      const n = new Float64Array(4);
      for (let k = 0; k < f.length; k += 3) {
        facetNormal(v, 3 * f[k], 3 * f[k + 1], 3 * f[k + 2], n);
        out[k] = n[0];
        out[k + 1] = n[1];
        out[k + 2] = n[2];
      }
      return out;
    }
    case 'convexPolygon': {
      // counter-clockwise: the edge from p to q has (qy − py, px − qx) outside
      const v = base.vertices();
      const count = v.length / 2;
      const out = new Float64Array(v.length);
      for (let k = 0; k < count; k++) {
        const q = (k + 1) % count;
        out[2 * k] = v[2 * q + 1] - v[2 * k + 1];
        out[2 * k + 1] = v[2 * k] - v[2 * q];
      }
      return out;
    }
    default:
      return new Float64Array(0);
  }
}
