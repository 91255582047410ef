/**
 * An indexed triangle mesh in millimetres, Z up. Triangles wind counter-clockwise seen from outside,
 * which is what STL readers use to tell the outside, and what makes normals point outward.
 */
export type Mesh = { positions: Float64Array; triangles: Uint32Array };

export type Vec3 = [number, number, number];

/** Collects shared vertices and triangles; shapes reuse vertex indices so the result stays closed. */
export class MeshBuilder {
  private positions: number[] = [];
  private triangles: number[] = [];

  get vertexCount(): number {
    return this.positions.length / 3;
  }

  vertex(x: number, y: number, z: number): number {
    this.positions.push(x, y, z);
    return this.positions.length / 3 - 1;
  }

  position(index: number): Vec3 {
    const p = this.positions;
    return [p[index * 3]!, p[index * 3 + 1]!, p[index * 3 + 2]!];
  }

  triangle(a: number, b: number, c: number): void {
    this.triangles.push(a, b, c);
  }

  /** A quad a-b-c-d, counter-clockwise seen from outside. */
  quad(a: number, b: number, c: number, d: number): void {
    this.triangles.push(a, b, c, a, c, d);
  }

  build(): Mesh {
    return { positions: Float64Array.from(this.positions), triangles: Uint32Array.from(this.triangles) };
  }
}

export function boundingBox(mesh: Mesh): { min: Vec3; max: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  const p = mesh.positions;
  for (let i = 0; i < p.length; i += 3) {
    for (let axis = 0; axis < 3; axis++) {
      const value = p[i + axis]!;
      if (value < min[axis]!) min[axis] = value;
      if (value > max[axis]!) max[axis] = value;
    }
  }
  return { min, max };
}

/** Centres the mesh over the origin and rests it on the bed (lowest point exactly at z = 0). */
export function placeOnBed(mesh: Mesh): Mesh {
  const { min, max } = boundingBox(mesh);
  const shift: Vec3 = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, min[2]];
  const positions = mesh.positions.map((value, i) => value - shift[i % 3]!);
  return { positions, triangles: mesh.triangles };
}

export function meshSize(mesh: Mesh): Vec3 {
  const { min, max } = boundingBox(mesh);
  return [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
}

const STL_HEADER_SIZE = 80;
const STL_TRIANGLE_SIZE = 50;

/** Binary STL: 80-byte header, uint32 count, then per triangle a normal, 3 vertices and a uint16. */
export function meshToBinaryStl(mesh: Mesh, title: string): Buffer {
  const { positions: p, triangles: t } = mesh;
  const count = t.length / 3;
  const out = Buffer.alloc(STL_HEADER_SIZE + 4 + count * STL_TRIANGLE_SIZE);
  // A header starting with "solid" makes some readers take the file for ASCII STL.
  out.write(`PrintMarket ${title}`.slice(0, STL_HEADER_SIZE), 0, 'ascii');
  // DataView rather than Buffer.writeFloatLE: several times faster for millions of floats.
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  view.setUint32(STL_HEADER_SIZE, count, true);
  let at = STL_HEADER_SIZE + 4;
  const writeVertex = (index: number) => {
    view.setFloat32(at, p[index]!, true);
    view.setFloat32(at + 4, p[index + 1]!, true);
    view.setFloat32(at + 8, p[index + 2]!, true);
    at += 12;
  };
  for (let i = 0; i < t.length; i += 3) {
    const a = t[i]! * 3;
    const b = t[i + 1]! * 3;
    const c = t[i + 2]! * 3;
    const ux = p[b]! - p[a]!;
    const uy = p[b + 1]! - p[a + 1]!;
    const uz = p[b + 2]! - p[a + 2]!;
    const vx = p[c]! - p[a]!;
    const vy = p[c + 1]! - p[a + 1]!;
    const vz = p[c + 2]! - p[a + 2]!;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const length = Math.hypot(nx, ny, nz) || 1;
    view.setFloat32(at, nx / length, true);
    view.setFloat32(at + 4, ny / length, true);
    view.setFloat32(at + 8, nz / length, true);
    at += 12;
    writeVertex(a);
    writeVertex(b);
    writeVertex(c);
    // The attribute word stays 0, as Buffer.alloc left it.
    at += 2;
  }
  return out;
}
