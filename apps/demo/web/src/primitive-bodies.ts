// The exact convex shapes a body of the page may be, by name (the select beside each body): a ball,
// a capsule, a cuboid and a hull of a rock's points. Body A's are about the bunny's size, B's about the
// pebble's, so that the built-in throw meets them. Free of the DOM: the test builds the same shapes.
import { ball, capsule, convexHull, cuboid, type Shape } from '@firsttouch/convex';
import type { Body } from './bodies.js';

/** The names the selects offer. */
export const PRIMITIVES = Object.freeze(['ball', 'capsule', 'cuboid', 'hull'] as const);
export type PrimitiveName = (typeof PRIMITIVES)[number];

/** Twelve points of a rough rock of unit size (a hull of them: some inside, some on it). */
const ROCK = Object.freeze([
  0.5, 0.1, 0, -0.45, 0.05, 0.1, 0, 0.5, 0.05, 0.05, -0.5, -0.1, 0.1, 0, 0.5, -0.05, 0.1, -0.45, 0.3, 0.3,
  0.3, -0.3, -0.3, 0.25, 0.3, -0.25, -0.3, -0.25, 0.3, -0.3, 0.1, 0.1, 0.1, -0.1, -0.05, 0,
]);

/** The shape `name` for body `side` (A about 0.9 across, B about 0.08). */
export function primitiveShape(name: PrimitiveName, side: 'a' | 'b'): Shape<3> {
  const k = side === 'a' ? 0.45 : 0.04;
  switch (name) {
    case 'ball':
      return ball(k);
    case 'capsule':
      return capsule(k, 0.5 * k);
    case 'cuboid':
      return cuboid(k, 0.6 * k, 0.8 * k);
    default:
      return convexHull(ROCK.map((x) => 2 * k * x));
  }
}

/** The body the page shows for a primitive. */
export function primitiveBody(name: PrimitiveName, side: 'a' | 'b'): Body {
  const shape = primitiveShape(name, side);
  return {
    name: `${name} (${Object.entries(shape.params)
      .map(([key, v]) => `${key} ${v}`)
      .join(', ')})`,
    body: shape,
  };
}
