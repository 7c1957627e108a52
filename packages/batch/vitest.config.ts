import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'batch',
    include: ['test/**/*.test.ts'],
    setupFiles: ['../../scripts/fast-check-seed.ts'],
    testTimeout: 60000,
  },
});
