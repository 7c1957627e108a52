import { defineProject } from 'vitest/config';

export default defineProject({
  // The oracle sweeps (all facet pairs at every sampled instant) take seconds on a loaded machine.
  test: {
    name: 'convex',
    include: ['test/**/*.test.ts'],
    setupFiles: ['../../scripts/fast-check-seed.ts'],
    testTimeout: 60_000,
  },
});
