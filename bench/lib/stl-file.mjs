import fs from 'node:fs';

/**
 * Writes a closed UV sphere as a binary STL file, one ring of triangles at a time, so a file of
 * hundreds of megabytes never sits in memory (sphereStl in stl-mesh.mjs builds one Buffer instead).
 * Same mesh: 2 x segments x (rings - 1) triangles, exact poles, the seam reusing the first
 * meridian, every coordinate computed the same way wherever a vertex appears, so every edge is
 * shared by two triangles in opposite directions (a closed surface), and every value finite.
 * 1001 rings and 3000 segments make exactly 6,000,000 triangles (300,000,084 bytes).
 *
 * @param {string} file
 * @param {{ rings: number, segments: number, radius: number, label?: string }} options
 * @returns {Promise<{ bytes: number, triangles: number }>}
 */
export async function writeSphereStlFile(file, { rings, segments, radius, label = 'sphere' }) {
  const triangles = 2 * segments * (rings - 1);
  // Per ring and per segment tables: the same (ring, segment) always gives the same float bits.
  const ringZ = new Float64Array(rings + 1);
  const ringR = new Float64Array(rings + 1);
  for (let r = 0; r <= rings; r++) {
    if (r === 0 || r === rings) {
      ringZ[r] = r === 0 ? radius : -radius;
      ringR[r] = 0;
    } else {
      const theta = (Math.PI * r) / rings;
      ringZ[r] = radius * Math.cos(theta);
      ringR[r] = radius * Math.sin(theta);
    }
  }
  const cos = new Float64Array(segments);
  const sin = new Float64Array(segments);
  for (let s = 0; s < segments; s++) {
    const phi = (2 * Math.PI * s) / segments;
    cos[s] = Math.cos(phi);
    sin[s] = Math.sin(phi);
  }

  // One row of the mesh (at most 2 x segments triangles) per write.
  const row = Buffer.alloc(50 * 2 * segments);
  const view = new DataView(row.buffer, row.byteOffset, row.byteLength);
  let at = 0;
  /** @param {number} ring @param {number} segment */
  const vertex = (ring, segment) => {
    const s = segment % segments;
    const pole = ring === 0 || ring === rings;
    view.setFloat32(at, pole ? 0 : (ringR[ring] ?? 0) * (cos[s] ?? 0), true);
    view.setFloat32(at + 4, pole ? 0 : (ringR[ring] ?? 0) * (sin[s] ?? 0), true);
    view.setFloat32(at + 8, ringZ[ring] ?? 0, true);
    at += 12;
  };
  /** @param {number} r1 @param {number} s1 @param {number} r2 @param {number} s2 @param {number} r3 @param {number} s3 */
  const triangle = (r1, s1, r2, s2, r3, s3) => {
    row.fill(0, at, at + 12); // the normal stays 0: readers recompute it
    at += 12;
    vertex(r1, s1);
    vertex(r2, s2);
    vertex(r3, s3);
    row.writeUInt16LE(0, at);
    at += 2;
  };

  const handle = await fs.promises.open(file, 'w');
  let bytes = 0;
  const flush = async () => {
    await handle.write(row, 0, at);
    bytes += at;
    at = 0;
  };
  try {
    const header = Buffer.alloc(84);
    header.write(`binary STL ${label}, ${triangles} triangles`, 0, 'latin1');
    header.writeUInt32LE(triangles, 80);
    await handle.write(header);
    bytes += header.length;

    for (let s = 0; s < segments; s++) triangle(0, s, 1, s, 1, s + 1);
    await flush();
    for (let r = 1; r < rings - 1; r++) {
      for (let s = 0; s < segments; s++) {
        triangle(r, s, r + 1, s, r + 1, s + 1);
        triangle(r, s, r + 1, s + 1, r, s + 1);
      }
      await flush();
    }
    for (let s = 0; s < segments; s++) triangle(rings, s, rings - 1, s + 1, rings - 1, s);
    await flush();
  } finally {
    await handle.close();
  }
  if (bytes !== 84 + 50 * triangles) throw new Error(`wrote ${bytes} bytes, expected ${84 + 50 * triangles}`);
  return { bytes, triangles };
}
