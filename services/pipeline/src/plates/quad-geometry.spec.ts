import { apply, insideConvex, invert, isConvexClockwise, orderCorners, quadIoU, squareToQuad, straightenedPoint, type Quad } from './quad-geometry';

const trapezoid: Quad = [
  { x: 10, y: 20 },
  { x: 110, y: 10 },
  { x: 115, y: 60 },
  { x: 12, y: 45 },
];

describe('quad geometry', () => {
  it('maps the unit square onto the quad and back', () => {
    const m = squareToQuad(trapezoid);
    const corners = [apply(m, 0, 0), apply(m, 1, 0), apply(m, 1, 1), apply(m, 0, 1)];
    corners.forEach((p, i) => {
      expect(p.x).toBeCloseTo(trapezoid[i].x, 6);
      expect(p.y).toBeCloseTo(trapezoid[i].y, 6);
    });
    const back = apply(invert(m), 60, 35);
    const again = apply(m, back.x, back.y);
    expect(again.x).toBeCloseTo(60, 6);
    expect(again.y).toBeCloseTo(35, 6);
  });

  it('orders corners from the top-left, clockwise, whatever order they come in', () => {
    const shuffled = [trapezoid[2], trapezoid[0], trapezoid[3], trapezoid[1]];
    expect(orderCorners(shuffled)).toEqual(trapezoid);
    expect(isConvexClockwise(trapezoid)).toBe(true);
    expect(isConvexClockwise([trapezoid[0], trapezoid[3], trapezoid[2], trapezoid[1]])).toBe(false);
  });

  it('measures overlap: itself 1, disjoint 0, a half-shifted box one third', () => {
    expect(quadIoU(trapezoid, trapezoid)).toBeCloseTo(1, 5);
    const box = (x: number): Quad => [
      { x, y: 0 },
      { x: x + 10, y: 0 },
      { x: x + 10, y: 10 },
      { x, y: 10 },
    ];
    expect(quadIoU(box(0), box(50))).toBe(0);
    expect(quadIoU(box(0), box(5))).toBeCloseTo(1 / 3, 2);
    expect(insideConvex(box(0), 5, 5)).toBe(true);
    expect(insideConvex(box(0), 15, 5)).toBe(false);
  });
});

describe('straightenedPoint', () => {
  it('leaves the centre, turns a point clockwise about it and maps back', () => {
    expect(straightenedPoint({ x: 0.5, y: 0.5 }, 5, 1.5)).toEqual({ x: 0.5, y: 0.5 });
    // a point right of the centre goes down when the picture turns clockwise
    const p = straightenedPoint({ x: 0.7, y: 0.5 }, 5, 1.5);
    expect(p.y).toBeGreaterThan(0.5);
    expect(p.x).toBeGreaterThan(0.7);
    const back = straightenedPoint(p, 5, 1.5, true);
    expect(back.x).toBeCloseTo(0.7, 9);
    expect(back.y).toBeCloseTo(0.5, 9);
    expect(straightenedPoint({ x: 0.2, y: 0.3 }, 0, 1.5)).toEqual({ x: 0.2, y: 0.3 });
  });
});
