// The first contact in the 3-D view: the witness points on A and on B at the toi, the segment
// between them and the normal from A to B. They are the library's, in world coordinates.
import type { TimeOfImpactResult } from '@firsttouch/ccd';
import {
  ArrowHelper,
  BufferAttribute,
  BufferGeometry,
  Group,
  Line,
  LineBasicMaterial,
  Mesh,
  MeshBasicMaterial,
  SphereGeometry,
  Vector3,
} from 'three';
import type { View3d } from './view3d.js';

const WITNESS_A = 0xd62728;
const WITNESS_B = 0x1a9641;

export class WitnessView {
  readonly #view: View3d;
  readonly #group = new Group();

  constructor(view: View3d) {
    this.#view = view;
    view.add(this.#group);
  }

  /** Shows the witness data of `result`, markers sized to `sceneSize`; nothing when there is no contact. */
  show(result: TimeOfImpactResult | undefined, sceneSize: number): void {
    for (const child of this.#group.children) {
      if (child instanceof Mesh || child instanceof Line) child.geometry.dispose();
    }
    this.#group.clear();
    if (result && (result.status === 'contact' || result.status === 'initial-contact')) {
      const a = new Vector3(...result.pointA);
      const b = new Vector3(...result.pointB);
      const r = 0.008 * sceneSize;
      this.#group.add(marker(a, r, WITNESS_A), marker(b, r * 0.7, WITNESS_B), segment(a, b));
      const n = new Vector3(...result.normal);
      if (Number.isFinite(n.x)) this.#group.add(new ArrowHelper(n, a, 0.12 * sceneSize, WITNESS_A));
    }
    this.#view.requestRender();
  }
}

function marker(at: Vector3, radius: number, colour: number): Mesh {
  // Drawn over everything: the points sit on the surfaces and would otherwise hide inside them.
  const material = new MeshBasicMaterial({ color: colour, depthTest: false });
  const mesh = new Mesh(new SphereGeometry(radius, 16, 12), material);
  mesh.position.copy(at);
  mesh.renderOrder = 10;
  return mesh;
}

function segment(a: Vector3, b: Vector3): Line {
  const geometry = new BufferGeometry();
  geometry.setAttribute(
    'position',
    new BufferAttribute(new Float32Array([...a.toArray(), ...b.toArray()]), 3),
  );
  return new Line(geometry, new LineBasicMaterial({ color: 0x000000, depthTest: false }));
}
