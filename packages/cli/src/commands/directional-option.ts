import type { DirectionalMode } from '@firsttouch/ccd';
import { UsageError } from '../usage-error.js';

/** `--directional on|off|auto` (and a scene's `"directional"`) as the library's option. */
export function directionalOption(v: string | true | undefined): DirectionalMode {
  if (v === undefined || v === 'auto') return 'auto';
  if (v === 'on') return true;
  if (v === 'off') return false;
  throw new UsageError(`--directional must be on, off or auto, got ${String(v)}`);
}
