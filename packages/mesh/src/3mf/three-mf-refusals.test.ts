import { deflateRawSync } from 'node:zlib';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MeshAnalyzer } from '../analyzer.ts';
import {
  MAX_MODEL_TRIANGLES,
  MeshRejectedError,
  type MeshRejection,
  meshRejectionMessage,
} from '../mesh-errors.ts';
import type { PackageLimits } from './package-limits.ts';
import {
  boxMesh,
  type ModelSpec,
  modelXml,
  ROOT_MODEL,
  relationshipsXml,
  singleModelPackage,
  threeMfPackage,
  zipArchive,
} from './three-mf-fixtures.ts';
import { refusalOf } from './three-mf-reading.ts';

const BOX = boxMesh(10, 20, 30);
const BOX_MODEL: ModelSpec = { objects: [{ id: 1, mesh: BOX }], items: [{ objectId: 1 }] };
const BOX_XML = modelXml(BOX_MODEL);

function expectRefused(bytes: Uint8Array, reason: MeshRejection, limits: Partial<PackageLimits> = {}) {
  const err = refusalOf(bytes, limits);
  expect(err).toBeInstanceOf(MeshRejectedError);
  expect(err.kind).toBe('3mf');
  expect(err.reason).toBe(reason);
  expect(err.message).toBe(meshRejectionMessage('3mf', reason));
}

/** The box package with its model part's XML changed by `edit`. */
const editedBox = (edit: (xml: string) => string) => threeMfPackage({ [ROOT_MODEL]: edit(BOX_XML) });

