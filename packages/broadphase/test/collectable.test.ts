// The many-body queries run their pairs on the time of impact's pooled queries: a body they met is
// collected once the caller lets go of it.

import { box, disc } from '@firsttouch/mesh';
import { pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { collected } from '../../../scripts/collected.js';
import { allImpacts2, firstImpact } from '../src/index.js';

describe('a body queried once through a many-body query can be collected', () => {
  it('firstImpact', async () => {
    const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
    const use = (b: ReturnType<typeof box>) => firstImpact([box(0.1), b], [at(0), at(1)], [at(0), at(0)]);
    expect(await collected(() => box(0.1), use)).toBe(true);
  });

  it('allImpacts2', async () => {
    const use = (c: ReturnType<typeof disc>) =>
      allImpacts2(
        [disc(0.1, 16), c],
        [pose2(0, [0, 0]), pose2(0, [1, 0])],
        [pose2(0, [0, 0]), pose2(0, [0.15, 0])],
      );
    expect(await collected(() => disc(0.1, 16), use)).toBe(true);
  });
});
