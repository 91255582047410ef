import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { analyzeMesh } from '../analyzer.ts';
import { parseMeshPositions } from '../positions.ts';
import { BOX_FACTS } from '../test-fixtures.ts';
import {
  boxMesh,
  CONTENT_TYPES_XML,
  concat,
  type Mesh,
  modelXml,
  ROOT_MODEL,
  relationshipsXml,
  singleModelPackage,
  threeMfPackage,
} from './three-mf-fixtures.ts';
import { analyze3mf, refusalOf } from './three-mf-reading.ts';

const BOX = boxMesh(10, 20, 30);
const BOX_3MF = { format: '3mf', ...BOX_FACTS };

/** The translation by (x, y, z) as a 3MF transform. */
const translation = (x: number, y: number, z: number) => `1 0 0 0 1 0 0 0 1 ${x} ${y} ${z}`;

describe('reading a 3MF package', () => {
  it('measures a box exactly, through MeshAnalyzer as an upload is', () => {
    const file = singleModelPackage({ objects: [{ id: 1, mesh: BOX }], items: [{ objectId: 1 }] });
    expect(analyzeMesh('3mf', file)).toEqual(BOX_3MF);
  });

  it('places components and build items with their transforms, a mirrored one wound back outward', () => {
    const file = singleModelPackage({
      objects: [
        { id: 1, mesh: BOX },
        {
          id: 2,
          components: [
            { objectId: 1, transform: translation(100, 0, 0) },
            // x -> -x, then 50 further left: a mirror image, x from -60 to -50.
            { objectId: 1, transform: '-1 0 0 0 1 0 0 0 1 -50 0 0' },
          ],
        },
      ],
      items: [
        { objectId: 2, transform: translation(0, 0, 5) },
        // A quarter turn about z: x' = -y, y' = x.
        { objectId: 1, transform: '0 1 0 -1 0 0 0 0 1 0 0 0' },
      ],
    });
    expect(analyze3mf(file)).toEqual({
      ...BOX_3MF,
      triangles: 36,
      bbox: { min: [-60, 0, 0], max: [110, 20, 35] },
      sizeMm: [170, 20, 35],
      volumeCm3: 18,
      areaMm2: 6600,
      areaCm2: 66,
    });
  });

  it('keeps a mirrored box closed with its volume positive, as the same box unmirrored', () => {
    for (const transform of [
      '-1 0 0 0 1 0 0 0 1 0 0 0',
      '1 0 0 0 1 0 0 0 -1 0 0 0',
      '-1 0 0 0 -1 0 0 0 -1 0 0 0',
    ]) {
      const file = singleModelPackage({
        objects: [{ id: 1, mesh: BOX }],
        items: [{ objectId: 1, transform }],
      });
      expect(analyze3mf(file)).toMatchObject({
        closed: true,
        volumeCm3: 6,
        areaMm2: 2200,
        sizeMm: [10, 20, 30],
      });
    }
  });

  it('composes transforms through nested components, the innermost applied first', () => {
    // Object 3 scales object 2 by 2 in x; object 2 moves the box by 10 in x.
    const file = singleModelPackage({
      objects: [
        { id: 1, mesh: BOX },
        { id: 2, components: [{ objectId: 1, transform: translation(10, 0, 0) }] },
        { id: 3, components: [{ objectId: 2, transform: '2 0 0 0 1 0 0 0 1 0 0 0' }] },
      ],
      items: [{ objectId: 3, transform: translation(0, 1, 0) }],
    });
    // (x + 10) * 2: x from 20 to 40, a 20 x 20 x 30 box.
    expect(analyze3mf(file)).toMatchObject({
      bbox: { min: [20, 1, 0], max: [40, 21, 30] },
      volumeCm3: 12,
      closed: true,
    });
  });

  it('reads the vertices a renderer draws: transformed, in build order', () => {
    const tiny: Mesh = {
      vertices: [
        [0, 0, 0],
        [1, 0, 0],
        [0, 1, 0],
      ],
      triangles: [[0, 1, 2]],
    };
    const file = singleModelPackage({
      objects: [{ id: 7, mesh: tiny }],
      items: [
        { objectId: 7, transform: translation(5, 6, 7) },
        { objectId: 7, transform: '-1 0 0 0 1 0 0 0 1 0 0 0' },
      ],
    });
    // The mirrored copy's corners 1 and 2 swap, so its normal still points the way the first's does.
    expect([...parseMeshPositions('3mf', file)]).toEqual([
      5, 6, 7, 6, 6, 7, 5, 7, 7, 0, 0, 0, 0, 1, 0, -1, 0, 0,
    ]);
  });

  it('converts every unit to millimetres, translations included', () => {
    const cases = [
      ['micron', 0.001],
      ['millimeter', 1],
      ['centimeter', 10],
      ['inch', 25.4],
      ['foot', 304.8],
      ['meter', 1000],
    ] as const;
    for (const [unit, mm] of cases) {
      const file = singleModelPackage({
        unit,
        objects: [{ id: 1, mesh: boxMesh(1, 2, 3) }],
        items: [{ objectId: 1, transform: translation(1, 0, 0) }],
      });
      const analysis = analyze3mf(file);
      // Coordinates are float32 millimetres, converted from the file's numbers once.
      const f = Math.fround;
      expect(analysis.bbox).toEqual({ min: [f(mm), 0, 0], max: [f(2 * mm), f(2 * mm), f(3 * mm)] });
      expect(analysis.volumeCm3! / ((6 * mm ** 3) / 1000)).toBeCloseTo(1, 6);
    }
    const centimetres = singleModelPackage({
      unit: 'centimeter',
      objects: [{ id: 1, mesh: boxMesh(1, 2, 3) }],
      items: [{ objectId: 1 }],
    });
    expect(analyze3mf(centimetres)).toEqual(BOX_3MF);
  });

  it('outputs only build items: objects nothing in the build refers to are left out', () => {
    const file = singleModelPackage({
      objects: [
        { id: 1, mesh: BOX },
        { id: 2, mesh: boxMesh(500, 500, 500) },
      ],
      items: [{ objectId: 1 }],
    });
    expect(analyze3mf(file)).toEqual(BOX_3MF);
  });

  it('places support objects but not objects of type "other"', () => {
    const file = singleModelPackage({
      objects: [
        { id: 1, mesh: BOX, type: 'model' },
        { id: 2, mesh: boxMesh(1, 1, 1), type: 'support' },
        { id: 3, mesh: boxMesh(1, 1, 1), type: 'solidsupport' },
        { id: 4, mesh: boxMesh(900, 900, 900), type: 'other' },
        { id: 5, components: [{ objectId: 4 }, { objectId: 1, transform: translation(0, 0, 100) }] },
      ],
      items: [
        { objectId: 1 },
        { objectId: 2, transform: translation(20, 0, 0) },
        { objectId: 3 },
        { objectId: 4 },
        { objectId: 5 },
      ],
    });
    expect(analyze3mf(file)).toMatchObject({ triangles: 48, sizeMm: [21, 20, 130], volumeCm3: 12.002 });
  });

  it('follows references forward, within a part and to parts later in the package', () => {
    const root = modelXml({
      objects: [
        { id: 1, components: [{ objectId: 2 }, { objectId: 9, path: '/3D/parts/later.model' }] },
        { id: 2, mesh: BOX },
      ],
      items: [{ objectId: 1 }],
    });
    const later = modelXml({ objects: [{ id: 9, mesh: boxMesh(1, 1, 1) }], items: [] });
    const file = threeMfPackage({ [ROOT_MODEL]: root, '3D/parts/later.model': later });
    expect(analyze3mf(file)).toMatchObject({ triangles: 24, volumeCm3: 6.001, closed: true });
  });
});

