import type { Surface } from '@firsttouch/mesh';
import { decimal, radixNote } from '../decimal.js';
import { loadPhase, treePhase } from '../phases.js';
import type { Placement } from '../placement.js';
import type { Progress } from '../progress.js';
import { UsageError } from '../usage-error.js';

/**
 * The two bodies of `toi` and `distance`: files A and B read and placed as `--a-center` /
 * `--a-fit F` (and `b`) say, then their trees built, each a phase of the progress.
 */
export function loadPair(
  progress: Progress,
  options: Map<string, string | true>,
  fa: string,
  fb: string,
): [Surface, Surface] {
  const a = loadPhase(progress, fa, placement(options, 'a'));
  const b = loadPhase(progress, fb, placement(options, 'b'));
  treePhase(progress, fa, a);
  treePhase(progress, fb, b);
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
