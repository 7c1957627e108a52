import { defineProject } from 'vitest/config';

// The repository's own scripts (checks run by lint and CI), tested like the packages.
export default defineProject({
  test: { name: 'scripts', include: ['test/**/*.test.ts'], testTimeout: 60000 },
});
