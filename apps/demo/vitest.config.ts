import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'demo',
    include: ['test/**/*.test.ts'],
    setupFiles: ['../../scripts/fast-check-seed.ts'],
    testTimeout: 120000,
    hookTimeout: 120000,
  },
});
