import { ball, capsule, cone, convexHull, cuboid, cylinder, type Shape } from '@firsttouch/convex';
import { InputError } from './usage-error.js';

/** The keys a scene body may use to name a primitive instead of a file, and what each takes. */
export const PRIMITIVE_KEYS = Object.freeze([
  'ball',
  'cuboid',
  'capsule',
  'cylinder',
  'cone',
  'convexHull',
] as const);

/**
 * The convex shape a scene body names, or undefined when it names none: `{"ball": r}`,
 * `{"cuboid": [hx, hy, hz]}`, `{"capsule": [halfHeight, r]}`, `{"cylinder": [halfHeight, r]}`,
 * `{"cone": [halfHeight, r]}`, `{"convexHull": [x, y, z, ...]}` (Rapier's names and conventions, as
 * `@firsttouch/convex`). A body names at most one primitive, and not beside a file; the sizes are
 * checked by the constructors (their `FirstTouchError` names the argument).
 *
 * @throws `InputError` naming `where` for two primitives, a primitive beside a file, or a value of
 *   the wrong shape.
 * @example
 * ```ts
 * import { primitiveOf } from '@firsttouch/cli';
 * console.log(primitiveOf({ capsule: [0.5, 0.1] }, 'bodies[0]')?.kind, primitiveOf({ file: 'a.stl' }, 'bodies[1]')); // capsule undefined
 * ```
 */
export function primitiveOf(body: Record<string, unknown>, where: string): Shape<3> | undefined {
  const named = PRIMITIVE_KEYS.filter((k) => body[k] !== undefined);
  if (named.length === 0) return undefined;
  if (named.length > 1)
    throw new InputError(`${where}: names two primitives (${named.join(', ')}); a body is one`);
  if (body.file !== undefined)
    throw new InputError(`${where}: names a file and a primitive (${named[0]}); a body is one`);
  const key = named[0];
  const value = body[key];
  const numbers = (n: number | null): number[] => {
    if (
      !Array.isArray(value) ||
      value.some((x) => typeof x !== 'number') ||
      (n !== null && value.length !== n)
    ) {
      throw new InputError(
        `${where}: "${key}" must be ${n === null ? 'an array of numbers (x y z each)' : `an array of ${n} numbers`}`,
      );
    }
    return value as number[];
  };
  switch (key) {
    case 'ball':
      if (typeof value !== 'number') throw new InputError(`${where}: "ball" must be a number (the radius)`);
      return ball(value);
    case 'cuboid': {
      const [hx, hy, hz] = numbers(3);
      return cuboid(hx, hy, hz);
    }
    case 'capsule': {
      const [h, r] = numbers(2);
      return capsule(h, r);
    }
    case 'cylinder': {
      const [h, r] = numbers(2);
      return cylinder(h, r);
    }
    case 'cone': {
      const [h, r] = numbers(2);
      return cone(h, r);
    }
    default:
      return convexHull(numbers(null));
  }
}

/**
 * The convex shape a command-line body names, written as a scene body's JSON (`'{"ball": 0.1}'`), or
 * undefined for an argument that is not one (a file: it does not start with `{`). The same names and
 * checks as a scene's bodies ({@link primitiveOf}): the one parser of primitives.
 *
 * @throws `InputError` naming `where` for text that is not a JSON object naming one primitive.
 * @example
 * ```ts
 * import { primitiveArg } from '@firsttouch/cli';
 * console.log(primitiveArg('{"cuboid": [1, 2, 3]}', 'A')?.kind, primitiveArg('a.stl', 'A')); // cuboid undefined
 * ```
 */
export function primitiveArg(text: string, where: string): Shape<3> | undefined {
  if (!text.trimStart().startsWith('{')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${where}: ${text} is not a JSON primitive (${(e as Error).message})`);
  }
  const object = typeof value === 'object' && value !== null && !Array.isArray(value);
  const shape = object ? primitiveOf(value as Record<string, unknown>, where) : undefined;
  // Only the primitive: its poses are the command's flags. A scene body's "from", "to", "center"
  // or "fit" here (or a misspelt key) was read without a word and ignored: the body stayed at the
  // origin and the answer was another scene's.
  if (shape !== undefined)
    for (const key of Object.keys(value as object))
      if (!(PRIMITIVE_KEYS as readonly string[]).includes(key))
        throw new InputError(
          `${where}: unknown key ${JSON.stringify(key)} beside the primitive (a command-line body holds the primitive alone; its poses are the command's flags)`,
        );
  if (shape === undefined)
    throw new InputError(
      `${where}: ${text} names no primitive (${PRIMITIVE_KEYS.map((k) => `"${k}"`).join(', ')})`,
    );
  return shape;
}
