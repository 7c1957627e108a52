import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'pose', include: ['test/**/*.test.ts'] },
});
