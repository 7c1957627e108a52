import { defineProject } from 'vitest/config';

// The repository's own scripts (checks run by lint and CI), tested like the packages.
export default defineProject({
  test: {
    name: 'scripts',
    include: ['test/**/*.test.ts'],
    setupFiles: ['./fast-check-seed.ts'],
    testTimeout: 60000,
  },
});
