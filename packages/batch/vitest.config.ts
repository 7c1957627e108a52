import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'batch', include: ['test/**/*.test.ts'], testTimeout: 60000 },
});
