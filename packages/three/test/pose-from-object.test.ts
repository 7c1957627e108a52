import { box } from '@firsttouch/mesh';
import {
  assertPose3,
  composePose,
  FirstTouchError,
  type Pose3,
  poseFromAxisAngle,
  transformPoint,
} from '@firsttouch/pose';
import { Group, Matrix4, Mesh, Object3D, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { poseAndScaleFromObject3D, poseFromObject3D } from '../src/pose-from-object.js';
import { poseToMatrix4 } from '../src/pose-to-matrix.js';

/** An object turned by `angle` about `axis` and moved by `t`, set the three.js way. */
function placed<T extends Object3D>(object: T, axis: number[], angle: number, t: number[]): T {
  object.quaternion.setFromAxisAngle(new Vector3(...axis).normalize(), angle);
  object.position.set(t[0], t[1], t[2]);
  return object;
}

function expectPoseClose(a: Pose3, b: Pose3, digits = 14): void {
  for (let i = 0; i < 9; i++) expect(a.R[i]).toBeCloseTo(b.R[i], digits);
  for (let i = 0; i < 3; i++) expect(a.t[i]).toBeCloseTo(b.t[i], digits);
}

function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, digits: number): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expect(actual[i]).toBeCloseTo(expected[i], digits);
}

/** Where three.js draws body point p of `object`, and where the pose (and scale) put it. */
function worldPoint(object: Object3D, p: number[]): number[] {
  return new Vector3(...p).applyMatrix4(object.matrixWorld).toArray();
}

const errorOf = (f: () => unknown): FirstTouchError => {
  try {
    f();
  } catch (e) {
    if (e instanceof FirstTouchError) return e;
    throw e;
  }
  throw new Error('no error');
};

