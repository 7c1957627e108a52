import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'ccd', include: ['test/**/*.test.ts'] },
});
