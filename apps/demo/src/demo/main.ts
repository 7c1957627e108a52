#!/usr/bin/env node
// The main job: the tutorial's four runs on the npm bunny, generated pebbles and a generated NACA
// 0012 wing, printed like the tutorial, with SVG figures in out/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { advancementRun, printAdvancement } from '../runs/advancement.js';
import { curvesRun, printCurves } from '../runs/curves.js';
import { printSampling, samplingRun } from '../runs/sampling.js';
import { printSeveral, severalRun } from '../runs/several.js';
import { printWorld, worldRun } from '../runs/world.js';
import { tutorialScene } from '../scene/tutorial.js';
import { figures } from './figures.js';

const outDir = resolve(process.argv[2] ?? 'out');
const started = performance.now();
const progress = (what: string) =>
  console.error(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${what}`);
const section = (title: string, lines: string[]) => console.log(`\n$ ${title}\n${lines.join('\n')}`);

progress('building the scene: the npm bunny, pebbles, a NACA 0012 wing written to STL, read back, sliced');
const scene = tutorialScene();
console.log(
  `bunny: ${scene.bunny.facetCount} facets; pebble: ${scene.pebble.facetCount} facets; wing section: ${scene.wing.segmentCount} segments`,
);

progress('run 1/4: sampling the gap at 5 and 200 instants');
const r1 = samplingRun(scene);
section('run 1: sampling misses the contact', printSampling(r1));

progress('run 2/4: conservative advancement, step by step');
const r2 = advancementRun(scene);
section('run 2: the time of first contact', printAdvancement(r2));

progress('run 3/4: several bodies');
const r3 = severalRun(scene);
section('run 3: several bodies', printSeveral(r3, scene.several.bodies.length));

progress('run 4/4: the 2-D twins and the sliding disc');
const r4 = curvesRun(scene);
section('run 4: 2-D', printCurves(r4));

progress('the world: bullets through thin walls and a spinning bar, an elastic bounce, 300 steps');
section('the world: no pass-through', printWorld(worldRun()));

progress(`writing the figures to ${outDir}`);
mkdirSync(outDir, { recursive: true });
for (const [name, svg] of Object.entries(figures(scene, r1, r2, r3, r4))) {
  writeFileSync(join(outDir, name), svg);
  console.log(`wrote ${join(outDir, name)}`);
}
progress('done');
