import fc from 'fast-check';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { chunksOf, splitAt } from '../test-fixtures.ts';
import {
  boxMesh,
  type DescriptorForm,
  type ModelSpec,
  modelXml,
  ROOT_MODEL,
  threeMfPackage,
  zipArchive,
} from './three-mf-fixtures.ts';
import { analyze3mf, outcomeOf } from './three-mf-reading.ts';

/** A model exercising the reader's paths: comments, CDATA, entities, namespaces, components. */
function richModel(): string {
  const spec: ModelSpec = {
    unit: 'centimeter',
    objects: [
      { id: 1, mesh: boxMesh(1, 2, 3) },
      {
        id: 2,
        components: [
          { objectId: 1, transform: '-1 0 0 0 1 0 0 0 1 0 0 0' },
          { objectId: 5, path: '/3D/parts.model' },
        ],
      },
    ],
    items: [{ objectId: 2, transform: '0 1 0 -1 0 0 0 0 1 5 6 7' }, { objectId: 1 }],
  };
  return modelXml(spec)
    .replace(
      '<resources>',
      '<resources><!-- a comment -- with dashes --><![CDATA[ <vertex x="9"/> ]]><?app data?>',
    )
    .replace('<vertex x="0" y="0" z="0"/>', '<vertex x="&#48;" y=\'0\' z = "0" />')
    .replace('<item objectid="1"/>', '<item objectid="1" xmlns:q="urn:other"><q:ignored a="1"/></item>')
    .replace(
      '</resources>',
      '<s:slicestack xmlns:s="urn:slices" id="9"><s:vertex x="99"/></s:slicestack></resources>',
    );
}

const PARTS = modelXml({ objects: [{ id: 5, mesh: boxMesh(0.5, 0.5, 0.5) }], items: [] });

function packages(): Record<string, Uint8Array> {
  const parts = { [ROOT_MODEL]: richModel(), '3D/parts.model': PARTS };
  const forms: DescriptorForm[] = ['signed', 'unsigned', 'zip64-signed', 'zip64-unsigned'];
  return {
    'a package with components in two parts': threeMfPackage(parts),
    'the same, stored': threeMfPackage(parts, { entry: { method: 'stored' } }),
    ...Object.fromEntries(
      forms.map((descriptor) => [
        `the same, data descriptors ${descriptor}`,
        threeMfPackage(parts, { entry: { descriptor } }),
      ]),
    ),
  };
}

/** `file` with bytes in the middle of its root model part's compressed data overwritten. */
function damagedDeflate(file: Uint8Array): Uint8Array {
  const name = strToU8(ROOT_MODEL);
  const at = file.findIndex((_, i) => name.every((b, k) => file[i + k] === b));
  const damaged = file.slice();
  damaged.fill(0xa5, at + name.length + 200, at + name.length + 230);
  return damaged;
}

