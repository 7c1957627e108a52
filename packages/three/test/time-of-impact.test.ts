// The adapter end to end: two three.js meshes, their poses at the two ends of a step read from the
// scene graph, and the time of impact firsttouch computes for them, against the same query on its
// own shapes at the poses written by hand.
import { timeOfImpact } from '@firsttouch/ccd';
import { box } from '@firsttouch/mesh';
import { composePose, poseFromAxisAngle } from '@firsttouch/pose';
import { BoxGeometry, Group, Mesh, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { poseFromObject3D } from '../src/pose-from-object.js';
import { surfaceFromGeometry } from '../src/surface-from-geometry.js';

describe('a time of impact between three.js meshes', () => {
  it('equals the query on firsttouch boxes at the poses the scene graph holds', () => {
    const table = new Group();
    table.position.set(0, 1, 0);
    table.quaternion.setFromAxisAngle(new Vector3(0, 1, 0), 0.3);
    const slab = new Mesh(new BoxGeometry(2, 0.25, 1));
    table.add(slab);
    const die = new Mesh(new BoxGeometry(0.2, 0.2, 0.2));
    const at = (x: number, y: number, angle: number) => {
      die.position.set(x, y, 0);
      die.quaternion.setFromAxisAngle(new Vector3(1, 0, 1).normalize(), angle);
      return poseFromObject3D(die);
    };
    const motion = {
      a: [poseFromObject3D(slab), poseFromObject3D(slab)] as const,
      b: [at(0.2, 2, 0), at(-0.1, 0.5, 2)] as const,
    };
    const ours = timeOfImpact(surfaceFromGeometry(slab.geometry), surfaceFromGeometry(die.geometry), {
      a: [...motion.a],
      b: [...motion.b],
    });
    const tablePose = poseFromAxisAngle([0, 1, 0], 0.3, [0, 1, 0]);
    const own = timeOfImpact(box([2, 0.25, 1]), box(0.2), {
      a: [composePose(tablePose, poseFromAxisAngle([0, 0, 1], 0)), tablePose],
      b: [poseFromAxisAngle([1, 0, 1], 0, [0.2, 2, 0]), poseFromAxisAngle([1, 0, 1], 2, [-0.1, 0.5, 0])],
    });
    expect(ours.status).toBe('contact');
    expect(own.status).toBe('contact');
    expect(Math.abs(ours.toi - own.toi)).toBeLessThan(4 * own.tolerance);
  });
});
