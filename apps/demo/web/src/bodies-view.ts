// The two bodies in the 3-D view: drawn at the slider's instant, with translucent ghosts at the
// advancement's iterates and the path of each moving body's origin over the step.
import type { Motion3 } from '@firsttouch/ccd';
import type { Shape } from '@firsttouch/convex';
import { Surface } from '@firsttouch/mesh';
import { identityPose, RigidMotion } from '@firsttouch/pose';
import { geometryFromShape, geometryFromSurface } from '@firsttouch/three';
import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  Group,
  Line,
  LineBasicMaterial,
  type Mesh,
  MeshStandardMaterial,
} from 'three';
import { bodyMesh, placeObject } from './body-mesh.js';
import type { Iterate } from './ccd-run.js';
import type { View3d } from './view3d.js';

export const COLOUR_A = 0xc8a27c;
export const COLOUR_B = 0x2f6fb3;

/** More ghosts than this clutter the view (a grazing approach can take 1000 steps): show a subset. */
const MAX_GHOSTS = 40;

interface Track {
  solid: Mesh;
  ghostMaterial: MeshStandardMaterial;
  motion: RigidMotion | undefined;
}

export class BodiesView {
  readonly #view: View3d;
  readonly #tracks: [Track, Track];
  readonly #extras = new Group();

  constructor(view: View3d) {
    this.#view = view;
    const track = (colour: number): Track => ({
      solid: bodyMesh(new BufferGeometry(), new MeshStandardMaterial({ color: colour, flatShading: true })),
      ghostMaterial: new MeshStandardMaterial({
        color: colour,
        transparent: true,
        opacity: 0.22,
        depthWrite: false,
      }),
      motion: undefined,
    });
    this.#tracks = [track(COLOUR_A), track(COLOUR_B)];
    view.add(this.#tracks[0].solid, this.#tracks[1].solid, this.#extras);
  }

  setBodies(a: Surface | Shape<3>, b: Surface | Shape<3>): void {
    for (const [track, body] of [
      [this.#tracks[0], a],
      [this.#tracks[1], b],
    ] as const) {
      track.solid.geometry.dispose();
      // A shape is drawn from its exact definition (three's primitives, a hull's facets).
      track.solid.geometry = Surface.isSurface(body) ? geometryFromSurface(body) : geometryFromShape(body);
    }
    this.#clearExtras();
  }

  setMotion(motion: Motion3): void {
    this.#tracks[0].motion = new RigidMotion(motion.a[0], motion.a[1], 'motion.a');
    this.#tracks[1].motion = new RigidMotion(motion.b[0], motion.b[1], 'motion.b');
    this.#clearExtras();
  }

  /** Both bodies at instant s of the step. */
  showAt(s: number): void {
    const pose = identityPose();
    for (const track of this.#tracks) {
      if (!track.motion) continue;
      track.motion.poseAt(s, pose);
      placeObject(track.solid, pose);
    }
    this.#view.requestRender();
  }

  /** Ghost copies of each moving body at the iterates s_k (a body at rest would only pile up). */
  showIterates(iterates: readonly Iterate[]): void {
    this.#clearExtras();
    const picked = subsample(iterates, MAX_GHOSTS);
    const pose = identityPose();
    for (const track of this.#tracks) {
      const motion = track.motion;
      if (!motion || !isMoving(motion)) continue;
      for (const { s } of picked) {
        const ghost = bodyMesh(track.solid.geometry, track.ghostMaterial);
        placeObject(ghost, motion.poseAt(s, pose));
        this.#extras.add(ghost);
      }
      this.#extras.add(originPath(motion, track.ghostMaterial.color.getHex()));
    }
    this.#view.requestRender();
  }

  /** The world box swept by the bodies, from their poses at the two ends and the middle. */
  sweptBox(): Box3 {
    const box = new Box3();
    const pose = identityPose();
    for (const track of this.#tracks) {
      const geometry = track.solid.geometry;
      geometry.computeBoundingBox();
      if (!track.motion || !geometry.boundingBox) continue;
      for (const s of [0, 0.5, 1]) {
        const object = bodyMesh(geometry, track.ghostMaterial);
        placeObject(object, track.motion.poseAt(s, pose));
        object.updateMatrixWorld(true);
        box.union(geometry.boundingBox.clone().applyMatrix4(object.matrixWorld));
      }
    }
    return box;
  }

  #clearExtras(): void {
    for (const child of this.#extras.children) {
      if (child instanceof Line) child.geometry.dispose();
    }
    this.#extras.clear();
    this.#view.requestRender();
  }
}

function isMoving(motion: RigidMotion): boolean {
  return motion.theta > 0 || motion.translationLength > 0;
}

/** At most `max` iterates, evenly spread, always with the first and the last. */
function subsample<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  const out: T[] = [];
  for (let i = 0; i < max; i++) out.push(items[Math.round((i * (items.length - 1)) / (max - 1))]);
  return out;
}

/** The line the body origin follows (straight, by the library's motion model; drawn from samples anyway). */
function originPath(motion: RigidMotion, colour: number): Line {
  const n = 32;
  const xyz = new Float32Array(3 * (n + 1));
  for (let i = 0; i <= n; i++) xyz.set(motion.translationAt(i / n, new Float64Array(3)), 3 * i);
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(xyz, 3));
  return new Line(geometry, new LineBasicMaterial({ color: colour }));
}
