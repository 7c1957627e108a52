// GJK's planar loop (`GjkPair.evaluate2`, the distance of every 2-D shape and of mesh's curves)
// against the spatial loop on the same pairs placed in z = 0, warm against cold, and on a point set
// its owner rewrites between calls (mesh's segment in hand).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ball2, capsule2, convexPolygon, cuboid2, GjkPair, rounded, type Shape } from '../src/index.js';
import { pointCore } from '../src/internal.js';
import { gapPlaced, polygonDistance } from './oracle/polygons.js';

/** Every 2-D core: a point, a segment, a box, a small polygon, a large one, and one rounded. */
function kinds(): Shape<2>[] {
  const big: number[] = [];
  for (let k = 0; k < 40; k++)
    big.push(0.5 * Math.cos((2 * Math.PI * k) / 40), 0.3 * Math.sin((2 * Math.PI * k) / 40));
  return [
    ball2(0.3),
    capsule2(0.4, 0.1),
    cuboid2(0.5, 0.2),
    convexPolygon([0, 0, 0.6, 0.1, 0.3, 0.5, -0.1, 0.3]),
    convexPolygon(big),
    rounded(convexPolygon([-0.2, -0.2, 0.3, -0.1, 0, 0.4]), 0.05),
  ];
}

const arbPlacement = fc.tuple(
  fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  fc.double({ min: -2, max: 2, noNaN: true }),
  fc.double({ min: -2, max: 2, noNaN: true }),
);

