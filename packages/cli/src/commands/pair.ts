import type { Shape } from '@firsttouch/convex';
import { Surface } from '@firsttouch/mesh';
import { decimal, radixNote } from '../decimal.js';
import { loadPhase, treePhase } from '../phases.js';
import type { Placement } from '../placement.js';
import { primitiveArg } from '../primitives.js';
import type { Progress } from '../progress.js';
import { UsageError } from '../usage-error.js';

/** A body of `toi` and `distance`: a file's surface, or a primitive named on the command line. */
export type PairBody = Surface | Shape<3>;

/**
 * The two bodies of `toi` and `distance`: files A and B read and placed as `--a-center` /
 * `--a-fit F` (and `b`) say, then their trees built, each a phase of the progress; or, for an
 * argument written as a scene body's JSON (`'{"ball": 0.1}'`), the primitive it names (placed by its
 * poses only).
 */
export function loadPair(
  progress: Progress,
  options: Map<string, string | true>,
  fa: string,
  fb: string,
): [PairBody, PairBody] {
  const load = (side: 'a' | 'b', arg: string): PairBody => {
    const shape = primitiveArg(arg, side.toUpperCase());
    if (shape === undefined) return loadPhase(progress, arg, placement(options, side));
    if (options.has(`${side}-center`) || options.has(`${side}-fit`))
      throw new UsageError(
        `--${side}-center and --${side}-fit place a file's body; a primitive is placed by its poses`,
      );
    return shape;
  };
  const a = load('a', fa);
  const b = load('b', fb);
  if (Surface.isSurface(a)) treePhase(progress, fa, a);
  if (Surface.isSurface(b)) treePhase(progress, fb, b);
  return [a, b];
}

/** The placement of one side from `--a-fit F` / `--a-center` (and `b`). */
function placement(options: Map<string, string | true>, side: 'a' | 'b'): Placement {
  const fit = options.get(`${side}-fit`);
  if (fit !== undefined) {
    const x = typeof fit === 'string' ? decimal(fit) : Number.NaN;
    if (!(x > 0) || !Number.isFinite(x))
      throw new UsageError(
        `--${side}-fit must be a positive number, got ${String(fit)}${radixNote(String(fit))}`,
      );
    return { fit: x };
  }
  return { center: options.has(`${side}-center`) };
}