describe('production extension: objects in other model parts', () => {
  const wheel = modelXml({
    objects: [
      { id: 1, mesh: boxMesh(2, 2, 2) },
      // Same id as an object of the root part: ids belong to their part.
      { id: 5, components: [{ objectId: 1, transform: translation(1, 1, 1) }] },
    ],
    items: [],
  });
  const root = modelXml({
    objects: [
      { id: 5, mesh: BOX },
      {
        id: 6,
        components: [
          { objectId: 5, path: '/3D/Objects/wheel.model', transform: translation(100, 0, 0) },
          { objectId: 5 },
        ],
      },
    ],
    items: [
      { objectId: 6 },
      { objectId: 1, path: '/3D/Objects/wheel.model', transform: translation(-10, 0, 0) },
    ],
  });

  it('places components and items with p:path from the part they name, in any order in the ZIP', () => {
    const expected = {
      triangles: 36,
      bbox: { min: [-10, 0, 0], max: [103, 20, 30] },
      volumeCm3: 6.016,
      closed: true,
    };
    for (const parts of [
      { [ROOT_MODEL]: root, '3D/Objects/wheel.model': wheel },
      { '3D/Objects/wheel.model': wheel, [ROOT_MODEL]: root },
    ]) {
      expect(analyze3mf(threeMfPackage(parts))).toMatchObject(expected);
      expect(analyze3mf(threeMfPackage(parts, { relationshipsLast: true }))).toMatchObject(expected);
    }
  });

  it('matches part names without regard to case, and takes relative paths from the referring part', () => {
    const relative = root.replaceAll(
      'p:path="/3D/Objects/wheel.model"',
      'p:path="Objects/../OBJECTS/Wheel.model"',
    );
    const file = threeMfPackage({ [ROOT_MODEL]: relative, '3d/objects/WHEEL.MODEL': wheel });
    expect(analyze3mf(file)).toMatchObject({ triangles: 36, volumeCm3: 6.016 });
  });

  it('ignores the build of a part that is not the root', () => {
    const withBuild = modelXml({
      objects: [{ id: 1, mesh: boxMesh(300, 300, 300) }],
      items: [{ objectId: 1 }],
    });
    const file = threeMfPackage({
      [ROOT_MODEL]: modelXml({ objects: [{ id: 1, mesh: BOX }], items: [{ objectId: 1 }] }),
      '3D/other.model': withBuild,
    });
    expect(analyze3mf(file)).toEqual(BOX_3MF);
  });
});