describe('3MF files we refuse', () => {
  it('explains the new reasons in plain words', () => {
    expect(meshRejectionMessage('3mf', 'not-model')).toBe(
      'This file is not a 3MF file (a ZIP package with a 3D model).',
    );
    expect(meshRejectionMessage('3mf', 'too-deep')).toBe('This 3MF file nests its parts too deeply.');
    expect(meshRejectionMessage('3mf', 'external-reference')).toBe(
      'This 3MF file refers to files outside itself.',
    );
  });

  it('refuses an empty file', () => {
    expectRefused(new Uint8Array(0), 'empty');
  });

  it('refuses files that are not ZIP packages with a model, at their first bytes when it can', () => {
    expectRefused(strToU8('solid box\nendsolid box\n'), 'not-model');
    expectRefused(Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), 'not-model');
    expectRefused(Uint8Array.of(0x50, 0x4b), 'not-model');
    // An empty ZIP (only its end record), and ZIPs without a model part.
    expectRefused(zipArchive([]), 'not-model');
    expectRefused(zipArchive([{ name: 'readme.txt', data: 'hello' }]), 'not-model');
    expectRefused(threeMfPackage({ '3D/other.model': BOX_XML }), 'not-model');
    // A model part whose root element is not a 3MF model.
    expectRefused(threeMfPackage({ [ROOT_MODEL]: '<svg xmlns="http://www.w3.org/2000/svg"/>' }), 'not-model');
    expectRefused(
      editedBox((xml) => xml.replace('core/2015/02"', 'core/2099/01"')),
      'not-model',
    );
    const analyzer = new MeshAnalyzer('3mf');
    expect(() => analyzer.push(strToU8('%PDF-1.7\n'))).toThrow(meshRejectionMessage('3mf', 'not-model'));
  });

  it('refuses a package cut short or damaged', () => {
    const file = singleModelPackage(BOX_MODEL);
    for (const end of [10, 40, 200, file.length - 300]) expectRefused(file.subarray(0, end), 'unreadable');
    // Not even a whole signature: nothing says it is a ZIP.
    expectRefused(file.subarray(0, 3), 'not-model');
    const damaged = file.slice();
    const data = damaged.length - 400;
    for (let i = data; i < data + 40; i++) damaged[i] = 0xff;
    expectRefused(damaged, 'unreadable');
  });

  it('refuses model parts it cannot read: encrypted, compressed otherwise, stored with a data descriptor', () => {
    expectRefused(singleModelPackage(BOX_MODEL, { encrypted: true }), 'unreadable');
    expectRefused(singleModelPackage(BOX_MODEL, { methodNumber: 12 }), 'unreadable');
    expectRefused(singleModelPackage(BOX_MODEL, { method: 'stored', descriptor: 'signed' }), 'unreadable');
  });

  it('refuses XML that is not well-formed, or numbers a slicer would not read', () => {
    const broken = [
      (xml: string) => xml.replace('</model>', ''),
      (xml: string) => xml.replace('<vertex x="0"', '<vertex x=0'),
      (xml: string) => xml.replace('<vertex x="0"', '<vertex x="0" x="1"'),
      (xml: string) => xml.replace('<vertex x="10"', '<vertex x="10,5"'),
      (xml: string) => xml.replace('<vertex x="10"', '<vertex x="0x10"'),
      (xml: string) => xml.replace('<vertex x="10"', '<vertex x="1&bogus;"'),
      (xml: string) => xml.replace('<vertex x="10"', '<vertex'),
      (xml: string) => xml.replace('v3="2"', 'v3="two"'),
      (xml: string) => xml.replace('v3="2"', 'v3="-2"'),
      (xml: string) => xml.replace('<triangle v1="0"', '<triangle'),
      (xml: string) => xml.replace('<object id="1"', '<object id="first"'),
      (xml: string) => xml.replace('<item objectid="1"', '<item'),
      (xml: string) =>
        xml.replace('<item objectid="1"', '<item objectid="1" transform="1 0 0 0 1 0 0 0 1 0 0"'),
      (xml: string) =>
        xml.replace('<item objectid="1"', '<item objectid="1" transform="1 0 0 0 1 0 0 0 1 0 0 0 0"'),
      (xml: string) => xml.replace('xml:lang', 'unit="furlong" xml:lang'),
      (xml: string) => xml.replace('</model>', '</model>\n<model/>'),
      (xml: string) => xml.replace('</mesh>', '</mesh><mesh/>'),
      (xml: string) => `${xml.replace('</resources>', '<object id="1"/></resources>')}`,
      (xml: string) => xml.replace('<metadata', '<!ELEMENT model ANY><metadata'),
      (xml: string) => xml.replace('<metadata', '<!-x-><metadata'),
    ];
    for (const edit of broken) expectRefused(editedBox(edit), 'unreadable');
  });

  it('refuses a tag longer than the limit, with no more than a tag held', () => {
    const name = 'n'.repeat(70_000);
    expectRefused(
      editedBox((xml) => xml.replace('<metadata', `<${name}/><metadata`)),
      'unreadable',
    );
    const value = 'v'.repeat(70_000);
    expectRefused(
      editedBox((xml) => xml.replace('<metadata', `<metadata name="${value}"`)),
      'unreadable',
    );
    // A long text, comment or CDATA is not a tag: skipped without being held.
    const long = 'x'.repeat(200_000);
    const accepted = editedBox((xml) =>
      xml
        .replace('<resources>', `<resources><!-- ${long} --><?pi ${long}?><![CDATA[${long}]]>`)
        .replace('Title">', `Title">${long}`),
    );
    expect(refusalOf(accepted, { maxPlacedTriangles: 5 }).reason).toBe('too-many-triangles');
  });

  it('refuses a ZIP bomb once it inflates more than 100 times what was read, plus 64 MB', () => {
    // 80 MB of zeros deflate to about 80 KB: some 1,000 to 1.
    const zeros = new Uint8Array(80 * 1024 ** 2);
    // Node's zlib deflates them in a fraction of the time fflate takes.
    const compressed = new Uint8Array(deflateRawSync(zeros, { level: 9 }));
    expect(compressed.length).toBeLessThan(200_000);
    expectRefused(zipArchive([{ name: ROOT_MODEL, data: zeros, compressed }]), 'too-large');
    // Skipped, but with a data descriptor: inflated to find its end, and counted.
    const thumbnail = {
      name: 'Metadata/thumbnail.png',
      data: zeros,
      compressed,
      descriptor: 'signed',
    } as const;
    const model = { name: ROOT_MODEL, data: BOX_XML };
    expectRefused(zipArchive([thumbnail, model]), 'too-large', { ratioAllowanceBytes: 1024 ** 2 });
    // Skipped by its size, it is not inflated at all.
    const skipped = zipArchive([{ ...thumbnail, descriptor: 'none' }, model]);
    expect(refusalOf(skipped, { ratioAllowanceBytes: 1024 ** 2, maxStoredTriangles: 1 }).reason).toBe(
      'too-many-triangles',
    );
  });

  it('refuses more inflated data than the absolute limit, and a small bomb by its ratio', () => {
    const file = singleModelPackage(BOX_MODEL);
    expectRefused(file, 'too-large', { maxInflatedBytes: 1000 });
    const bomb = zipArchive([{ name: ROOT_MODEL, data: `${BOX_XML}${' '.repeat(3_000_000)}` }]);
    expectRefused(bomb, 'too-large', { ratioAllowanceBytes: 100_000 });
    expectRefused(bomb, 'too-large', { maxCompressionRatio: 10, ratioAllowanceBytes: 0 });
  });

  it('refuses more vertices, stored triangles or objects than the limits', () => {
    const file = singleModelPackage(BOX_MODEL);
    expectRefused(file, 'too-many-vertices', { maxVertices: 7 });
    expectRefused(file, 'too-many-triangles', { maxStoredTriangles: 11 });
    expectRefused(file, 'too-large', { maxObjectRecords: 1 });
  });

  it('refuses more than MAX_MODEL_TRIANGLES placed triangles before handing any over', () => {
    // 12 triangles, x 1000 components, x 1000, x 2: 24 million placed from 2,012 records.
    const thousand = (objectId: number) => Array.from({ length: 1000 }, () => ({ objectId }));
    const spec: ModelSpec = {
      objects: [
        { id: 1, mesh: BOX },
        { id: 2, components: thousand(1) },
        { id: 3, components: thousand(2) },
        { id: 4, components: [{ objectId: 3 }, { objectId: 3 }] },
      ],
      items: [{ objectId: 4 }],
    };
    expect(24_000_000).toBeGreaterThan(MAX_MODEL_TRIANGLES);
    expectRefused(singleModelPackage(spec), 'too-many-triangles');
    expectRefused(
      singleModelPackage({ ...spec, items: [{ objectId: 3 }, { objectId: 3 }] }),
      'too-many-triangles',
    );
  });

  it('refuses component cycles and nesting deeper than 32 levels', () => {
    const cycle: ModelSpec = {
      objects: [
        { id: 1, components: [{ objectId: 2 }] },
        { id: 2, components: [{ objectId: 3 }] },
        { id: 3, mesh: BOX, components: [{ objectId: 1 }] },
      ],
      items: [{ objectId: 1 }],
    };
    expectRefused(singleModelPackage(cycle), 'too-deep');
    expectRefused(
      singleModelPackage({ objects: [{ id: 1, components: [{ objectId: 1 }] }], items: [{ objectId: 1 }] }),
      'too-deep',
    );
    // Object n places object n + 1; the last has the mesh. The item's object is level 0.
    const chain = (levels: number): ModelSpec => ({
      objects: [
        ...Array.from({ length: levels }, (_, n) => ({ id: n + 1, components: [{ objectId: n + 2 }] })),
        { id: levels + 1, mesh: BOX },
      ],
      items: [{ objectId: 1 }],
    });
    expect(refusalOf(singleModelPackage(chain(32)), { maxPlacedTriangles: 11 }).reason).toBe(
      'too-many-triangles',
    );
    expectRefused(singleModelPackage(chain(33)), 'too-deep');
    // An object counted at level 0 first, then reached one level deeper through another item.
    const reached = chain(32);
    reached.objects.push({ id: 100, components: [{ objectId: 1 }] });
    reached.items = [{ objectId: 1 }, { objectId: 100 }];
    expectRefused(singleModelPackage(reached), 'too-deep');
    const deeperLimit = { maxComponentDepth: 40, maxPlacedTriangles: 11 };
    expect(refusalOf(singleModelPackage(chain(33)), deeperLimit).reason).toBe('too-many-triangles');
  });

  it('refuses references outside the package: URLs, missing parts, a DOCTYPE, external targets', () => {
    const withPath = (path: string) =>
      singleModelPackage({
        objects: [{ id: 1, components: [{ objectId: 1, path }] }],
        items: [{ objectId: 1 }],
      });
    for (const path of [
      'http://example.com/parts.model',
      '//example.com/parts.model',
      'file:///etc/passwd',
      '/3D/missing.model',
      '../../outside.model',
    ]) {
      expectRefused(withPath(path), 'external-reference');
    }
    const itemPath = singleModelPackage({
      objects: [{ id: 1, mesh: BOX }],
      items: [{ objectId: 1, path: '/3D/missing.model' }],
    });
    expectRefused(itemPath, 'external-reference');
    const doctype = '<!DOCTYPE model [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n';
    expectRefused(
      editedBox((xml) => xml.replace('<model', `${doctype}<model`)),
      'external-reference',
    );
    const relsDoctype = relationshipsXml('/3D/3dmodel.model').replace(
      '<Relationships',
      `${doctype}<Relationships`,
    );
    expectRefused(
      threeMfPackage({ '_rels/.rels': relsDoctype, [ROOT_MODEL]: BOX_XML }, { root: null }),
      'external-reference',
    );
    expectRefused(
      threeMfPackage({ [ROOT_MODEL]: BOX_XML }, { root: 'https://example.com/3dmodel.model' }),
      'external-reference',
    );
    const externalMode = relationshipsXml('/3D/3dmodel.model', ' TargetMode="External"');
    expectRefused(
      threeMfPackage({ '_rels/.rels': externalMode, [ROOT_MODEL]: BOX_XML }, { root: null }),
      'external-reference',
    );
  });

  it('refuses a triangle with a missing vertex, and a reference to an object that does not exist', () => {
    expectRefused(
      editedBox((xml) => xml.replace('v3="2"', 'v3="8"')),
      'bad-index',
    );
    // Vertex indices count within the triangle's own object.
    const two: ModelSpec = {
      objects: [
        { id: 1, mesh: BOX },
        { id: 2, mesh: { vertices: [[0, 0, 0]], triangles: [[0, 1, 2]] } },
      ],
      items: [{ objectId: 1 }],
    };
    expectRefused(singleModelPackage(two), 'bad-index');
    expectRefused(singleModelPackage({ ...BOX_MODEL, items: [{ objectId: 2 }] }), 'bad-index');
    const component = { objects: [{ id: 1, components: [{ objectId: 99 }] }], items: [{ objectId: 1 }] };
    expectRefused(singleModelPackage(component), 'bad-index');
    const otherPart = threeMfPackage({
      [ROOT_MODEL]: modelXml({ objects: [], items: [{ objectId: 2, path: '/3D/other.model' }] }),
      '3D/other.model': BOX_XML,
    });
    expectRefused(otherPart, 'bad-index');
  });

  it('refuses coordinates that are not finite float32 numbers, in vertices and transforms', () => {
    for (const bad of ['nan', 'NaN', '-inf', 'INF', '1e39', '-4e38', '1e400']) {
      expectRefused(
        editedBox((xml) => xml.replace('<vertex x="10"', `<vertex x="${bad}"`)),
        'invalid-coordinates',
      );
    }
    const transformed = (transform: string) =>
      singleModelPackage({ ...BOX_MODEL, items: [{ objectId: 1, transform }] });
    expectRefused(transformed('1 0 0 0 1 0 0 0 1 nan 0 0'), 'invalid-coordinates');
    expectRefused(transformed('1 0 0 0 1 0 0 0 1 1e999 0 0'), 'invalid-coordinates');
    // Finite numbers that place a vertex beyond float32's range.
    expectRefused(transformed('1e38 0 0 0 1 0 0 0 1 0 0 0'), 'invalid-coordinates');
  });

  it('refuses a package whose build places no triangle', () => {
    expectRefused(singleModelPackage({ ...BOX_MODEL, items: [] }), 'no-triangles');
    expectRefused(
      singleModelPackage({ objects: [{ id: 1, mesh: BOX, type: 'other' }], items: [{ objectId: 1 }] }),
      'no-triangles',
    );
    expectRefused(
      singleModelPackage({
        objects: [{ id: 1, mesh: { vertices: [], triangles: [] } }],
        items: [{ objectId: 1 }],
      }),
      'no-triangles',
    );
    expectRefused(
      editedBox((xml) => xml.replace(/<build>[\s\S]*<\/build>/, '')),
      'no-triangles',
    );
  });

  it('refuses at push as soon as the refusal is certain, and again at finish', () => {
    const file = editedBox((xml) => xml.replace('v3="2"', 'v3="8"'));
    const analyzer = new MeshAnalyzer('3mf');
    expect(() => analyzer.push(file)).toThrow(meshRejectionMessage('3mf', 'bad-index'));
    expect(() => analyzer.finish()).toThrow(meshRejectionMessage('3mf', 'bad-index'));
  });
});
