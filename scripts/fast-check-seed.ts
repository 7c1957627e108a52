// Set up before every package's tests: which cases fast-check draws.
//
// Under CI (`CI=true`) every property draws the same cases on every run, so that a commit's CI
// verdict is the commit's, not a roll of the dice: a property that fails there fails again on every
// re-run and on any machine with `CI=true`, and a commit that passed locally under `CI=true` passes
// in CI. Outside CI each run draws new cases, which is how the properties keep finding faults (an
// underflow in `orient3dAt`'s filter was found this way); `FC_SEED=n` replays a run's draw (fast-check
// prints the seed of a failure).
import fc from 'fast-check';

const fromEnv = process.env.FC_SEED;
const seed =
  fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) : process.env.CI ? 20261202 : undefined;
if (seed !== undefined) {
  if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer, got ${JSON.stringify(fromEnv)}`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
}
