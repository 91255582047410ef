import fc from 'fast-check';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MeshRejectedError } from '../mesh-errors.ts';
import { chunksOf, splitAt } from '../test-fixtures.ts';
import { type XmlHandler, XmlScanner } from './xml-scanner.ts';
import { NO_NAMESPACE, OTHER_NAMESPACE, type XmlTag } from './xml-tag.ts';

const NAMESPACES = ['urn:first', 'urn:second'];
const FIRST = 1;
const SECOND = 2;

/** What the scanner reported, as text: `open ns:name a=value ...`, `close`. */
class Recorder implements XmlHandler {
  readonly events: string[] = [];
  /** Names of elements whose children are skipped. */
  constructor(readonly skip: string[] = []) {}

  open(tag: XmlTag): boolean {
    const name = String.fromCharCode(...tag.buf.subarray(tag.localStart, tag.nameEnd));
    const attributes = Array.from({ length: tag.attributeCount }, (_, k) => {
      const attributeName = String.fromCharCode(
        ...tag.buf.subarray(tag.attributeNameStart(k), tag.attributeNameEnd(k)),
      );
      return `${attributeName}=${tag.byteString(k)}`;
    });
    this.events.push([`open ${tag.namespace}:${name}${tag.selfClosing ? '/' : ''}`, ...attributes].join(' '));
    return !this.skip.includes(name);
  }

  close(): void {
    this.events.push('close');
  }
}

function scan(parts: Uint8Array[], skip: string[] = [], maxTagBytes = 1024): string[] | string {
  const recorder = new Recorder(skip);
  const scanner = new XmlScanner(recorder, NAMESPACES, maxTagBytes);
  try {
    for (const part of parts) scanner.push(part);
    scanner.finish();
  } catch (err) {
    if (err instanceof MeshRejectedError) return err.reason;
    throw err;
  }
  return recorder.events;
}

const xml = (text: string) => strToU8(text);

/** Scans `text` whole, byte by byte and in chunks of 3, checks all agree, and returns the result. */
function scanEverySplit(text: string, skip: string[] = [], maxTagBytes = 1024) {
  const bytes = xml(text);
  const whole = scan([bytes], skip, maxTagBytes);
  expect(scan(chunksOf(bytes, 1), skip, maxTagBytes)).toEqual(whole);
  expect(scan(chunksOf(bytes, 3), skip, maxTagBytes)).toEqual(whole);
  return whole;
}