describe('chunk boundaries anywhere', () => {
  const files = packages();
  const whole = analyze3mf(files['a package with components in two parts']!);

  it('reads the rich model as intended', () => {
    expect(whole).toMatchObject({ triangles: 36, closed: true });
    expect(whole.volumeCm3).toBeCloseTo(6 + 6 + 0.000125, 9);
  });

  for (const [name, file] of Object.entries(files)) {
    it(`gives the same analysis for ${name} fed in chunks of 1, 7 and 4096 bytes`, () => {
      expect(analyze3mf(file)).toEqual(whole);
      for (const size of [1, 7, 4096]) expect(outcomeOf(chunksOf(file, size))).toEqual(whole);
    });
  }

  it('gives the same analysis split at random places', () => {
    const file = files['a package with components in two parts']!;
    fc.assert(
      fc.property(fc.array(fc.nat({ max: file.length }), { maxLength: 60 }), (cuts) => {
        expect(outcomeOf(splitAt(file, cuts))).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  });

  it('cuts tags at every byte of a part that is not compressed, with tags near the size limit', () => {
    const long = `<metadata name="${'n'.repeat(2000)}"/>`;
    const file = threeMfPackage(
      { [ROOT_MODEL]: richModel().replace('<resources>', `${long}<resources>`), '3D/parts.model': PARTS },
      { entry: { method: 'stored' } },
    );
    const limits = { maxTagBytes: long.length };
    const expected = outcomeOf([file], limits);
    expect(expected).toEqual(whole);
    expect(outcomeOf([file], { maxTagBytes: long.length - 1 })).toBe('unreadable');
    fc.assert(
      fc.property(fc.array(fc.nat({ max: file.length }), { maxLength: 30 }), (cuts) => {
        expect(outcomeOf(splitAt(file, cuts), limits)).toEqual(expected);
        expect(outcomeOf(splitAt(file, cuts), { maxTagBytes: long.length - 1 })).toBe('unreadable');
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a damaged file for the same reason whatever the chunks', () => {
    const file = files['a package with components in two parts']!;
    const damaged = [
      file.subarray(0, file.length - 400),
      // Cut inside the central directory, which other ZIP readers need.
      file.subarray(0, file.length - 30),
      threeMfPackage({ [ROOT_MODEL]: richModel().replace('v3="2"', 'v3="80"'), '3D/parts.model': PARTS }),
      threeMfPackage({
        [ROOT_MODEL]: richModel().replace('<!--', '<!DOCTYPE x><!--'),
        '3D/parts.model': PARTS,
      }),
      // Damaged DEFLATE data in the middle of the root model part.
      damagedDeflate(file),
      // A bomb refused at the same byte however it arrives.
      zipArchive([{ name: ROOT_MODEL, data: `${richModel()}${' '.repeat(400_000)}` }]),
    ];
    const limits = { ratioAllowanceBytes: 50_000 };
    for (const bytes of damaged) {
      const reason = outcomeOf([bytes], limits);
      expect(typeof reason).toBe('string');
      for (const size of [1, 7]) expect(outcomeOf(chunksOf(bytes, size), limits)).toEqual(reason);
      fc.assert(
        fc.property(fc.array(fc.nat({ max: bytes.length }), { maxLength: 20 }), (cuts) => {
          expect(outcomeOf(splitAt(bytes, cuts), limits)).toEqual(reason);
        }),
        { numRuns: 40 },
      );
    }
  });
});

describe('arbitrary bytes', () => {
  const file = packages()['a package with components in two parts']!;
  const stored = packages()['the same, stored']!;
  const xmlWords = [
    '<',
    '>',
    '/>',
    '</',
    '<model',
    '<resources>',
    '<object id="1">',
    '<mesh>',
    '<vertices>',
    '<vertex x="1" y="2" z="3"/>',
    '<triangles>',
    '<triangle v1="0" v2="1" v3="2"/>',
    '<build>',
    '<item objectid="1"/>',
    '<components><component objectid="1" p:path="/a.model"/>',
    ` xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"`,
    ' xmlns:p="http://schemas.microsoft.com/3dmanufacturing/production/2015/06"',
    ' unit="inch"',
    '&amp;',
    '&#x41;',
    '&#xD800;',
    '<!--',
    '-->',
    '<![CDATA[',
    ']]>',
    '<?',
    '?>',
    '"',
    "'",
    '=',
    ' ',
    '\n',
  ];
  const suspicious = fc.oneof(
    fc.uint8Array({ maxLength: 600 }),
    // A real package with a few bytes changed, or cut anywhere.
    fc
      .tuple(
        fc.constantFrom(file, stored),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
      )
      .map(([base, edits]) => {
        const bytes = base.slice();
        for (const [at, value] of edits) bytes[at % bytes.length] = value;
        return bytes;
      }),
    fc
      .tuple(fc.constantFrom(file, stored), fc.nat())
      .map(([base, end]) => base.subarray(0, end % base.length)),
    // Random XML made of model-like pieces, as the root part of a well-formed ZIP.
    fc
      .array(fc.constantFrom(...xmlWords), { maxLength: 60 })
      .map((words) => zipArchive([{ name: ROOT_MODEL, data: words.join(''), method: 'stored' }])),
  );

  it('are analysed or refused with MeshRejectedError, never anything else, whatever the chunks', () => {
    fc.assert(
      fc.property(suspicious, fc.array(fc.nat({ max: 4000 }), { maxLength: 8 }), (bytes, cuts) => {
        const whole = outcomeOf([bytes]);
        expect(outcomeOf(splitAt(bytes, cuts))).toEqual(whole);
      }),
      { numRuns: 1500 },
    );
  });
});