describe('poseFromObject3D', () => {
  it("a nested object's pose is the parents' poses composed, as firsttouch composes them", () => {
    const root = placed(new Group(), [1, 2, 3], 0.7, [5, -1, 2]);
    const parent = placed(new Group(), [0, 1, 0], -1.2, [0.5, 0, 3]);
    const child = placed(new Mesh(), [1, 0, 1], 2.9, [-0.25, 1, 0]);
    root.add(parent);
    parent.add(child);
    const expected = composePose(
      poseFromAxisAngle([1, 2, 3], 0.7, [5, -1, 2]),
      composePose(
        poseFromAxisAngle([0, 1, 0], -1.2, [0.5, 0, 3]),
        poseFromAxisAngle([1, 0, 1], 2.9, [-0.25, 1, 0]),
      ),
    );
    const pose = poseFromObject3D(child);
    expectPoseClose(pose, expected);
    assertPose3(pose, 'pose');
    // and a point of the body lands where three.js draws it
    for (const p of [
      [0.3, -0.2, 0.9],
      [10, 0, -4],
    ]) {
      const ours = Array.from(transformPoint(pose, p));
      expectClose(ours, worldPoint(child, p), 13);
    }
  });

  it('brings a stale world matrix up to date first, as getWorldPosition does', () => {
    const parent = new Group();
    const child = new Object3D();
    parent.add(child);
    parent.updateMatrixWorld(true);
    parent.position.set(0, 7, 0); // no update call after this
    child.position.set(1, 0, 0);
    expect(Array.from(poseFromObject3D(child).t)).toEqual([1, 7, 0]);
  });

  it('refuses a scale, its own or a parent’s, naming the object and the scale', () => {
    const parent = new Group();
    const child = new Mesh();
    child.name = 'wheel';
    parent.add(child);
    child.scale.set(1, 2, 1);
    const own = errorOf(() => poseFromObject3D(child));
    expect(own.code).toBe('INVALID_POSE');
    expect(own.message).toMatch(/^"wheel": the world matrix scales by \(1, 2, 1\)/);
    child.scale.set(1, 1, 1);
    parent.scale.setScalar(0.01);
    expect(errorOf(() => poseFromObject3D(child)).message).toMatch(/scales by \(0\.01, 0\.01, 0\.01\)/);
    parent.scale.set(-1, 1, 1);
    expect(errorOf(() => poseFromObject3D(child)).message).toMatch(/mirrors and scales by \(-1, 1, 1\)/);
  });

  // Regression (fixed): three.js accepts `a.add(b); b.add(a)`; the walk up the parents never ended
  // and filled the heap until the process died (no error to catch).
  it('refuses parents that form a loop, naming the object', () => {
    const a = new Group();
    const b = new Mesh();
    b.name = 'hub';
    a.add(b);
    b.add(a);
    for (const f of [() => poseFromObject3D(b), () => poseAndScaleFromObject3D(b)]) {
      const e = errorOf(f);
      expect(e.code).toBe('INVALID_POSE');
      expect(e.message).toMatch(/^"hub": its parents form a loop \("hub" is its own ancestor\)/);
    }
  });

  // Regressions (fixed; an adversarial probe): a parent getter answering a new object at each read
  // made a chain without end (the heap filled); objects carrying three.js's flags but not its members
  // threw raw TypeErrors.
  it('refuses a chain of parents without end, and flags without the members they promise', () => {
    const endless = (): Object3D => {
      const o = new Object3D();
      Object.defineProperty(o, 'parent', { get: () => endless(), set: () => {} });
      return o;
    };
    const e = errorOf(() => poseFromObject3D(endless()));
    expect(e.code).toBe('INVALID_POSE');
    expect(e.message).toMatch(/its chain of parents is longer than 100000/);
    const fake = errorOf(() => poseFromObject3D({ isObject3D: true, parent: null } as never));
    expect(fake.code).toBe('INVALID_OPTION');
    expect(fake.message).toMatch(
      /^object must be a three\.js Object3D: it has isObject3D but not the matrices/,
    );
    const child = new Mesh();
    Object.defineProperty(child, 'parent', { value: { isObject3D: true, parent: null } });
    expect(errorOf(() => poseFromObject3D(child)).message).toMatch(
      /its ancestor 1 up must be a three\.js Object3D/,
    );
    const out = errorOf(() => poseToMatrix4(poseFromAxisAngle([0, 0, 1], 0), { isMatrix4: true } as never));
    expect(out.code).toBe('INVALID_OPTION');
    expect(out.message).toMatch(/out must be a Matrix4: it has isMatrix4 but no set\(\)/);
  });

  // Regressions (fixed; an adversarial probe): matrices with the flag but not their elements or
  // methods, and an out whose arrays are frozen, threw raw TypeErrors (the frozen t after R written).
  it('refuses matrices without their elements or methods, and an out it cannot write', () => {
    const noElements = new Object3D();
    noElements.matrixAutoUpdate = false;
    (noElements as unknown as { matrix: unknown }).matrix = { isMatrix4: true };
    const child = new Object3D();
    new Group().add(child);
    (child as unknown as { matrixWorld: unknown }).matrixWorld = {
      isMatrix4: true,
      elements: new Matrix4().elements,
    };
    const nullElements = new Object3D();
    (nullElements.matrixWorld as unknown as { elements: unknown }).elements = null;
    for (const o of [noElements, child, nullElements]) {
      const e = errorOf(() => poseFromObject3D(o));
      expect(e.code).toBe('INVALID_OPTION');
      expect(e.message).toMatch(/must be a three\.js Object3D: it has isObject3D but not the matrices/);
    }
    const R = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    for (const out of [
      { R: Object.freeze([...R]), t: [0, 0, 0] },
      { R: [...R], t: Object.freeze([0, 0, 0]) },
      { R: [...R], t: Object.defineProperty([0, 0, 0], 1, { value: 0, writable: false }) },
    ]) {
      const before = JSON.stringify(out);
      for (const f of [
        () => poseFromObject3D(new Object3D(), out as never),
        () => poseAndScaleFromObject3D(new Object3D(), out as never),
      ]) {
        const e = errorOf(f);
        expect(e.code).toBe('INVALID_OPTION');
        expect(e.message).toMatch(/^out must be a pose/);
      }
      expect(JSON.stringify(out)).toBe(before);
    }
    // a plain array, and a typed one, are written as before
    const plain = { R: new Array(9).fill(0), t: [0, 0, 0] };
    const o = new Object3D();
    o.position.set(1, 2, 3);
    expect(poseFromObject3D(o, plain as never).t).toEqual([1, 2, 3]);
  });

  // Regression (fixed; an adversarial probe): poseToMatrix4 checked the pose and read it again: a
  // getter's second answer (2I) was drawn unchecked.
  it('poseToMatrix4 draws the pose it checked', () => {
    let reads = 0;
    const flaky = {
      get R() {
        return reads++ === 0 ? [1, 0, 0, 0, 1, 0, 0, 0, 1] : [2, 0, 0, 0, 2, 0, 0, 0, 2];
      },
      t: [1, 2, 3],
    };
    const m = poseToMatrix4(flaky as never);
    expect(Array.from(m.elements)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1]);
    expect(reads).toBe(1);
  });

  it('leaves out as it was when it refuses the object', () => {
    const o = new Mesh();
    o.position.set(5, 6, 7);
    o.scale.set(1, 2, 1);
    const out = { R: new Float64Array(9).fill(3), t: new Float64Array([1, 2, 3]) };
    expect(errorOf(() => poseFromObject3D(o, out)).code).toBe('INVALID_POSE');
    o.scale.set(0, 1, 1);
    expect(errorOf(() => poseAndScaleFromObject3D(o, out)).code).toBe('INVALID_POSE');
    expect(Array.from(out.t)).toEqual([1, 2, 3]);
    expect(Array.from(out.R)).toEqual(new Array(9).fill(3));
    o.scale.set(1, 1, 1);
    expect(poseFromObject3D(o, out)).toBe(out);
    expect(Array.from(out.t)).toEqual([5, 6, 7]);
    expect(poseAndScaleFromObject3D(o, out).pose).toBe(out);
  });

  it('takes float32 rotations (glTF data): orthonormal to 1e-7, made exactly orthonormal', () => {
    const q = new Quaternion().setFromAxisAngle(new Vector3(1, 2, 2).normalize(), 1);
    const f = Float32Array.from([q.x, q.y, q.z, q.w]);
    const object = new Object3D();
    object.quaternion.set(f[0], f[1], f[2], f[3]);
    object.updateMatrixWorld();
    const e = object.matrixWorld.elements;
    expect(Math.abs(e[0] * e[0] + e[1] * e[1] + e[2] * e[2] - 1)).toBeGreaterThan(1e-9); // not a pose as is
    const pose = poseFromObject3D(object);
    assertPose3(pose, 'pose');
    expectPoseClose(pose, poseFromAxisAngle([1, 2, 2], 1), 6);
  });
});