describe('the root model part', () => {
  const box = modelXml({ objects: [{ id: 1, mesh: BOX }], items: [{ objectId: 1 }] });
  const big = modelXml({ objects: [{ id: 1, mesh: boxMesh(100, 100, 100) }], items: [{ objectId: 1 }] });

  it('is the part the package relationships name, wherever it is', () => {
    const file = threeMfPackage({ [ROOT_MODEL]: big, '3D/main.model': box }, { root: '/3D/main.model' });
    expect(analyze3mf(file)).toEqual(BOX_3MF);
    const relative = threeMfPackage({ [ROOT_MODEL]: big, '3D/main.model': box }, { root: '3D/main.model' });
    expect(analyze3mf(relative)).toEqual(BOX_3MF);
  });

  it('may have another extension when the relationships come before it', () => {
    const file = threeMfPackage({ '3D/model.xml': box }, { root: '/3D/model.xml' });
    expect(analyze3mf(file)).toEqual(BOX_3MF);
    // Read after it, they name a part that went past unread.
    const late = threeMfPackage({ '3D/model.xml': box }, { root: '/3D/model.xml', relationshipsLast: true });
    expect(refusalOf(late).reason).toBe('not-model');
  });

  it('is 3D/3dmodel.model when there are no relationships, or they name no model', () => {
    expect(analyze3mf(threeMfPackage({ [ROOT_MODEL]: box }, { root: null }))).toEqual(BOX_3MF);
    const rels = relationshipsXml('/3D/3dmodel.model').replace('2013/01/3dmodel', '2013/01/thumbnail');
    const file = threeMfPackage({ '_rels/.rels': rels, [ROOT_MODEL]: box }, { root: null });
    expect(analyze3mf(file)).toEqual(BOX_3MF);
  });
});

describe('ZIP writers', () => {
  const model = strToU8(modelXml({ objects: [{ id: 1, mesh: BOX }], items: [{ objectId: 1 }] }));
  const rels = strToU8(relationshipsXml('/3D/3dmodel.model'));

  it("reads fflate's zipSync output, stored and deflated, with a thumbnail skipped", () => {
    const thumbnail = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919) & 0xff);
    for (const level of [0, 9] as const) {
      const file = zipSync(
        {
          '[Content_Types].xml': strToU8(CONTENT_TYPES_XML),
          '_rels/.rels': rels,
          'Metadata/thumbnail.png': thumbnail,
          '3D/3dmodel.model': model,
          'Metadata/Slic3r_PE.config': strToU8('; settings\n'.repeat(1000)),
        },
        { level },
      );
      expect(analyze3mf(file)).toEqual(BOX_3MF);
    }
  });

  it("reads fflate's streaming Zip output, every entry with a data descriptor", () => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((err, data) => {
      if (err) throw err;
      chunks.push(data);
    });
    for (const [name, data] of [
      ['_rels/.rels', rels],
      ['3D/3dmodel.model', model],
    ] as const) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(data, true);
    }
    zip.end();
    expect(analyze3mf(concat(chunks))).toEqual(BOX_3MF);
  });
});
