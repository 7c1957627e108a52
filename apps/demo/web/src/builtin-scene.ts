// The built-in scene: the npm bunny (normalised to a unit body) at rest, and the tutorial's pebble
// thrown past its flank while it turns a quarter turn about y.
import { box } from '@firsttouch/mesh';
import bunnyData from 'bunny';
import { type Body, unitSurface } from './bodies.js';
import type { MotionSpec, PoseSpec } from './pose-spec.js';

export interface Scene {
  a: Body;
  b: Body;
  motion: MotionSpec;
}

const rest = (): PoseSpec => ({ axis: [0, 1, 0], angleDeg: 0, t: [0, 0, 0] });

/** The bunny-and-pebble scene (bodies built on each call: they are cheap next to a query). */
export function builtinScene(): Scene {
  return {
    a: { name: 'bunny (npm, unit size)', body: unitSurface(bunnyData.positions, bunnyData.cells) },
    b: { name: 'pebble box(0.04, 2)', body: box(0.04, 2) },
    motion: {
      a: [rest(), rest()],
      b: [
        { axis: [0, 1, 0], angleDeg: 0, t: [-0.6, -0.2, -0.2] },
        { axis: [0, 1, 0], angleDeg: 90, t: [0.6, -0.2, -0.2] },
      ],
    },
  };
}
