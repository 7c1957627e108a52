import { defineProject } from 'vitest/config';

export default defineProject({
  // A hang still fails; a test slowed by a busy machine (fuzz, 10⁵-facet builds) does not.
  test: {
    name: 'io',
    include: ['test/**/*.test.ts'],
    setupFiles: ['../../scripts/fast-check-seed.ts'],
    testTimeout: 60_000,
  },
});
