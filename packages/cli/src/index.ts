/**
 * The `firsttouch` command (this package's bin) and, for scripts and tests, the tool in process:
 * {@link main} runs a command line and returns its exit code; {@link loadSurface} and
 * {@link fitToUnit} load and place bodies exactly as the command does. Node only (it reads files).
 *
 * @packageDocumentation
 */
export { type CliIO, main, mainAsync } from './cli.js';
export type { Failure } from './failure.js';
export { loadSurface } from './load.js';
export { fitToUnit, LEAST_FIT, type Placement } from './placement.js';
export { PRIMITIVE_KEYS, primitiveArg, primitiveOf } from './primitives.js';
