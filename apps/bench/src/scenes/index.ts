import type { Scene } from '../harness/scene.js';
import { ccdScene } from './ccd.js';
import { convexScene } from './convex.js';
import { distanceScene } from './distance.js';
import { distanceSizeScene } from './distance-size.js';
import { manyScene } from './many.js';
import { planck2dScene } from './planck2d.js';

/** Every scene, in the order they run. A new scene is one file in this folder plus one line here. */
export const SCENES: readonly Scene[] = [
  distanceScene,
  distanceSizeScene,
  ccdScene,
  convexScene,
  planck2dScene,
  manyScene,
];
