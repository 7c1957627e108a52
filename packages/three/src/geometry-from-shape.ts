import { convexHull, isShape3, type Shape } from '@firsttouch/convex';
import { describeBody } from '@firsttouch/convex/internal';
import { FirstTouchError } from '@firsttouch/pose';
import {
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  CapsuleGeometry,
  ConeGeometry,
  CylinderGeometry,
  SphereGeometry,
} from 'three';

/** Segments around a round shape's axis (and rings along it): enough to look round, few enough to draw many. */
const ROUND = 32;

/**
 * A three.js `BufferGeometry` that draws a 3-D convex shape of `@firsttouch/convex` in its own frame
 * (the axis along y, half extents, as the shapes are defined): three.js's sphere, box, capsule,
 * cylinder and cone geometries from the shape's parameters, and a hull's own facets for
 * `convexHull` (no second hull is built; a `pointSet` that keeps no facets is drawn by its points'
 * hull). The curved ones are tessellated for the picture only:
 * the queries keep the exact shape. A `rounded` shape is drawn as its base (the picture leaves out
 * its margin).
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a value that is not a 3-D shape, `NON_FINITE` for a
 *   shape whose drawing reaches past float32's range (about 3.4e38).
 * @example
 * ```ts
 * import { capsule, convexHull } from '@firsttouch/convex';
 * import { geometryFromShape } from '@firsttouch/three';
 * const g = geometryFromShape(capsule(0.5, 0.25));
 * g.computeBoundingBox();
 * console.log(g.boundingBox!.max.y); // 0.75
 * const tetra = geometryFromShape(convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]));
 * console.log(tetra.getAttribute('position').count); // 12
 * ```
 */
export function geometryFromShape(shape: Shape<3>): BufferGeometry {
  if (!isShape3(shape))
    throw new FirstTouchError(
      'INVALID_OPTION',
      `geometryFromShape: shape must be a 3-D shape, got ${describeBody(shape)}`,
    );
  const s = shape.base ?? shape;
  const p = s.params;
  let geometry: BufferGeometry;
  switch (s.kind) {
    case 'ball':
      geometry = new SphereGeometry(p.radius, ROUND, ROUND / 2);
      break;
    case 'cuboid':
      geometry = new BoxGeometry(2 * p.hx, 2 * p.hy, 2 * p.hz);
      break;
    case 'capsule':
      geometry = new CapsuleGeometry(p.radius, 2 * p.halfHeight, ROUND / 4, ROUND);
      break;
    case 'cylinder':
      geometry = new CylinderGeometry(p.radius, p.radius, 2 * p.halfHeight, ROUND);
      break;
    case 'cone':
      // three's cone has its apex at +height/2 and its base at −height/2: the shapes' convention.
      geometry = new ConeGeometry(p.radius, 2 * p.halfHeight, ROUND);
      break;
    default:
      geometry = hullGeometry(s);
  }
  // A shape past float32's range (a ball of radius 1e300, which convex accepts) was drawn at
  // infinity and NaN, three.js's bounding sphere NaN: refused, as geometryFromSurface refuses it.
  const position = geometry.getAttribute('position').array;
  for (let k = 0; k < position.length; k++) {
    if (!Number.isFinite(position[k])) {
      geometry.dispose();
      throw new FirstTouchError(
        'NON_FINITE',
        `geometryFromShape: a ${s.kind} reaching past float32's range (about 3.4e38) cannot be drawn: its vertex ${Math.floor(k / 3)} has ${'xyz'[k % 3]} = ${position[k]}`,
      );
    }
  }
  geometry.computeBoundingSphere();
  return geometry;
}

/**
 * A hull's own facets as a non-indexed geometry (one vertex a facet corner, flat normals); a point
 * set that keeps no facets (below 256 points it is scanned, not climbed) is drawn by the hull of its
 * points, built for the picture by convex's one hull builder.
 */
function hullGeometry(shape: Shape<3>): BufferGeometry {
  let v = shape.vertices();
  let f = shape.facets();
  if (f.length === 0) {
    let hull: Shape<3>;
    try {
      hull = convexHull(v);
    } catch {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `geometryFromShape: a ${shape.kind} whose points span no solid (fewer than 4 affinely independent) has no facets to draw`,
      );
    }
    v = hull.vertices();
    f = hull.facets();
  }
  const xyz = new Float32Array(3 * f.length);
  for (let k = 0; k < f.length; k++) {
    xyz[3 * k] = v[3 * f[k]];
    xyz[3 * k + 1] = v[3 * f[k] + 1];
    xyz[3 * k + 2] = v[3 * f[k] + 2];
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(xyz, 3));
  geometry.computeVertexNormals();
  return geometry;
}
