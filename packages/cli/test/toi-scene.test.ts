// `firsttouch toi scene.json`: a scene whose ends may be affine maps runs timeOfImpactAffine (its
// answer bit for bit), one with POSE ends only runs timeOfImpact; bad maps and non-convex bodies
// are bad input (exit 1) with the library's code.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeOfImpact, timeOfImpactAffine } from '@firsttouch/ccd';
import { writeStl } from '@firsttouch/io';
import { box, Surface } from '@firsttouch/mesh';
import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'firsttouch-toi-scene-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir });
const scene = (name: string, value: object) => writeFileSync(join(dir, name), JSON.stringify(value));

const slab = box([10, 1, 10]);
const cube = box(2);
const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const shear = [1, 0, 0, 4, 1, 0, 0, 0, 1];

beforeAll(() => {
  writeFileSync(join(dir, 'slab.stl'), writeStl(slab, { format: 'ascii' }));
  writeFileSync(join(dir, 'cube.stl'), writeStl(cube, { format: 'ascii' }));
  // two cubes side by side, one surface: not convex
  const twin = Surface.fromIndexed(
    [...cube.positions, ...cube.translate([3, 0, 0]).positions],
    [...cube.indices, ...Array.from(cube.indices, (i) => i + cube.vertexCount)],
  );
  writeFileSync(join(dir, 'twin.stl'), writeStl(twin, { format: 'ascii' }));
});

describe('toi scene.json', () => {
  it('an affine end map runs timeOfImpactAffine: a cube sheared onto a slab, the library’s answer bit for bit', () => {
    scene('shear.json', {
      a: { file: 'slab.stl' },
      b: { file: 'cube.stl', from: 't=0,3,0', to: { L: shear, t: [0, 3, 0] } },
    });
    const r = run('toi', 'shear.json', '--json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    const lib = timeOfImpactAffine(slab, cube, {
      a: [
        { L: I, t: [0, 0, 0] },
        { L: I, t: [0, 0, 0] },
      ],
      b: [
        { L: I, t: [0, 3, 0] },
        { L: shear, t: [0, 3, 0] },
      ],
    });
    expect(j.status).toBe('contact');
    expect(j.toi).toBe(lib.toi);
    expect(j.pointB).toEqual(Array.from(lib.pointB));
    expect(j.scene).toBe('shear.json');
    // the corner comes down by 4 s from 1.5 above the slab
    expect(j.toi).toBeCloseTo(0.375, 5);
    const text = run('toi', 'shear.json');
    expect(text.stdout).toMatch(/^status contact, toi 0\.374/);
  });

  it('a flag beside the scene is a usage error (it was dropped silently, even an invalid one)', () => {
    scene('flags.json', {
      a: { file: 'slab.stl' },
      b: { file: 'cube.stl', from: 't=0,3,0', to: 't=0,-3,0' },
    });
    for (const flags of [['--tolerance', '0.5'], ['--tolerance', 'abc', '--a-fit', '-5'], ['--a-center']]) {
      const r = run('toi', 'flags.json', ...flags);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/flags\.json: a scene file holds its motion and options; --/);
    }
    expect(run('toi', 'flags.json', '--json').status).toBe(0);
  });

  it('POSE ends only run timeOfImpact', () => {
    scene('rigid.json', {
      tolerance: 1e-6,
      directional: 'on',
      a: { file: 'slab.stl' },
      b: { file: 'cube.stl', from: 't=0,3,0', to: 'axis=0,0,1 angle=30deg t=0,-1,0' },
    });
    const j = JSON.parse(run('toi', 'rigid.json', '--json').stdout);
    const lib = timeOfImpact(
      slab,
      cube,
      {
        a: [identityPose(), identityPose()],
        b: [
          poseFromAxisAngle([0, 0, 1], 0, [0, 3, 0]),
          poseFromAxisAngle([0, 0, 1], Math.PI / 6, [0, -1, 0]),
        ],
      },
      { tolerance: 1e-6, directional: true },
    );
    expect(j.toi).toBe(lib.toi);
    expect(j.facetA).toBe(lib.facetA);
  });

  it('a singular end map, a non-convex body and a bad end are bad input, exit 1 with the code', () => {
    scene('flat.json', {
      a: { file: 'slab.stl' },
      b: { file: 'cube.stl', from: 't=0,3,0', to: { L: [1, 0, 0, 0, 0, 0, 0, 0, 1], t: [0, 3, 0] } },
    });
    const flat = JSON.parse(run('toi', 'flat.json', '--json').stdout);
    expect(flat.exitCode).toBe(1);
    expect(flat.error.code).toBe('INVALID_POSE');
    expect(flat.error.message).toMatch(/motion\.b\[1\]\.L must have a positive finite determinant/);
    scene('twin.json', {
      a: { file: 'twin.stl' },
      b: { file: 'cube.stl', from: 't=0,3,0', to: { L: shear, t: [0, 3, 0] } },
    });
    const twin = JSON.parse(run('toi', 'twin.json', '--json').stdout);
    expect(twin.error.code).toBe('INVALID_OPTION');
    expect(twin.error.message).toMatch(/a is a Surface that is not convex/);
    scene('bad.json', { a: { file: 'slab.stl', to: 3 }, b: { file: 'cube.stl' } });
    const bad = run('toi', 'bad.json');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/bad\.json: a\.to must be a POSE string or an affine map/);
  });
});
