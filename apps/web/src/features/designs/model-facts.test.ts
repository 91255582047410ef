import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDimensions,
  formatFamilies,
  formatFileSize,
  modelFacts,
  modelLabel,
  readingWarnings,
  sizeNote,
} from './model-facts.ts';

describe('model facts', () => {
  it('shows the bounding box in millimetres, as the design page writes it', () => {
    expect(formatDimensions([120, 80, 45])).toBe('120 x 80 x 45 mm');
    expect(formatDimensions([12.345, 0.06, 1000])).toBe('12.3 x 0.1 x 1,000 mm');
  });

  it('lists dimensions, triangles, volume, area and closedness', () => {
    const facts = modelFacts({
      format: 'binary',
      triangles: 12_345,
      sizeMm: [120, 80, 45],
      volumeCm3: 123.456,
      areaCm2: 4.321,
      closed: false,
    });
    // Open: no volume, even from an analysis stored with a number before that rule.
    expect(facts).toEqual([
      { label: 'Format', value: 'Binary STL' },
      { label: 'Dimensions', value: '120 x 80 x 45 mm' },
      { label: 'Triangles', value: '12,345' },
      { label: 'Surface area', value: '4.32 cm²' },
      { label: 'Mesh', value: 'Not watertight' },
    ]);
    expect(
      modelFacts({
        format: '3mf',
        triangles: 1,
        sizeMm: [1, 1, 1],
        volumeCm3: 0.25,
        areaCm2: 0,
        closed: true,
      }),
    ).toEqual([
      { label: 'Format', value: '3MF' },
      { label: 'Dimensions', value: '1 x 1 x 1 mm' },
      { label: 'Triangles', value: '1' },
      { label: 'Volume', value: '0.25 cm³' },
      { label: 'Surface area', value: '0 cm²' },
      { label: 'Mesh', value: 'Closed (watertight)' },
    ]);
  });

  it('names the formats of all models, and notes sizes and warnings', () => {
    const analysis = {
      triangles: 1,
      sizeMm: [0.5, 0.5, 0.2] as [number, number, number],
      volumeCm3: null,
      areaCm2: 0,
      closed: false,
    };
    expect(formatFamilies([{ ...analysis, format: 'binary' }, null])).toBe('3D STL');
    expect(
      formatFamilies([
        { ...analysis, format: 'obj' },
        { ...analysis, format: '3mf' },
      ]),
    ).toBe('3D 3MF, OBJ');
    expect(sizeNote({ ...analysis, format: 'obj', sizeHint: 'tiny' })).toMatch(/may be in metres or inches/);
    expect(sizeNote({ ...analysis, format: 'obj', sizeHint: null })).toBeNull();
    expect(
      readingWarnings({ ...analysis, format: 'binary', warnings: ['header-count-wrong', 'from-the-future'] }),
    ).toEqual(['The triangle count in the header was wrong; read by size.']);
  });

  it('names a model in file lists by its format', () => {
    expect(['Rook.STL', 'plate.3mf', 'spider.obj'].map(modelLabel)).toEqual([
      'STL model',
      '3MF model',
      'OBJ model',
    ]);
  });

  it('formats sizes and dates', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatDate('2025-03-03T12:00:00Z')).toBe('Mar 3, 2025');
    expect(formatDate('nonsense')).toBe('');
  });
});
