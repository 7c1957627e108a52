import { writeFileSync } from 'node:fs';
import { sliceSurface } from '@firsttouch/io';
import { numberOption, parseArgs } from '../args.js';
import { toJson } from '../output.js';
import { loadPhase } from '../phases.js';
import type { Progress } from '../progress.js';
import { sectionSvg } from '../section-svg.js';
import { shownName } from '../shown-name.js';
import { InputError, UsageError } from '../usage-error.js';

export const SLICE_HELP = `firsttouch slice body.stl --axis x|y|z --at P [options]
  The section of a body by the plane x[axis] = P, as closed loops and open chains in the plane's
  coordinates (axis z: (x, y); axis x: (y, z); axis y: (z, x)).
  --center, --fit F    placement on load, as for toi
  --svg FILE           write the section as an SVG drawing
  --json               print one JSON object: loops with their vertices`;

/** `firsttouch slice`. */
export function sliceCommand(argv: string[], progress: Progress): string {
  const args = parseArgs(argv, ['axis', 'at', 'svg', 'fit'], ['center', 'json']);
  if (args.positional.length !== 1)
    throw new UsageError(`slice needs one file, got ${args.positional.length}`);
  const axisName = args.options.get('axis');
  const axis = axisName === 'x' ? 0 : axisName === 'y' ? 1 : axisName === 'z' ? 2 : -1;
  if (axis < 0) throw new UsageError(`--axis must be x, y or z, got ${String(axisName)}`);
  const at = numberOption(args, 'at', () => true, 'a finite number');
  if (at === undefined) throw new UsageError('--at P is required');
  const fit = numberOption(args, 'fit', (x) => x > 0, 'a positive number');
  const file = args.positional[0];
  const surface = loadPhase(progress, file, { center: args.options.has('center'), fit });
  const curve = progress.phase(
    `slicing by ${axisName} = ${at}`,
    () => sliceSurface(surface, axis as 0 | 1 | 2, at),
    (c) => `${c.segmentCount} segments`,
  );
  const loops = curve.loops.map((l) => {
    const uv: [number, number][] = [];
    for (let v = 0; v < l.size; v++)
      uv.push([curve.positions[2 * (l.start + v)], curve.positions[2 * (l.start + v) + 1]]);
    let length = 0;
    for (let k = 0; k < (l.closed ? l.size : l.size - 1); k++) {
      const [a, b] = [uv[k], uv[(k + 1) % l.size]];
      length += Math.hypot(b[0] - a[0], b[1] - a[1]);
    }
    return { closed: l.closed, vertices: uv, length };
  });
  const svg = args.options.get('svg');
  if (typeof svg === 'string') {
    if (curve.segmentCount === 0)
      throw new InputError(
        `${shownName(file)}: the plane ${axisName} = ${at} does not cut the body: no SVG written`,
      );
    const drawing = sectionSvg(
      `section of ${file} by ${axisName} = ${at}`,
      loops,
      `${loops.length} loops and chains, ${curve.segmentCount} segments`,
    );
    try {
      writeFileSync(svg, drawing);
    } catch (e) {
      throw new InputError(
        `${svg}: cannot write the SVG there (${(e as { code?: string }).code ?? 'error'})`,
      );
    }
  }
  if (args.options.has('json'))
    return toJson({ command: 'slice', file, axis: axisName, at, segments: curve.segmentCount, loops });
  return [
    `${loops.length} loop(s), ${curve.segmentCount} segments`,
    ...loops.map(
      (l, k) =>
        `  ${k}: ${l.closed ? 'closed loop' : 'open chain'}, ${l.vertices.length} vertices, length ${l.length.toFixed(6)}`,
    ),
    ...(typeof svg === 'string' ? [`wrote ${svg}`] : []),
  ].join('\n');
}