describe('the world matrix where three.js draws it', () => {
  /** Where three.js draws `object`: its position after the renderer's update of the whole graph. */
  const drawnAt = (object: Object3D) => {
    let root = object;
    while (root.parent !== null) root = root.parent;
    root.updateMatrixWorld();
    return new Vector3().setFromMatrixPosition(object.matrixWorld).toArray();
  };

  it('a static group (matrixAutoUpdate off) under a root that moved: the pose follows the root', () => {
    const root = new Group();
    const group = new Group();
    group.position.set(7, 0, 0);
    group.updateMatrix();
    group.matrixAutoUpdate = false;
    const mesh = new Mesh();
    root.add(group);
    group.add(mesh);
    root.updateMatrixWorld();
    root.position.set(100, 0, 0);
    // (getWorldPosition's update left the group's world matrix where the root had been: 7)
    const pose = poseFromObject3D(mesh);
    expect(Array.from(pose.t)).toEqual([107, 0, 0]);
    expect(Array.from(pose.t)).toEqual(drawnAt(mesh));
  });

  it('a parent whose matrix was set by hand, not marked for an update: as drawn', () => {
    const root = new Group();
    const group = new Group();
    group.matrixAutoUpdate = false;
    group.matrix.makeTranslation(7, 0, 0);
    const mesh = new Mesh();
    root.add(group);
    group.add(mesh);
    const pose = poseFromObject3D(mesh);
    expect(Array.from(pose.t)).toEqual(drawnAt(mesh));
    expect(Array.from(pose.t)).toEqual([7, 0, 0]);
  });
});