describe('XmlScanner', () => {
  it('reports start and end tags with their attributes, self-closing ones opened and closed', () => {
    expect(scanEverySplit(`<a x="1" y = '2'><b/><c z="3"></c></a>`)).toEqual([
      'open -1:a x=1 y=2',
      'open -1:b/',
      'close',
      'open -1:c z=3',
      'close',
      'close',
    ]);
  });

  it('skips text, comments, processing instructions and CDATA, whatever they contain', () => {
    const text = [
      '\ufeff<?xml version="1.0"?>',
      '<!-- <b x="no"/> - -> ->-->',
      '<a>text with > and " and \' inside',
      '<?pi <b x="no"/> ? > ??>',
      '<![CDATA[ <b x="no"/> ]] ]]]>',
      '<!---->',
      '<b/>',
      '</a>',
      '<!-- after -->',
    ].join('\n');
    expect(scanEverySplit(text)).toEqual(['open -1:a', 'open -1:b/', 'close', 'close']);
  });

  it('resolves namespaces: defaults, prefixes, declarations on the element itself, undeclared ones', () => {
    const text = [
      '<r xmlns="urn:first" xmlns:s="urn:second">',
      '<s:a/>',
      '<b xmlns="urn:second"><c/></b>',
      '<t:d xmlns:t="urn:first"/>',
      '<e xmlns=""><f/></e>',
      '<u:g/>',
      '<h s:attr="1"/>',
      '</r>',
    ].join('');
    const events = scanEverySplit(text) as string[];
    expect(events.filter((e) => e.startsWith('open')).map((e) => e.split(' ')[1])).toEqual([
      `${FIRST}:r`,
      `${SECOND}:a/`,
      `${SECOND}:b`,
      `${SECOND}:c/`,
      `${FIRST}:d/`,
      `${NO_NAMESPACE}:e`,
      `${NO_NAMESPACE}:f/`,
      `${OTHER_NAMESPACE}:g/`,
      `${FIRST}:h/`,
    ]);
  });

  it('finds prefixed attributes by namespace, and unprefixed ones in no namespace', () => {
    const found: number[] = [];
    const handler: XmlHandler = {
      open(tag) {
        const local = strToU8('path');
        found.push(tag.find(SECOND, local), tag.find(NO_NAMESPACE, local), tag.find(FIRST, local));
        return true;
      },
      close() {},
    };
    const scanner = new XmlScanner(handler, NAMESPACES, 1024);
    scanner.push(xml('<a path="x" q:path="y" xmlns:q="urn:second"/>'));
    scanner.finish();
    expect(found).toEqual([1, 0, -1]);
  });

  it('decodes the predefined entities and character references in attribute values, as UTF-8', () => {
    const text = `<a v="&amp;&lt;&gt;&quot;&apos; &#65;&#x42;&#xe9;&#8364;&#x1F600;"/>`;
    expect(scanEverySplit(text)).toEqual([`open -1:a/ v=&<>"' AB${latin1OfUtf8('é€😀')}`, 'close']);
  });

  it('refuses other entities, broken references and a DOCTYPE, which could declare external ones', () => {
    for (const value of ['&foo;', '&#0;', '&#xD800;', '&#x110000;', '&amp', '&#;', '&#x;', '&#12a;']) {
      expect(scanEverySplit(`<a v="${value}"/>`)).toBe('unreadable');
    }
    expect(scanEverySplit('<!DOCTYPE a SYSTEM "http://example.com/a.dtd"><a/>')).toBe('external-reference');
    expect(scanEverySplit('<a><!DOCTYPE b></a>')).toBe('external-reference');
  });

  it('counts through the subtree of an element the handler skips', () => {
    const text = '<a><skip x="1"><b><c/></b><!-- --><d>t</d></skip><e/></a>';
    expect(scanEverySplit(text, ['skip'])).toEqual([
      'open -1:a',
      'open -1:skip x=1',
      'open -1:e/',
      'close',
      'close',
    ]);
  });

  it('refuses what is not one well-formed element', () => {
    for (const text of [
      '',
      'just text',
      '<a>',
      '<a></a></b>',
      '</a>',
      '<a/><b/>',
      '<a x=1/>',
      '<a x"1"/>',
      '<a x="1" x="2"/>',
      '<a x="<"/>',
      '<a / >',
      '< a/>',
      '<a =""/>',
      '<a><!-- unterminated</a>',
      '<a><?pi</a>',
      '<a><![CDATA[ </a>',
      '<a><![CDATX[ ]]></a>',
      '<a><!ELEMENT a></a>',
      '<a><!- -></a>',
    ]) {
      expect([text, scanEverySplit(text)]).toEqual([text, 'unreadable']);
    }
  });

  it('refuses a tag longer than maxTagBytes wherever chunks cut it, and takes one exactly that long', () => {
    const tag = `<a v="${'x'.repeat(40)}"/>`;
    expect(scanEverySplit(tag, [], tag.length)).toEqual([`open -1:a/ v=${'x'.repeat(40)}`, 'close']);
    expect(scanEverySplit(tag, [], tag.length - 1)).toBe('unreadable');
    expect(scanEverySplit(`<r>${tag}</r>`, [], tag.length - 1)).toBe('unreadable');
    expect(scanEverySplit(`<r></${'b'.repeat(60)}></r>`, [], 50)).toBe('unreadable');
    // An endless name is refused once it passes the limit, not held to the end.
    const scanner = new XmlScanner(new Recorder(), NAMESPACES, 64);
    expect(() => scanner.push(xml(`<${'n'.repeat(1000)}`))).toThrow(MeshRejectedError);
  });

  it('reports the same events however the bytes are split', () => {
    const text = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<model xmlns="urn:first" xmlns:p="urn:second" unit="millimeter">',
      '<!-- comment --><resources><object id="1"><mesh><vertices>',
      ...Array.from({ length: 30 }, (_, i) => `<vertex x="${i}.5" y="-${i}e-3" z="&#49;${i}"/>`),
      '</vertices></mesh></object></resources>',
      '<![CDATA[<ignored/>]]><build><item objectid="1" p:path="/3D/a.model"/></build></model>',
    ].join('\n');
    const bytes = xml(text);
    const whole = scan([bytes]);
    // model, resources, object, mesh, vertices, 30 vertices, build, item: opened and closed.
    expect(Array.isArray(whole) && whole.length).toBe(37 * 2);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: bytes.length }), { maxLength: 50 }), (cuts) => {
        expect(scan(splitAt(bytes, cuts))).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });
});

/** What byteString gives for non-ASCII text: one char per UTF-8 byte. */
function latin1OfUtf8(text: string): string {
  return String.fromCharCode(...strToU8(text));
}