describe('GJK in the plane', () => {
  it('gives the bounds of the spatial loop on the same pair in z = 0', () => {
    const shapes = kinds();
    const planar = new GjkPair();
    const spatial = new GjkPair();
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    fc.assert(
      fc.property(
        fc.nat(shapes.length - 1),
        fc.nat(shapes.length - 1),
        arbPlacement,
        (i, j, [angle, u, v]) => {
          const a = shapes[i];
          const b = shapes[j];
          const c = Math.cos(angle),
            s = Math.sin(angle);
          planar.bind(a, b);
          spatial.bind(a, b);
          const lower = planar.evaluate2(c, s, u, v);
          R.set([c, -s, 0, s, c, 0, 0, 0, 1]);
          t.set([u, v, 0]);
          const other = spatial.evaluate(R, t);
          const tol = 1e-12 * (4 + a.reach + b.reach);
          expect(planar.intersecting).toBe(spatial.intersecting);
          expect(Math.abs(lower - other)).toBeLessThan(tol);
          expect(Math.abs(planar.distance - spatial.distance)).toBeLessThan(tol);
          // The bound is certified by the two supports behind it, which lie in the plane.
          expect(planar.lowerPointA[2]).toBe(0);
          expect(planar.lowerPointB[2]).toBe(0);
          if (lower > 0) {
            const gap =
              (planar.lowerPointB[0] - planar.lowerPointA[0]) * planar.lowerAxis[0] +
              (planar.lowerPointB[1] - planar.lowerPointA[1]) * planar.lowerAxis[1];
            expect(Math.abs(gap - a.margin - b.margin - lower)).toBeLessThan(tol);
          }
          // The two points found lie `distance` apart.
          const d = Math.hypot(planar.pointB[0] - planar.pointA[0], planar.pointB[1] - planar.pointA[1]);
          expect(Math.abs(d - planar.distance)).toBeLessThan(tol);
        },
      ),
      { numRuns: 2000, seed: 5101 },
    );
  });

  it('warm-started on a large polygon whose corners are cut by edges of a few ulps: the bound stays below the gap', () => {
    // A's 60 vertices are walked (the climb of large polygons): placed or not, a cut edge's far end
    // may rise by an ulp while the ring falls after it, and the climb that took that rise as the
    // way to the top never looked back (the bound 1.43076 where the gap is 1.43066).
    const A = convexPolygon([
      0.513124283295037, 0.10129908173576851, 0.513124283295037, 0.10129908173576876, 0.4536125334324569,
      0.20364733214731762, 0.4536125334324569, 0.20364733214731767, 0.29017893102380865, 0.3157030533886387,
      0.29017893102380854, 0.3157030533886387, 0.2777479439141484, 0.31961262995240763, 0.27774794391414814,
      0.31961262995240775, 0.2657553828350982, 0.3229239033136297, 0.265755382835098, 0.32292390331362975,
      0.21656672278184552, 0.33201512071639944, 0.2165667227818452, 0.3320151207163995, 0.04707270882060119,
      0.31059541644215877, 0.04707270882060108, 0.31059541644215877, 0.032260863584892385, 0.304559547808964,
      0.03226086358489211, 0.3045595478089639, 0.018699382137340598, 0.29834309347375026, 0.01869938213734032,
      0.2983430934737501, -0.08877992644891439, 0.21884124835524257, -0.08877992644891439,
      0.21884124835524252, -0.09397932969142506, 0.2131103922235129, -0.09397932969142506,
      0.21311039222351286, -0.10637844661697612, 0.19837132957850956, -0.10637844661697624,
      0.19837132957850945, -0.11217911514132042, 0.19089053563484062, -0.11217911514132053,
      0.1908905356348405, -0.12511455228720245, 0.17259312622960896, -0.1251145522872026, 0.17259312622960868,
      -0.17157317530816588, 0.07097276151911193, -0.17157317530816588, 0.07097276151911182,
      -0.18481488070286747, -0.016112662548121215, -0.18481488070286747, -0.01611266254812138,
      -0.18484406184202026, -0.017193313943800755, -0.18484406184202026, -0.017193313943800866,
      -0.184893786256931, -0.01941036572491242, -0.184893786256931, -0.019410365724912754,
      -0.17461136907269068, -0.11217913951055661, -0.17461136907269068, -0.11217913951055666,
      -0.12089033154192882, -0.23161772363117017, -0.12089033154192871, -0.23161772363117036,
      -0.1172552995137551, -0.23677504983128195, -0.11725529951375493, -0.23677504983128217,
      -0.09540659419006706, -0.2642733657965296, -0.09540659419006695, -0.2642733657965297,
      -0.024605890277555498, -0.3263454417194861, -0.024605890277555442, -0.3263454417194861,
      0.004178384872312063, -0.3436903002733981, 0.004178384872312341, -0.34369030027339825,
      0.007696112656204374, -0.3455674706719143, 0.007696112656204651, -0.3455674706719144,
      0.05211993140830373, -0.36525991687426224, 0.052119931408303996, -0.3652599168742623,
      0.22329396896174786, -0.38396522664066407, 0.22329396896174816, -0.383965226640664, 0.2971931228407028,
      -0.36605666292078437, 0.2971931228407031, -0.36605666292078426, 0.31686203126479767,
      -0.35836837490983203, 0.31686203126479795, -0.3583683749098319, 0.4162609504908342,
      -0.29523681461846873, 0.4162609504908344, -0.29523681461846857,
    ]);
    const B = convexPolygon([
      -0.040143654678180596, 0.172925188757045, -0.04014365467818071, 0.17292518875704516,
      -0.043758096671174834, 0.17588195928008332, -0.04375809667117511, 0.17588195928008354,
      -0.10596027581357395, 0.21670543185289837, -0.10596027581357406, 0.21670543185289842,
      -0.3362840866656765, 0.25569080881422673, -0.33628408666567666, 0.2556908088142267, -0.6438383351046764,
      -0.01301589302323597, -0.6438383351046765, -0.013015893023236066, -0.6516462890033301,
      -0.04528082611491034, -0.6516462890033301, -0.04528082611491056, -0.6442775471684508,
      -0.22122212999313096, -0.6442775471684506, -0.22122212999313112, -0.6105768371438847,
      -0.302342239229263, -0.6105768371438846, -0.3023422392292631, 0.09106092440611074, -0.18221463570654595,
      0.0910609244061108, -0.1822146357065459,
    ]);
    const pair = new GjkPair().bind(A, B);
    const placements: Array<[number, number, number, number]> = [
      [-0.4829699404536068, 0.8756369319633792, -0.40899730091710373, 1.84347469479575],
      [-0.786781718000837, -0.6172313409246581, -0.10016105568222196, 1.8644575130346492],
    ];
    for (const [c, s, tu, tv] of placements) {
      const lower = pair.evaluate2(c, s, tu, tv);
      expect(lower).toBeLessThanOrEqual(gapPlaced(A, B, c, s, tu, tv) + 1e-13);
    }
  });

  it('warm-started along a sequence of placements, answers as a fresh pair does', () => {
    const shapes = kinds();
    fc.assert(
      fc.property(
        fc.nat(shapes.length - 1),
        fc.nat(shapes.length - 1),
        fc.array(arbPlacement, { minLength: 2, maxLength: 12 }),
        (i, j, placements) => {
          const warm = new GjkPair(shapes[i], shapes[j]);
          const tol = 1e-12 * (4 + shapes[i].reach + shapes[j].reach);
          for (const [angle, u, v] of placements) {
            const c = Math.cos(angle),
              s = Math.sin(angle);
            const cold = new GjkPair(shapes[i], shapes[j]);
            expect(Math.abs(warm.evaluate2(c, s, u, v) - cold.evaluate2(c, s, u, v))).toBeLessThan(tol);
          }
        },
      ),
      { numRuns: 400, seed: 5102 },
    );
  });

  it('reads a rewritten point set (3 numbers a point, z = 0) again by its ids', () => {
    // A segment in hand, rewritten between calls as mesh's curve–shape pair does: the warm simplex's
    // points must be read again from the new segment (with the set's own stride).
    const seg = pointCore(2);
    seg.reach = 4;
    const box = cuboid2(0.3, 0.2);
    const pair = new GjkPair();
    pair.bindShapes(seg.shape, box);
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: 4, maxLength: 4 }),
        arbPlacement,
        ([x0, y0, x1, y1], [angle, u, v]) => {
          seg.points.set([x0, y0, 0, x1, y1, 0]);
          const c = Math.cos(angle),
            s = Math.sin(angle);
          const lower = pair.evaluate2(c, s, u, v);
          // The oracle: the segment against the box's four corners placed, all edge pairs.
          const corners: [number, number, number][] = [
            [-0.3, -0.2],
            [0.3, -0.2],
            [0.3, 0.2],
            [-0.3, 0.2],
          ].map(([x, y]) => [c * x - s * y + u, s * x + c * y + v, 0]);
          const truth = polygonDistance(
            [
              [x0, y0, 0],
              [x1, y1, 0],
            ],
            corners,
          );
          const tol = 1e-12 * 8;
          expect(lower).toBeLessThanOrEqual(truth + tol);
          expect(Math.abs(pair.distance - truth)).toBeLessThan(tol);
        },
      ),
      { numRuns: 1000, seed: 5103 },
    );
  });
});
