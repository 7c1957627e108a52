import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeOfImpact } from '@firsttouch/ccd';
import { capsule, cuboid, shapeDistance, ball as sphere } from '@firsttouch/convex';
import { writeStl } from '@firsttouch/io';
import { box, icosphere, naca4, Surface, surfaceDistance } from '@firsttouch/mesh';
import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitToUnit } from '../src/index.js';
import { sectionSvg } from '../src/section-svg.js';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'firsttouch-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir });

const ball = icosphere(0.3, 2);
const pebble = box(0.04, 2);

beforeAll(() => {
  writeFileSync(join(dir, 'ball.stl'), writeStl(ball, { format: 'ascii' }));
  writeFileSync(join(dir, 'pebble.stl'), writeStl(pebble, { format: 'ascii' }));
  writeFileSync(join(dir, 'wing.stl'), writeStl(naca4('0012', 1, 1, 50)));
  writeFileSync(join(dir, 'broken.stl'), 'solid broken\n facet normal 0 0 1\n outer loop\n vertex 0 0 0\n');
  writeFileSync(
    join(dir, 'scene.json'),
    JSON.stringify({
      tolerance: 1e-6,
      bodies: [
        { file: 'ball.stl' },
        { file: 'pebble.stl', from: 't=-1,0,0', to: 'axis=0,1,0 angle=90deg t=1,0,0' },
        { file: 'pebble.stl', from: 't=0,2,0' },
      ],
    }),
  );
});

