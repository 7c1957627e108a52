import { readStl, sliceSurface, writeStl } from '@firsttouch/io';
import { box, Curve, disc, naca4, type Surface } from '@firsttouch/mesh';
import { identityPose, type Pose2, type Pose3, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { loadBunny } from './bunny.js';

const PI = Math.PI;

/** The bodies and motions of the tutorial's runs, on our data (the bunny in place of the dragon). */
export interface TutorialScene {
  bunny: Surface;
  /** A cube of side 0.04 centred on its origin, each face in 2 × 2 squares: 48 facets. */
  pebble: Surface;
  /** The throw of runs 1 and 2: 1.2 along x through the bunny's body, a quarter turn about y. */
  throw: [Pose3, Pose3];
  /** Run 3: the bunny at rest and three pebbles, [poses at s = 0, poses at s = 1]. */
  several: { bodies: Surface[]; poses0: Pose3[]; poses1: Pose3[] };
  /** Run 4: the NACA 0012 section at mid-span (written to STL, read back, sliced), and discs. */
  wing: Curve;
  particle: Curve;
  curves: { bodies: Curve[]; poses0: Pose2[]; poses1: Pose2[] };
  /** The sliding disc's wall. */
  wall: Curve;
}

/**
 * Builds the scene. The throw passes through the bunny's lower body (y = −0.2, z = −0.2): its five
 * samples miss the contact, as the dragon's did in the tutorial. Pebbles 2 and 3 keep the
 * tutorial's crossing paths exactly; they touch first.
 */
export function tutorialScene(): TutorialScene {
  const bunny = loadBunny();
  const pebble = box(0.04, 2);
  const throwPoses: [Pose3, Pose3] = [
    poseFromAxisAngle([0, 1, 0], 0, [-0.6, -0.2, -0.2]),
    poseFromAxisAngle([0, 1, 0], PI / 2, [0.6, -0.2, -0.2]),
  ];
  const several = {
    bodies: [bunny, pebble, pebble, pebble],
    poses0: [
      identityPose(),
      throwPoses[0],
      poseFromAxisAngle([1, 0, 0], 0, [0, 0.3, 0.6]),
      poseFromAxisAngle([0, 0, 1], 0, [-0.15, 0.3, 0.45]),
    ],
    poses1: [
      identityPose(),
      throwPoses[1],
      poseFromAxisAngle([1, 0, 0], PI, [0, 0.3, -0.6]),
      poseFromAxisAngle([0, 0, 1], PI, [1.05, 0.3, 0.45]),
    ],
  };
  // The wing goes through the file format users bring: written to binary STL and read back. Its
  // quarter chord sits on the origin, as wings are usually placed (and as the tutorial's is).
  const stl = writeStl(naca4('0012', 1, 1, 100).translate([-0.25, 0, 0]), { name: 'naca0012' });
  const wing = sliceSurface(readStl(stl).surface, 2, 0.5);
  const particle = disc(0.03, 32);
  const curves = {
    bodies: [wing, particle, particle, particle],
    poses0: [pose2(0), pose2(0, [-0.2, 0.25]), pose2(0, [-0.4, -0.12]), pose2(0, [-0.45, 0.2])],
    poses1: [pose2(0), pose2(PI, [0.4, -0.25]), pose2(PI, [0.9, -0.12]), pose2(PI, [-0.45, -0.2])],
  };
  const wall = Curve.fromLoops([0, 1, 1, 0], [-0.1, -0.1, 0, 0], [4]);
  return { bunny, pebble, throw: throwPoses, several, wing, particle, curves, wall };
}
