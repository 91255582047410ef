// One mesh in the encodings people upload: binary and ASCII STL, 3MF and OBJ, written the way
// exporters write them, so a benchmark can compare the readers on the very same triangles.
import { strToU8, zipSync } from 'fflate';

/**
 * A closed UV sphere as an indexed mesh: 2 x segments x (rings - 1) triangles, counter-clockwise
 * from outside, poles as single vertices. Coordinates are float32 values, as STL stores them.
 * @param {{ rings: number, segments: number, radius: number }} options
 * @returns {{ vertices: Float32Array, triangles: Uint32Array }}
 */
export function indexedSphere({ rings, segments, radius }) {
  const vertices = new Float32Array(3 * (2 + (rings - 1) * segments));
  vertices.set([0, 0, radius], 0);
  let v = 1;
  for (let r = 1; r < rings; r++) {
    const theta = (Math.PI * r) / rings;
    for (let s = 0; s < segments; s++, v++) {
      const phi = (2 * Math.PI * s) / segments;
      vertices.set(
        [
          radius * Math.sin(theta) * Math.cos(phi),
          radius * Math.sin(theta) * Math.sin(phi),
          radius * Math.cos(theta),
        ],
        3 * v,
      );
    }
  }
  const south = v;
  vertices.set([0, 0, -radius], 3 * south);
  const at = (/** @type {number} */ r, /** @type {number} */ s) => 1 + (r - 1) * segments + (s % segments);
  const triangles = new Uint32Array(3 * 2 * segments * (rings - 1));
  let t = 0;
  const push = (/** @type {number[]} */ ...corners) => {
    triangles.set(corners, t);
    t += 3;
  };
  for (let s = 0; s < segments; s++) push(0, at(1, s), at(1, s + 1));
  for (let r = 1; r < rings - 1; r++) {
    for (let s = 0; s < segments; s++) {
      push(at(r, s), at(r + 1, s), at(r + 1, s + 1));
      push(at(r, s), at(r + 1, s + 1), at(r, s + 1));
    }
  }
  for (let s = 0; s < segments; s++) push(at(rings - 1, s), south, at(rings - 1, s + 1));
  return { vertices, triangles };
}

/** @typedef {{ vertices: Float32Array, triangles: Uint32Array }} IndexedMesh */

/** @param {IndexedMesh} mesh @returns {Buffer} */
export function binaryStlOf({ vertices, triangles }) {
  const count = triangles.length / 3;
  const out = Buffer.alloc(84 + 50 * count);
  out.write(`binary STL, ${count} triangles`, 0, 'latin1');
  out.writeUInt32LE(count, 80);
  for (let i = 0; i < count; i++) {
    for (let c = 0; c < 3; c++) {
      const k = triangles[3 * i + c] ?? 0;
      for (let axis = 0; axis < 3; axis++)
        out.writeFloatLE(vertices[3 * k + axis] ?? 0, 84 + 50 * i + 12 + 12 * c + 4 * axis);
    }
  }
  return out;
}

/** Coordinates as exporters print them: 6 significant digits. @param {number} value */
const printed = (value) => value.toPrecision(6);

/** @param {IndexedMesh} mesh @returns {Buffer} */
export function asciiStlOf({ vertices, triangles }) {
  const lines = ['solid sphere'];
  for (let t = 0; t < triangles.length; t += 3) {
    lines.push('  facet normal 0 0 0', '    outer loop');
    for (let c = 0; c < 3; c++) {
      const k = 3 * (triangles[t + c] ?? 0);
      lines.push(
        `      vertex ${printed(vertices[k] ?? 0)} ${printed(vertices[k + 1] ?? 0)} ${printed(vertices[k + 2] ?? 0)}`,
      );
    }
    lines.push('    endloop', '  endfacet');
  }
  lines.push('endsolid sphere', '');
  return Buffer.from(lines.join('\n'), 'latin1');
}

/** @param {IndexedMesh} mesh @returns {Buffer} */
export function objOf({ vertices, triangles }) {
  const lines = ['# sphere', 'o sphere'];
  for (let k = 0; k < vertices.length; k += 3) {
    lines.push(
      `v ${printed(vertices[k] ?? 0)} ${printed(vertices[k + 1] ?? 0)} ${printed(vertices[k + 2] ?? 0)}`,
    );
  }
  for (let t = 0; t < triangles.length; t += 3) {
    lines.push(`f ${(triangles[t] ?? 0) + 1} ${(triangles[t + 1] ?? 0) + 1} ${(triangles[t + 2] ?? 0) + 1}`);
  }
  lines.push('');
  return Buffer.from(lines.join('\n'), 'latin1');
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>`;
const RELATIONSHIPS = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>`;

/**
 * A 3MF package as slicers save one: one object, one build item, deflated at zlib's default level.
 * @param {IndexedMesh} mesh @returns {Buffer}
 */
export function threeMfOf(mesh) {
  const zip = zipSync(
    {
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      '_rels/.rels': strToU8(RELATIONSHIPS),
      '3D/3dmodel.model': strToU8(threeMfModelOf(mesh)),
    },
    { level: 6 },
  );
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
}

/**
 * The 3MF's model part: the XML that holds the mesh.
 * @param {IndexedMesh} mesh @returns {string}
 */
export function threeMfModelOf({ vertices, triangles }) {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<model unit="millimeter" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">',
    ' <resources>',
    '  <object id="1" type="model">',
    '   <mesh>',
    '    <vertices>',
  ];
  for (let k = 0; k < vertices.length; k += 3) {
    lines.push(
      `     <vertex x="${printed(vertices[k] ?? 0)}" y="${printed(vertices[k + 1] ?? 0)}" z="${printed(vertices[k + 2] ?? 0)}"/>`,
    );
  }
  lines.push('    </vertices>', '    <triangles>');
  for (let t = 0; t < triangles.length; t += 3) {
    lines.push(`     <triangle v1="${triangles[t]}" v2="${triangles[t + 1]}" v3="${triangles[t + 2]}"/>`);
  }
  lines.push(
    '    </triangles>',
    '   </mesh>',
    '  </object>',
    ' </resources>',
    ' <build>',
    '  <item objectid="1"/>',
    ' </build>',
    '</model>',
    '',
  );
  return lines.join('\n');
}
