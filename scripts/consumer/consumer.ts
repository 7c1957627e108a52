// The consumer of scripts/consumer-test.mjs: a user's strict TypeScript program on the installed
// tarballs, using the main API of every published package. It is copied into a fresh project and
// type-checked there (not in this workspace), then compiled and run; it writes two STL files and the
// results that the installed `firsttouch` command must reproduce.
import { writeFileSync } from 'node:fs';
import { firstImpact, proximityPairs } from '@firsttouch/broadphase';
import { type TimeOfImpactResult, timeOfImpact } from '@firsttouch/ccd';
import { fitToUnit, main } from '@firsttouch/cli';
import { readObj, readStl, sliceSurface, writeObj, writeStl } from '@firsttouch/io';
import { writeStlFile } from '@firsttouch/io/node';
import {
  box,
  icosphere,
  type Surface,
  type SurfaceDistanceResult,
  SurfacePair,
  surfaceDistance,
} from '@firsttouch/mesh';
import { FirstTouchError, identityPose, type Pose3, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
import { poseFromObject3D, poseToMatrix4, surfaceFromGeometry } from '@firsttouch/three';
import { BoxGeometry, type Matrix4, Mesh } from 'three';

// The declarations type the fields, with no `any` leaking in. Some are declared as
// `Float64Array<ArrayBuffer>` (TypeScript 5.7's generic typed arrays): an older TypeScript fails on
// them, or, skipping the declarations (skipLibCheck), silently makes them `any`. A typed array is not
// a string: each line below must fail to compile, and an `any` field would make it compile, which the
// expect-error directives then report as unused.
function fieldsAreTyped(result: TimeOfImpactResult, pair: SurfacePair, motion: RigidMotion): string[] {
  return [
    // @ts-expect-error a Float64Array is not a string
    result.pointA,
    // @ts-expect-error a Float64Array<ArrayBuffer> is not a string
    pair.pointA,
    // @ts-expect-error a Float64Array<ArrayBuffer> is not a string
    motion.axis,
  ];
}

const ball: Surface = icosphere(0.3, 2);
const pebble: Surface = box(0.04, 2);

// ccd: a pebble thrown past the ball while it turns a quarter turn
const motion = {
  a: [identityPose(), identityPose()] as [Pose3, Pose3],
  b: [poseFromAxisAngle([0, 0, 1], 0, [-1, 0, 0]), poseFromAxisAngle([0, 1, 0], Math.PI / 2, [1, 0, 0])] as [
    Pose3,
    Pose3,
  ],
};
const hit: TimeOfImpactResult = timeOfImpact(ball, pebble, motion);
const turn = new RigidMotion(motion.b[0], motion.b[1]);
console.log(
  `ccd: ${hit.status} at toi ${hit.toi}, witness x ${hit.pointA[0].toFixed(6)}, axis y ${turn.axis[1]}`,
);

// mesh: the gap at an instant
const poseB = poseFromAxisAngle([0, 0, 1], 0, [0, 0.5, 0]);
const gap: SurfaceDistanceResult = surfaceDistance(ball, pebble, { poseB });
const pair = new SurfacePair(ball, pebble);
const pairGap = pair.evaluate(poseB.R, poseB.t);
console.log(`mesh: gap ${gap.distance} (${pairGap} by a SurfacePair, on A at y ${pair.pointA[1]})`);
console.log(`types: ${fieldsAreTyped(hit, pair, turn).length} fields checked`);

// broadphase: three bodies, one pebble at rest above the ball
const many = firstImpact(
  [ball, pebble, pebble],
  [motion.a[0], motion.b[0], poseFromAxisAngle([0, 0, 1], 0, [0, 2, 0])],
  [motion.a[1], motion.b[1], poseFromAxisAngle([0, 0, 1], 0, [0, 2, 0])],
);
const close = proximityPairs([ball, pebble], [identityPose(), poseB], 0.5);
console.log(
  `broadphase: ${many.status} at ${many.toi}, pair ${many.pair?.join(' ')}; ${close.pairs.length} pair close`,
);

// io: STL and OBJ round trips, a section
const fromStl = readStl(writeStl(ball, { format: 'ascii' })).surface;
const fromObj = readObj(writeObj(pebble)).surface;
const section = sliceSurface(ball, 2, 0);
console.log(
  `io: ${fromStl.facetCount} and ${fromObj.facetCount} facets back, section of ${section.segmentCount} segments`,
);

// io/node: the files the command reads below
await writeStlFile('ball.stl', ball, { format: 'ascii' });
await writeStlFile('pebble.stl', pebble, { format: 'ascii' });

// three: a three.js box placed in the scene graph, as a body and a pose, and back to a matrix
const crate = new Mesh(new BoxGeometry(1, 2, 3));
crate.position.set(4, 0, 0);
const cratePose: Pose3 = poseFromObject3D(crate);
const matrix: Matrix4 = poseToMatrix4(cratePose);
const crateBody = surfaceFromGeometry(crate.geometry);
console.log(
  `three: ${crateBody.facetCount} facets at x ${cratePose.t[0]}, matrix ${matrix.equals(crate.matrixWorld)}`,
);

// pose: errors are FirstTouchError with a stable code
try {
  poseFromAxisAngle([0, 0, 0], 1);
} catch (e) {
  console.log(`pose: ${e instanceof FirstTouchError ? e.code : 'not a FirstTouchError'}`);
}

// cli: the tool in process, and its placement
const out: string[] = [];
const code = main(['--help'], { out: (s) => out.push(s), err: (s) => out.push(s) });
console.log(`cli: --help exits ${code}; fit ${fitToUnit(box([4, 2, 1]), 2).bounds().max[0]}`);

// What `npx firsttouch` must print for the same queries (the files are ASCII: exact coordinates).
writeFileSync(
  'expected.json',
  JSON.stringify({
    toi: { status: hit.status, toi: hit.toi },
    toiArgs: ['--b-from', 't=-1,0,0', '--b-to', 'axis=0,1,0 angle=90deg t=1,0,0'],
    distance: gap.distance,
    distanceArgs: ['--b', 't=0,0.5,0'],
  }),
);
