/**
 * Real STL files for the tests, written the way exporters write them. A triangle is 9 numbers:
 * x, y, z of its three corners, counter-clockwise seen from outside.
 */
import { boxCornersAndSides } from '../test-fixtures.ts';
export type Triangle = [number, number, number, number, number, number, number, number, number];

/** An axis-aligned box from the origin to (x, y, z): 12 triangles, closed, facing outward. */
export function box(x: number, y: number, z: number): Triangle[] {
  const { corners, sides } = boxCornersAndSides(x, y, z);
  const at = (i: number) => corners[i]!;
  return sides.flatMap(([a, b, c, d]) => [
    [...at(a), ...at(b), ...at(c)] as Triangle,
    [...at(a), ...at(c), ...at(d)] as Triangle,
  ]);
}

export type BinaryOptions = { header?: string; declaredCount?: number };

export function binaryStl(triangles: Triangle[], options: BinaryOptions = {}): Buffer {
  const out = Buffer.alloc(84 + 50 * triangles.length);
  out.write(options.header ?? 'test mesh', 0, 'latin1');
  out.writeUInt32LE(options.declaredCount ?? triangles.length, 80);
  triangles.forEach((t, i) => {
    t.forEach((value, k) => {
      out.writeFloatLE(value, 84 + i * 50 + 12 + k * 4);
    });
  });
  return out;
}

export type AsciiOptions = {
  name?: string;
  newline?: string;
  indent?: string;
  /** How a coordinate is written; by default the shortest text that reads back as the same float32. */
  format?: (value: number) => string;
};

export function asciiStl(triangles: Triangle[], options: AsciiOptions = {}): Buffer {
  const nl = options.newline ?? '\n';
  const ind = options.indent ?? '  ';
  const format = options.format ?? ((value: number) => String(Math.fround(value)));
  const name = options.name ?? 'test';
  const lines = [`solid ${name}`];
  for (const t of triangles) {
    lines.push(`${ind}facet normal 0 0 0`, `${ind}${ind}outer loop`);
    for (let v = 0; v < 3; v++) {
      const [x, y, z] = t.slice(v * 3, v * 3 + 3) as [number, number, number];
      lines.push(`${ind}${ind}${ind}vertex ${format(x)} ${format(y)} ${format(z)}`);
    }
    lines.push(`${ind}${ind}endloop`, `${ind}endfacet`);
  }
  lines.push(`endsolid ${name}`);
  return Buffer.from(lines.join(nl) + nl, 'latin1');
}

/** The triangles of a binary STL (for turning a generated model into ASCII). */
export function trianglesOf(binary: Buffer): Triangle[] {
  const count = binary.readUInt32LE(80);
  return Array.from(
    { length: count },
    (_, i) => Array.from({ length: 9 }, (_, k) => binary.readFloatLE(84 + i * 50 + 12 + k * 4)) as Triangle,
  );
}

/**
 * A closed torus around the z axis, centred on the origin: `rings` steps around the axis, `sides`
 * around the tube, 2 x rings x sides triangles facing outward. Its size is 2(R + r) across (when
 * `rings` is a multiple of 4) and 2r high (when `sides` is a multiple of 4).
 */
export function torus(radius: number, tube: number, rings: number, sides: number): Triangle[] {
  const point = (i: number, j: number): [number, number, number] => {
    const u = ((i % rings) / rings) * 2 * Math.PI;
    const v = ((j % sides) / sides) * 2 * Math.PI;
    const r = radius + tube * Math.cos(v);
    return [r * Math.cos(u), r * Math.sin(u), tube * Math.sin(v)];
  };
  const triangles: Triangle[] = [];
  for (let i = 0; i < rings; i++) {
    for (let j = 0; j < sides; j++) {
      const a = point(i, j);
      const b = point(i + 1, j);
      const c = point(i + 1, j + 1);
      const d = point(i, j + 1);
      triangles.push([...a, ...b, ...c] as Triangle, [...a, ...c, ...d] as Triangle);
    }
  }
  return triangles;
}
