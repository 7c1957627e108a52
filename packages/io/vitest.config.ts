import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'io', include: ['test/**/*.test.ts'] },
});