describe('poseAndScaleFromObject3D', () => {
  it('splits a scaled object into a pose and the scale that surface.scale takes: same world points', () => {
    const parent = placed(new Group(), [0, 0, 1], 0.4, [1, 2, 3]);
    const child = placed(new Mesh(), [1, 1, 0], 1.3, [0, -2, 0.5]);
    child.scale.set(0.5, 2, 3);
    parent.scale.setScalar(1.5);
    parent.add(child);
    const { pose, scale } = poseAndScaleFromObject3D(child);
    expect(scale.map((s) => s.toFixed(12))).toEqual(['0.750000000000', '3.000000000000', '4.500000000000']);
    const body = box(1).scale(...scale);
    const corners = box(1);
    for (let v = 0; v < 8; v++) {
      const p = Array.from(corners.positions.subarray(3 * v, 3 * v + 3));
      const ours = transformPoint(pose, body.positions.subarray(3 * v, 3 * v + 3));
      expectClose(ours, worldPoint(child, p), 12);
    }
  });

  it('a mirror is a negative x scale; a shear (non-uniform scale over a turned child) is refused', () => {
    const mirrored = placed(new Object3D(), [0, 1, 0], 0.5, [1, 0, 0]);
    mirrored.scale.set(1, -1, 1);
    const { pose, scale } = poseAndScaleFromObject3D(mirrored);
    expect(scale).toEqual([-1, 1, 1]);
    const ours = transformPoint(pose, [-0.3, 0.2, 0.7]);
    expectClose(ours, worldPoint(mirrored, [0.3, 0.2, 0.7]), 14);
    const parent = new Group();
    parent.scale.set(1, 3, 1);
    const child = placed(new Mesh(), [0, 0, 1], Math.PI / 4, [0, 0, 0]);
    parent.add(child);
    const shear = errorOf(() => poseAndScaleFromObject3D(child));
    expect(shear.code).toBe('INVALID_POSE');
    expect(shear.message).toMatch(/a Mesh without a name: the world matrix shears/);
  });

  it('refuses a zero scale, a projective matrix and a non-finite entry', () => {
    const flat = new Object3D();
    flat.scale.set(1, 0, 1);
    expect(errorOf(() => poseAndScaleFromObject3D(flat)).message).toMatch(/scales y by 0/);
    const projective = new Object3D();
    projective.matrixAutoUpdate = false;
    projective.matrix.makePerspective(-1, 1, 1, -1, 1, 10);
    expect(errorOf(() => poseAndScaleFromObject3D(projective)).message).toMatch(/projective/);
    const lost = new Object3D();
    lost.position.set(Number.NaN, 0, 0);
    expect(errorOf(() => poseAndScaleFromObject3D(lost)).code).toBe('NON_FINITE');
  });
});

describe('poseAndScaleFromObject3D at the ends of float64', () => {
  it('a column longer than float64 holds, or of subnormal entries, gives no pose (it gave a non-rotation)', () => {
    for (const [k, message] of [
      [1.5e308, /scales x past float64/],
      [5e-324, /rotation \(its columns too small to give one\?\)\.R is not orthonormal/],
      [3e-320, /R is not orthonormal/],
    ] as const) {
      const object = new Object3D();
      object.matrixAutoUpdate = false;
      object.matrix.set(k, -k, 0, 0, k, k, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
      expect(() => poseAndScaleFromObject3D(object)).toThrow(
        expect.objectContaining({ code: 'INVALID_POSE', message: expect.stringMatching(message) }),
      );
    }
    // 1e-200 is small, not subnormal: a rotation by 45°, scaled
    const small = new Object3D();
    small.matrixAutoUpdate = false;
    small.matrix.set(1e-200, -1e-200, 0, 0, 1e-200, 1e-200, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
    const { pose, scale } = poseAndScaleFromObject3D(small);
    expect(pose.R[0]).toBeCloseTo(Math.SQRT1_2, 15);
    expect(scale[0]).toBeCloseTo(Math.SQRT2 * 1e-200, 214);
  });
});

describe('poseToMatrix4', () => {
  it('is the inverse of poseFromObject3D: the matrix of an object, and an object placed by a pose', () => {
    const parent = placed(new Group(), [3, 1, 0], 2.2, [0, 1, 1]);
    const child = placed(new Mesh(), [0, 1, 0], -0.6, [4, 0, 0]);
    parent.add(child);
    const pose = poseFromObject3D(child);
    const m = poseToMatrix4(pose);
    expectClose(m.elements, child.matrixWorld.elements, 14);
    // an object drawn at a pose through its matrix, as the viewer does
    const drawn = new Object3D();
    drawn.matrixAutoUpdate = false;
    poseToMatrix4(pose, drawn.matrix);
    drawn.updateMatrixWorld();
    expectPoseClose(poseFromObject3D(drawn), pose, 15);
    const out = new Matrix4();
    expect(poseToMatrix4(pose, out)).toBe(out);
  });
});