describe('firsttouch --help', () => {
  it('prints the usage with the POSE syntax and exits 0; no command is a usage error', () => {
    const r = run('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('axis=X,Y,Z');
    expect(r.stdout).toContain('Exit codes');
    for (const c of ['toi', 'distance', 'first-impact', 'slice']) {
      const h = run(c, '--help');
      expect(h.status).toBe(0);
      expect(h.stdout).toContain(`firsttouch ${c}`);
    }
    expect(run().status).toBe(2);
    expect(run('fly').status).toBe(2);
    // a launcher's `--` (npx firsttouch -- --help: npx reads a bare --help itself) is not a command
    expect(run('--', '--help').status).toBe(0);
    expect(run('--', '--help').stdout).toContain('Exit codes');
    expect(run('--', 'toi', '--help').stdout).toContain('firsttouch toi');
  });
});

describe('the commands give the library results', () => {
  it('toi --json equals timeOfImpact', () => {
    const r = run(
      'toi',
      'ball.stl',
      'pebble.stl',
      '--b-from',
      't=-1,0,0',
      '--b-to',
      'axis=0,1,0 angle=90deg t=1,0,0',
      '--json',
    );
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    const lib = timeOfImpact(ball, pebble, {
      a: [identityPose(), identityPose()],
      b: [poseFromAxisAngle([0, 0, 1], 0, [-1, 0, 0]), poseFromAxisAngle([0, 1, 0], Math.PI / 2, [1, 0, 0])],
    });
    // the ASCII STL holds the float64 coordinates exactly, so the query is the same, bit for bit
    expect(j.status).toBe(lib.status);
    expect(j.toi).toBe(lib.toi);
    expect(j.distance).toBe(lib.distance);
    expect(j.facetA).toBe(lib.facetA);
    expect(j.pointA).toEqual(Array.from(lib.pointA));
    expect(j.iterations).toBe(lib.iterations);
    const text = run(
      'toi',
      'ball.stl',
      'pebble.stl',
      '--b-from',
      't=-1,0,0',
      '--b-to',
      't=1,0,0',
      '--directional',
      'on',
    );
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('status contact');
  });

  it('distance --json equals surfaceDistance', () => {
    const r = run('distance', 'ball.stl', 'pebble.stl', '--b', 'angle=0.3rad t=0,0.5,0', '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    const lib = surfaceDistance(ball, pebble, { poseB: poseFromAxisAngle([0, 0, 1], 0.3, [0, 0.5, 0]) });
    expect(j.distance).toBe(lib.distance);
    expect([j.facetA, j.facetB]).toEqual([lib.facetA, lib.facetB]);
  });

  it('first-impact takes primitives named in the scene ({"ball": r}, {"cuboid": [hx, hy, hz]}, ...)', () => {
    writeFileSync(
      join(dir, 'shapes.json'),
      JSON.stringify({
        tolerance: 1e-6,
        bodies: [
          { file: 'ball.stl' },
          { ball: 0.1, from: 't=-1,0,0', to: 't=1,0,0' },
          { cuboid: [0.1, 0.2, 0.3], from: 't=0,3,0' },
          { capsule: [0.2, 0.05], from: 't=0,-3,0' },
        ],
      }),
    );
    const r = run('first-impact', join(dir, 'shapes.json'), '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.status).toBe('contact');
    expect(j.pair).toEqual([0, 1]);
    // the exact ball reaches the icosphere's facets (radius 0.3 inscribed): near 1 − 0.4 = 0.6 of 2
    const lib = timeOfImpact(
      ball,
      sphere(0.1),
      {
        a: [identityPose(), identityPose()],
        b: [poseFromAxisAngle([0, 0, 1], 0, [-1, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [1, 0, 0])],
      },
      { tolerance: 1e-6 },
    );
    expect(j.toi).toBe(lib.toi);
    expect(j.impact.facetB).toBe(0);
    writeFileSync(join(dir, 'two.json'), JSON.stringify({ bodies: [{ ball: 0.1, cuboid: [1, 1, 1] }] }));
    const bad = run('first-impact', join(dir, 'two.json'));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/bodies\[0\]: names two primitives/);
    writeFileSync(join(dir, 'neg.json'), JSON.stringify({ bodies: [{ ball: -1 }] }));
    const neg = run('first-impact', join(dir, 'neg.json'));
    expect(neg.status).toBe(1);
    expect(neg.stderr).toMatch(
      /neg\.json: bodies\[0\]: ball: radius must be positive, got -1 \[INVALID_OPTION\]/,
    );
  });

  it("a scene's mistakes name the scene and the part: unknown keys, options, directional", () => {
    const cases: [object, RegExp][] = [
      [
        { bodies: [{ ball: 0.1, form: 't=1,0,0' }] },
        /k\.json: bodies\[0\]: unknown key "form" \(expected file, from, to/,
      ],
      [{ bodies: [{ ball: 0.1 }], tolerence: 1 }, /k\.json: unknown key "tolerence"/],
      [
        { bodies: [{ ball: 0.1 }, { ball: 0.1 }], tolerance: -1 },
        /k\.json: tolerance must be a positive finite number/,
      ],
      [
        { bodies: [{ ball: 0.1 }], directional: {} },
        /k\.json: "directional" must be "on", "off" or "auto", got object/,
      ],
      [{ bodies: [{ convexHull: [1, 2] }] }, /k\.json: bodies\[0\]: convexHull: points must hold 3 numbers/],
    ];
    for (const [scene, message] of cases) {
      writeFileSync(join(dir, 'k.json'), JSON.stringify(scene));
      const r = run('first-impact', join(dir, 'k.json'));
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(message);
    }
    writeFileSync(
      join(dir, 'k.json'),
      JSON.stringify({ a: { ball: 0.1 }, b: { ball: 0.1, to: 't=1,0,0' }, nope: 1 }),
    );
    expect(run('toi', join(dir, 'k.json')).stderr).toMatch(/k\.json: unknown key "nope"/);
  });

  it("toi and distance take primitives written as a scene body's JSON, as first-impact names them", () => {
    const B0 = poseFromAxisAngle([0, 0, 1], 0, [-1, 0, 0]);
    const B1 = poseFromAxisAngle([0, 1, 0], 1, [1, 0, 0]);
    const r = run(
      'toi',
      'ball.stl',
      '{"capsule": [0.2, 0.05]}',
      '--b-from',
      't=-1,0,0',
      '--b-to',
      'axis=0,1,0 angle=1rad t=1,0,0',
      '--json',
    );
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    const lib = timeOfImpact(ball, capsule(0.2, 0.05), { a: [identityPose(), identityPose()], b: [B0, B1] });
    expect(j.status).toBe('contact');
    expect(j.toi).toBe(lib.toi);
    expect(j.b).toBe('{"capsule": [0.2, 0.05]}');
    expect(j.facetB).toBe(0);
    // two primitives, distance: GJK's gap, the witness in world coordinates
    const d = run(
      'distance',
      '{"ball": 0.1}',
      '{"cuboid": [0.2, 0.3, 0.4]}',
      '--a',
      't=1,0,0',
      '--b',
      'angle=0.5rad',
      '--json',
    );
    expect(d.status).toBe(0);
    const dj = JSON.parse(d.stdout);
    const g = shapeDistance(sphere(0.1), cuboid(0.2, 0.3, 0.4), {
      poseA: poseFromAxisAngle([0, 0, 1], 0, [1, 0, 0]),
      poseB: poseFromAxisAngle([0, 0, 1], 0.5),
    });
    expect(Math.abs(dj.distance - g.distance)).toBeLessThan(1e-12);
    expect(Math.hypot(...[0, 1, 2].map((k) => dj.pointA[k] - g.pointA[k]))).toBeLessThan(1e-9);
    // a file against a primitive: the surface's facet, the shape's 0
    const m = run('distance', 'pebble.stl', '{"ball": 0.01}', '--b', 't=0.05,0,0', '--json');
    expect(m.status).toBe(0);
    const mj = JSON.parse(m.stdout);
    expect(mj.distance).toBeCloseTo(0.05 - 0.02 - 0.01, 12);
    expect(mj.facetB).toBe(0);
    // mistakes: not JSON, no primitive named, a placement on load for a primitive, a bad size
    expect(run('toi', '{"ball": 0.1', 'ball.stl').stderr).toMatch(/A: \{"ball": 0.1 is not a JSON primitive/);
    expect(run('distance', '{"bal": 1}', 'ball.stl').stderr).toMatch(/names no primitive/);
    // a scene body's keys beside the primitive are refused, not ignored (the body stayed at the origin)
    for (const [key, v] of [
      ['from', '"t=5,0,0"'],
      ['to', '"t=-5,0,0"'],
      ['center', 'true'],
      ['fit', '1'],
      ['tolernce', '-1'],
    ]) {
      const r = run('distance', `{"ball": 0.1, "${key}": ${v}}`, 'ball.stl');
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`A: unknown key "${key}" beside the primitive`));
      expect(run('toi', 'ball.stl', `{"ball": 0.1, "${key}": ${v}}`).stderr).toMatch(/B: unknown key/);
    }
    const placed = run('distance', 'ball.stl', '{"ball": 1}', '--b-fit', '1');
    expect(placed.status).toBe(2);
    expect(placed.stderr).toMatch(/a primitive is placed by its poses/);
    const neg = run('distance', '{"ball": -1}', 'ball.stl');
    expect(neg.status).toBe(1);
    expect(neg.stderr).toMatch(/radius/);
  });

  it('toi scene.json may name a primitive for a body', () => {
    writeFileSync(
      join(dir, 'toi-shapes.json'),
      JSON.stringify({
        tolerance: 1e-6,
        a: { file: 'ball.stl' },
        b: { ball: 0.1, from: 't=-1,0,0', to: 't=1,0,0' },
      }),
    );
    const r = run('toi', join(dir, 'toi-shapes.json'), '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    const lib = timeOfImpact(
      ball,
      sphere(0.1),
      {
        a: [identityPose(), identityPose()],
        b: [poseFromAxisAngle([0, 0, 1], 0, [-1, 0, 0]), poseFromAxisAngle([0, 0, 1], 0, [1, 0, 0])],
      },
      { tolerance: 1e-6 },
    );
    expect(j.toi).toBe(lib.toi);
    expect(j.b).toBe('{"ball":0.1}');
    writeFileSync(
      join(dir, 'toi-fit.json'),
      JSON.stringify({ a: { file: 'ball.stl' }, b: { ball: 0.1, fit: 1 } }),
    );
    const bad = run('toi', join(dir, 'toi-fit.json'));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/b: "center" and "fit" place a file's body/);
    // a "center" that is not a boolean was read as false
    writeFileSync(
      join(dir, 'toi-center.json'),
      JSON.stringify({ a: { file: 'ball.stl', center: 'yes' }, b: { ball: 0.1 } }),
    );
    const yes = run('toi', join(dir, 'toi-center.json'));
    expect(yes.status).toBe(1);
    expect(yes.stderr).toMatch(/a: "center" must be true or false/);
    writeFileSync(
      join(dir, 'scene-center.json'),
      JSON.stringify({ bodies: [{ file: 'ball.stl', center: 1 }, { ball: 0.1 }] }),
    );
    const one = run('first-impact', join(dir, 'scene-center.json'));
    expect(one.status).toBe(1);
    expect(one.stderr).toMatch(/bodies\[0\]: "center" must be true or false/);
  });

  it('first-impact reads a scene file (paths relative to it)', () => {
    const r = run('first-impact', join(dir, 'scene.json'), '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.status).toBe('contact');
    expect(j.pair).toEqual([0, 1]);
    const lib = timeOfImpact(
      ball,
      pebble,
      {
        a: [identityPose(), identityPose()],
        b: [
          poseFromAxisAngle([0, 0, 1], 0, [-1, 0, 0]),
          poseFromAxisAngle([0, 1, 0], Math.PI / 2, [1, 0, 0]),
        ],
      },
      { tolerance: 1e-6 },
    );
    expect(j.toi).toBe(lib.toi);
  });

  it('slice prints the section and writes an SVG', () => {
    const r = run('slice', 'wing.stl', '--axis', 'z', '--at', '0.5', '--svg', 'wing.svg', '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.loops).toHaveLength(1);
    expect(j.loops[0].closed).toBe(true);
    expect(readFileSync(join(dir, 'wing.svg'), 'utf8')).toContain('<polyline');
  });
});

describe('placing a body (--fit, --center)', () => {
  it('fits and centres bodies whose extent or middle lies past float64 (one was scaled to a point)', () => {
    const faces = [0, 1, 2, 0, 2, 3, 0, 3, 1, 1, 3, 2];
    const wide = Surface.fromIndexed([-1.5e308, 0, 0, 1.5e308, 0, 0, 0, 1, 0, 0, 0, 1], faces);
    const fitted = fitToUnit(wide, 1).bounds();
    expect(fitted.max[0] - fitted.min[0]).toBeCloseTo(1, 12);
    const far = Surface.fromIndexed(
      [1.7e308, 0, 0, 1.75e308, 0, 0, 1.7e308, 1e307, 0, 1.7e308, 0, 1e307],
      faces,
    );
    const b = fitToUnit(far, 2).bounds();
    expect(Array.from(b.max, (x, i) => x - b.min[i])).toEqual([expect.closeTo(1, 12), 2, 2]);
    expect(Array.from(b.max, (x, i) => x + b.min[i])).toEqual([expect.closeTo(0, 12), 0, 0]);
  });
});

describe('the section drawing', () => {
  it('fits a section of 200 000 vertices (their spread once overflowed the call stack) and keeps its XML well formed', () => {
    const vertices: [number, number][] = [];
    for (let i = 0; i < 200_000; i++) vertices.push([3 + Math.cos(i), Math.sin(i)]);
    const svg = sectionSvg('ctl\u0001\u001b <b> \ud800', [{ closed: true, vertices }], 'caption');
    expect(svg).toContain('<polyline');
    // the characters XML 1.0 refuses (C0 controls, lone surrogates) are U+FFFD; markup is escaped
    expect(svg).toContain('<title>ctl\ufffd\ufffd &lt;b&gt; \ufffd</title>');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
    expect(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(svg)).toBe(false);
    // the points fill the page's width: the least u at the margin
    expect(svg).toMatch(/[" ]20,/);
  });

  // Regression (fixed): the scale, the page's width over the span, overflowed for a section narrower
  // than about 4e-306, and the points were written as NaN and Infinity.
  it('draws a section of any size with finite points, the same figure at every scale', () => {
    const square = (s: number): [number, number][] => [
      [0, 0],
      [s, 0],
      [s, 0.5 * s],
      [0, 0.5 * s],
    ];
    const pointsOf = (svg: string) => /points="([^"]*)"/.exec(svg)?.[1];
    const unit = pointsOf(sectionSvg('t', [{ closed: true, vertices: square(1) }], 'c'));
    for (const s of [1e-307, 5e-310, 1e-300, 1e-150, 1e150, 1e300]) {
      const points = pointsOf(sectionSvg('t', [{ closed: true, vertices: square(s) }], 'c'));
      expect(points).not.toMatch(/NaN|Infinity/);
      if (s >= 1e-307) expect(points).toBe(unit);
    }
  });
});

describe('errors: a message, an exit code, never a stack trace', () => {
  const cases: [string[], number, RegExp][] = [
    [['toi', 'ball.stl'], 2, /needs two bodies/],
    // an option where a value should be is not taken for the value (it wrote a file "--json")
    [
      ['slice', 'ball.stl', '--axis', 'z', '--at', '0', '--svg', '--center'],
      2,
      /--svg needs a value, got the option --center/,
    ],
    [
      ['distance', 'ball.stl', 'pebble.stl', '--a', '--b', 't=1,0,0'],
      2,
      /--a needs a value, got the option --b/,
    ],
    [['toi', 'missing.stl', 'pebble.stl'], 1, /missing\.stl: cannot read it \(no such file\)/],
    [['toi', 'broken.stl', 'pebble.stl'], 1, /broken\.stl: .*STL_SYNTAX/],
    [['toi', 'ball.stl', 'pebble.stl', '--b-from', 'axis=0,0,0'], 2, /axis must not be zero/],
    [['toi', 'ball.stl', 'pebble.stl', '--b-from', 'angle=ninety'], 2, /angle must be a number/],
    [['toi', 'ball.stl', 'pebble.stl', '--b-from', 'angle=1e308deg'], 2, /--b-from angle must be a finite/],
    [['toi', 'ball.stl', 'pebble.stl', '--b-from', 't=1,2'], 2, /three finite numbers/],
    [['toi', 'ball.stl', 'pebble.stl', '--b-from', 'spin=3'], 2, /unknown key/],
    [['toi', 'ball.stl', 'pebble.stl', '--tolerance', '-1'], 2, /--tolerance must be a positive number/],
    [['toi', 'ball.stl', 'pebble.stl', '--max-iterations', '1.5'], 2, /--max-iterations must be an integer/],
    [['toi', 'ball.stl', 'pebble.stl', '--directional', 'maybe'], 2, /--directional must be on, off or auto/],
    [['toi', 'ball.stl', 'pebble.stl', '--wobble'], 2, /unknown option --wobble/],
    [['toi', 'ball.stl', 'pebble.stl', '--a-fit', '0'], 2, /--a-fit must be a positive number/],
    [['distance', 'ball.stl', 'pebble.stl', '--a'], 2, /--a needs a value/],
    [['first-impact'], 2, /needs one scene file/],
    [['first-impact', 'missing.json'], 1, /no such file/],
    [['first-impact', 'ball.stl'], 1, /not a JSON scene/],
    // A never-ending file (issue #31) grew to gigabytes and never answered: refused at io's bound.
    [
      ['toi', '/dev/zero', 'pebble.stl'],
      1,
      /\/dev\/zero: refused: goes on past maxBytes = 268435456 bytes \(a device, a pipe, a socket or a growing file\), the most the tool reads/,
    ],
    [['first-impact', '/dev/zero'], 1, /\/dev\/zero: .*goes on past maxBytes/],
    [['slice', 'wing.stl', '--axis', 'w', '--at', '0'], 2, /--axis must be x, y or z/],
    [['slice', 'wing.stl', '--axis', 'z'], 2, /--at P is required/],
    [['slice', 'wing.stl', '--axis', 'z', '--at', '7', '--svg', 'none.svg'], 1, /does not cut the body/],
    // Numbers are decimal (issue #31): Number() would read 0x10 as 16, 0b1 as 1, 0o7 as 7.
    [
      ['toi', 'ball.stl', 'pebble.stl', '--b-from', 't=0x10,0,0'],
      2,
      /--b-from t must be three finite numbers X,Y,Z, got "0x10,0,0": "0x10" is not a decimal number \(hexadecimal/,
    ],
    [['toi', 'ball.stl', 'pebble.stl', '--b-from', 'axis=0,0b1,0'], 2, /"0b1" is not a decimal/],
    [
      ['toi', 'ball.stl', 'pebble.stl', '--b-from', 'angle=0x10deg'],
      2,
      /--b-from angle must be a number with deg or rad, got "0x10deg": "0x10deg" is not a decimal/,
    ],
    [
      ['toi', 'ball.stl', 'pebble.stl', '--tolerance', '0x10'],
      2,
      /--tolerance must be a positive number, got 0x10: "0x10" is not a decimal/,
    ],
    [['toi', 'ball.stl', 'pebble.stl', '--max-iterations', '0o7'], 2, /"0o7" is not a decimal/],
    [
      ['toi', 'ball.stl', 'pebble.stl', '--a-fit', '0x1'],
      2,
      /--a-fit must be a positive number, got 0x1: "0x1" is not a decimal/,
    ],
    [
      ['slice', 'wing.stl', '--axis', 'z', '--at', '0x0'],
      2,
      /--at must be a finite number, got 0x0: "0x0" is not a decimal/,
    ],
    // A key given twice in one POSE is a mistake, not "the last wins" (issue #31).
    [['toi', 'ball.stl', 'pebble.stl', '--b-from', 't=1,0,0 t=2,0,0'], 2, /--b-from: "t" is given twice/],
    [
      ['distance', 'ball.stl', 'pebble.stl', '--a', 'angle=1 axis=0,1,0 angle=2'],
      2,
      /"angle" is given twice/,
    ],
  ];
  for (const [args, code, message] of cases) {
    it(`${args.join(' ')} → exit ${code}`, () => {
      const r = run(...args);
      expect(r.status).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }

  it('with --json an error is one JSON object on stdout (kind, code, message, exit code), stderr empty', () => {
    const cases: [string[], number, object][] = [
      [
        ['toi', 'ball.stl', '--json'],
        2,
        { kind: 'usage', message: 'toi needs two bodies (files or primitives, or one scene.json), got 1' },
      ],
      [['fly', '--json'], 2, { kind: 'usage', message: 'unknown command "fly"' }],
      // (names of Object.prototype are no commands: they exited 3, "command.run is not a function")
      [['toString', '--json'], 2, { kind: 'usage', message: 'unknown command "toString"' }],
      [['__proto__', '--json'], 2, { kind: 'usage', message: 'unknown command "__proto__"' }],
      [
        ['toi', 'broken.stl', 'pebble.stl', '--json'],
        1,
        { kind: 'input', code: 'STL_SYNTAX', message: expect.stringMatching(/^broken\.stl: /) },
      ],
      [
        ['toi', 'missing.stl', 'pebble.stl', '--json'],
        1,
        { kind: 'input', message: 'missing.stl: cannot read it (no such file)' },
      ],
      // (--json as --svg's value: a file "--json" was written and the answer was text)
      [
        ['slice', 'ball.stl', '--axis', 'z', '--at', '0', '--svg', '--json'],
        2,
        { kind: 'usage', message: expect.stringMatching(/^--svg needs a value, got the option --json/) },
      ],
    ];
    for (const [args, code, error] of cases) {
      const r = run(...args);
      expect(r.status).toBe(code);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toEqual({ command: args[0], error, exitCode: code });
    }
  });

  it('decimal numbers in every form still work: signs, points, exponents', () => {
    const r = run('distance', 'ball.stl', 'pebble.stl', '--b', 'axis=+0,1.,0 angle=-.5e1deg t=0,5E-1,0');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^gap 0\.18/);
  });

  it('a scene file that starts with a UTF-8 byte order mark is read, as STL files with one are', () => {
    const scene = readFileSync(join(dir, 'scene.json'), 'utf8');
    writeFileSync(join(dir, 'bom-scene.json'), `\uFEFF${scene}`);
    const plain = run('first-impact', 'scene.json', '--json');
    const bom = run('first-impact', 'bom-scene.json', '--json');
    expect(bom.stderr).toBe('');
    expect(bom.status).toBe(0);
    expect({ ...JSON.parse(bom.stdout), scene: '' }).toEqual({ ...JSON.parse(plain.stdout), scene: '' });
  });

  it('a scene with bad bodies is bad input', () => {
    const bad = [
      { bodies: [] },
      { bodies: [{ file: 3 }] },
      { bodies: [{ file: 'ball.stl', from: 'axis=0,0,0' }] },
      { bodies: [{ file: 'ball.stl' }], directional: 'sometimes' },
    ];
    bad.forEach((scene, k) => {
      const f = join(dir, `bad${k}.json`);
      writeFileSync(f, JSON.stringify(scene));
      const r = run('first-impact', f);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/bad\d\.json/.source.length > 0 ? /firsttouch first-impact: / : /x/);
    });
  });
});
