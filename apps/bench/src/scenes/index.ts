import type { Scene } from '../harness/scene.js';
import { affineScene } from './affine.js';
import { batchScene } from './batch.js';
import { castScene } from './cast.js';
import { ccdScene } from './ccd.js';
import { compoundsScene } from './compounds.js';
import { convexScene } from './convex.js';
import { distanceScene } from './distance.js';
import { distanceSizeScene } from './distance-size.js';
import { hullsScene } from './hulls.js';
import { manyScene } from './many.js';
import { planck2dScene } from './planck2d.js';
import { proximityScene } from './proximity.js';
import { shapesScene } from './shapes.js';
import { treesScene } from './trees.js';
import { worldScene } from './world.js';

/**
 * Every scene, in the order they run. A new scene is one file in this folder plus one line here.
 * `convex` and `cast` run last: Rapier's WebAssembly memory, as it grows, detaches its old ArrayBuffer, and
 * from then on V8 checks every typed-array access of the process (`bunny-data.ts`); the scenes
 * before it run in the default state of a process.
 */
export const SCENES: readonly Scene[] = [
  distanceScene,
  distanceSizeScene,
  treesScene,
  hullsScene,
  ccdScene,
  planck2dScene,
  manyScene,
  shapesScene,
  compoundsScene,
  proximityScene,
  batchScene,
  worldScene,
  affineScene,
  convexScene,
  castScene,
];
