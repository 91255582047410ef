import { deflateSync, strToU8 } from 'fflate';
import { boxCornersAndSides } from '../test-fixtures.ts';

/**
 * 3MF packages for the tests, written as 3MF writers write them: a ZIP with `[Content_Types].xml`,
 * `_rels/.rels` naming the root model part, and model parts. Each ZIP entry can be stored or
 * deflated, with or without a data descriptor in each of its forms.
 */

export type Vec3 = [number, number, number];
export type Mesh = { vertices: Vec3[]; triangles: Vec3[] };
export type PlacementSpec = { objectId: number; transform?: string; path?: string };
export type ObjectSpec = { id: number; type?: string; mesh?: Mesh; components?: PlacementSpec[] };
export type ModelSpec = { unit?: string; objects: ObjectSpec[]; items: PlacementSpec[] };

export const CORE_NAMESPACE = 'http://schemas.microsoft.com/3dmanufacturing/core/2015/02';
export const PRODUCTION_NAMESPACE = 'http://schemas.microsoft.com/3dmanufacturing/production/2015/06';
export const ROOT_MODEL = '3D/3dmodel.model';

/** An axis-aligned box from the origin to (x, y, z): 8 vertices, 12 triangles facing outward. */
export function boxMesh(x: number, y: number, z: number): Mesh {
  const { corners, sides } = boxCornersAndSides(x, y, z);
  const triangles = sides.flatMap(([a, b, c, d]): Vec3[] => [
    [a, b, c],
    [a, c, d],
  ]);
  return { vertices: corners, triangles };
}

/** A model part's XML, indented like a slicer's, with the production namespace declared as `p`. */
export function modelXml(spec: ModelSpec): string {
  const unit = spec.unit === undefined ? '' : ` unit="${spec.unit}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<model${unit} xml:lang="en-US" xmlns="${CORE_NAMESPACE}" xmlns:p="${PRODUCTION_NAMESPACE}">`,
    ' <metadata name="Title">Test &amp; model</metadata>',
    ' <resources>',
  ];
  for (const object of spec.objects) {
    const type = object.type === undefined ? '' : ` type="${object.type}"`;
    lines.push(`  <object id="${object.id}"${type}>`);
    if (object.mesh) lines.push(...meshLines(object.mesh));
    if (object.components) {
      lines.push('   <components>');
      for (const component of object.components) lines.push(`    ${placement('component', component)}`);
      lines.push('   </components>');
    }
    lines.push('  </object>');
  }
  lines.push(' </resources>', ' <build>');
  for (const item of spec.items) lines.push(`  ${placement('item', item)}`);
  lines.push(' </build>', '</model>');
  return `${lines.join('\n')}\n`;
}

function meshLines(mesh: Mesh): string[] {
  return [
    '   <mesh>',
    '    <vertices>',
    ...mesh.vertices.map(([x, y, z]) => `     <vertex x="${x}" y="${y}" z="${z}"/>`),
    '    </vertices>',
    '    <triangles>',
    ...mesh.triangles.map(([a, b, c]) => `     <triangle v1="${a}" v2="${b}" v3="${c}"/>`),
    '    </triangles>',
    '   </mesh>',
  ];
}

function placement(element: string, spec: PlacementSpec): string {
  const transform = spec.transform === undefined ? '' : ` transform="${spec.transform}"`;
  const path = spec.path === undefined ? '' : ` p:path="${spec.path}"`;
  return `<${element} objectid="${spec.objectId}"${transform}${path}/>`;
}

/** The package relationships naming `target` as the root model part. */
export function relationshipsXml(target: string, extra = ''): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">',
    ` <Relationship Target="${target}" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"${extra}/>`,
    '</Relationships>',
    '',
  ].join('\n');
}

export const CONTENT_TYPES_XML = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">',
  ' <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>',
  ' <Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>',
  '</Types>',
  '',
].join('\n');

/** How an entry's sizes are written: in its local header, or after its data in one of four forms. */
export type DescriptorForm = 'none' | 'signed' | 'unsigned' | 'zip64-signed' | 'zip64-unsigned';

export type ZipEntrySpec = {
  name: string;
  data: string | Uint8Array;
  method?: 'stored' | 'deflated';
  descriptor?: DescriptorForm;
  /** Bit 0 of the flags: the entry claims to be encrypted. */
  encrypted?: boolean;
  /** A compression method number to write instead of 0 or 8 (the data stays as it is). */
  methodNumber?: number;
  /** `data` already deflated (a large one is deflated once for several tests). */
  compressed?: Uint8Array;
  /** Sizes in a ZIP64 extra field, the local header's set to 0xFFFFFFFF (as for entries over 4 GB). */
  zip64?: boolean;
  /** Sizes written wrong by this much: in the local header, or in the descriptor. */
  sizeError?: number;
};

