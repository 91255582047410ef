/**
 * A closed UV sphere as a binary STL, written directly into one Buffer (no intermediate arrays).
 * 2 x segments x (rings - 1) triangles: 501 rings and 1000 segments make exactly 1,000,000.
 * The poles are exact points and the seam reuses the first meridian, so every edge is shared by
 * two triangles in opposite directions: a closed surface, as a real upload would be.
 *
 * @param {{ rings: number, segments: number, radius: number }} options
 * @returns {Buffer}
 */
export function sphereStl({ rings, segments, radius }) {
  const triangles = 2 * segments * (rings - 1);
  const out = Buffer.alloc(84 + 50 * triangles);
  // Like many exporters, a header starting with "solid": it must still be read as binary.
  out.write(`solid sphere, ${triangles} triangles (binary)`, 0, 'latin1');
  out.writeUInt32LE(triangles, 80);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  let at = 84;

  /** @param {number} ring @param {number} segment @param {number} axis */
  const coordinate = (ring, segment, axis) => {
    if (ring === 0 || ring === rings) return axis === 2 ? (ring === 0 ? radius : -radius) : 0;
    const theta = (Math.PI * ring) / rings;
    const phi = (2 * Math.PI * (segment % segments)) / segments;
    if (axis === 2) return radius * Math.cos(theta);
    return radius * Math.sin(theta) * (axis === 0 ? Math.cos(phi) : Math.sin(phi));
  };
  /** @param {...[number, number]} corners ring and segment of each corner, counter-clockwise from outside */
  const triangle = (...corners) => {
    at += 12; // the normal stays 0: readers recompute it
    for (const [ring, segment] of corners) {
      for (let axis = 0; axis < 3; axis++) {
        view.setFloat32(at, coordinate(ring, segment, axis), true);
        at += 4;
      }
    }
    at += 2;
  };

  for (let s = 0; s < segments; s++) triangle([0, s], [1, s], [1, s + 1]);
  for (let r = 1; r < rings - 1; r++) {
    for (let s = 0; s < segments; s++) {
      triangle([r, s], [r + 1, s], [r + 1, s + 1]);
      triangle([r, s], [r + 1, s + 1], [r, s + 1]);
    }
  }
  for (let s = 0; s < segments; s++) triangle([rings, s], [rings - 1, s + 1], [rings - 1, s]);
  return out;
}