/** A ZIP archive: local headers, data, descriptors, then the central directory and end record. */
export function zipArchive(entries: ZipEntrySpec[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = strToU8(entry.name);
    const raw = typeof entry.data === 'string' ? strToU8(entry.data) : entry.data;
    const deflated = (entry.method ?? 'deflated') === 'deflated';
    const data = deflated ? (entry.compressed ?? deflateSync(raw, { level: 6 })) : raw;
    const descriptor = entry.descriptor ?? 'none';
    const zip64 = descriptor.startsWith('zip64') || entry.zip64 === true;
    const error = entry.sizeError ?? 0;
    // Readers here do not check it; computing it for 80 MB would only slow the tests.
    const crc = entry.compressed ? 0 : crc32(raw);
    const flags = (descriptor === 'none' ? 0 : 0x8) | (entry.encrypted ? 0x1 : 0);
    const method = entry.methodNumber ?? (deflated ? 8 : 0);
    const extra = zip64 ? zip64Extra(raw.length + error, data.length) : new Uint8Array(0);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, zip64 ? 45 : 20, true);
    local.setUint16(6, flags, true);
    local.setUint16(8, method, true);
    if (descriptor === 'none' && !zip64) {
      local.setUint32(14, crc, true);
      local.setUint32(18, data.length, true);
      local.setUint32(22, raw.length + error, true);
    } else if (zip64) {
      local.setUint32(18, 0xffffffff, true);
      local.setUint32(22, 0xffffffff, true);
    }
    if (descriptor === 'none' && zip64) local.setUint32(14, crc, true);
    local.setUint16(26, name.length, true);
    local.setUint16(28, extra.length, true);
    const localBytes = [
      new Uint8Array(local.buffer),
      name,
      extra,
      data,
      descriptorBytes(descriptor, crc, data.length, raw.length + error),
    ];
    central.push(centralHeader(name, flags, method, crc, data.length, raw.length, offset));
    for (const part of localBytes) {
      parts.push(part);
      offset += part.length;
    }
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  return concat([...parts, ...central, new Uint8Array(end.buffer)]);
}

function zip64Extra(uncompressed: number, compressed: number): Uint8Array {
  const extra = new DataView(new ArrayBuffer(20));
  extra.setUint16(0, 0x0001, true);
  extra.setUint16(2, 16, true);
  extra.setBigUint64(4, BigInt(uncompressed), true);
  extra.setBigUint64(12, BigInt(compressed), true);
  return new Uint8Array(extra.buffer);
}

function descriptorBytes(
  form: DescriptorForm,
  crc: number,
  compressed: number,
  uncompressed: number,
): Uint8Array {
  if (form === 'none') return new Uint8Array(0);
  const signed = form.endsWith('-signed') || form === 'signed';
  const sizeBytes = form.startsWith('zip64') ? 8 : 4;
  const view = new DataView(new ArrayBuffer((signed ? 8 : 4) + 2 * sizeBytes));
  let at = 0;
  if (signed) {
    view.setUint32(at, 0x08074b50, true);
    at += 4;
  }
  view.setUint32(at, crc, true);
  at += 4;
  for (const size of [compressed, uncompressed]) {
    if (sizeBytes === 8) view.setBigUint64(at, BigInt(size), true);
    else view.setUint32(at, size, true);
    at += sizeBytes;
  }
  return new Uint8Array(view.buffer);
}

function centralHeader(
  name: Uint8Array,
  flags: number,
  method: number,
  crc: number,
  compressed: number,
  uncompressed: number,
  offset: number,
): Uint8Array {
  const header = new DataView(new ArrayBuffer(46));
  header.setUint32(0, 0x02014b50, true);
  header.setUint16(4, 20, true);
  header.setUint16(6, 20, true);
  header.setUint16(8, flags, true);
  header.setUint16(10, method, true);
  header.setUint32(16, crc, true);
  header.setUint32(20, compressed, true);
  header.setUint32(24, uncompressed, true);
  header.setUint16(28, name.length, true);
  header.setUint32(42, offset, true);
  return concat([new Uint8Array(header.buffer), name]);
}

const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

function crc32(bytes: Uint8Array): number {
  let c = -1;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A whole 3MF package: the content types, the relationships naming `root` (none when `root` is
 * null), and the given parts, in this order (the relationships after the parts with
 * `relationshipsLast`). `entry` sets how every entry is written.
 */
export function threeMfPackage(
  parts: Record<string, string | Uint8Array>,
  options: { root?: string | null; entry?: Partial<ZipEntrySpec>; relationshipsLast?: boolean } = {},
): Uint8Array {
  const root = options.root === undefined ? `/${ROOT_MODEL}` : options.root;
  const relationships: ZipEntrySpec[] =
    root === null ? [] : [{ name: '_rels/.rels', data: relationshipsXml(root), ...options.entry }];
  const models = Object.entries(parts).map(
    ([name, data]): ZipEntrySpec => ({ name, data, ...options.entry }),
  );
  const contentTypes: ZipEntrySpec = {
    name: '[Content_Types].xml',
    data: CONTENT_TYPES_XML,
    ...options.entry,
  };
  return zipArchive(
    options.relationshipsLast
      ? [contentTypes, ...models, ...relationships]
      : [contentTypes, ...relationships, ...models],
  );
}

/** A package whose root model part is `spec`. */
export function singleModelPackage(spec: ModelSpec, entry?: Partial<ZipEntrySpec>): Uint8Array {
  return threeMfPackage({ [ROOT_MODEL]: modelXml(spec) }, { entry });
}
