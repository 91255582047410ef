import { describe, expect, it } from 'vitest';
import { formatDate, formatDimensions, formatFileSize, modelFacts } from './model-facts.ts';

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
    expect(facts).toEqual([
      { label: 'Dimensions', value: '120 x 80 x 45 mm' },
      { label: 'Triangles', value: '12,345' },
      { label: 'Volume', value: '123.5 cm³' },
      { label: 'Surface area', value: '4.32 cm²' },
      { label: 'Mesh', value: 'Not watertight' },
    ]);
    expect(
      modelFacts({
        format: 'ascii',
        triangles: 1,
        sizeMm: [1, 1, 1],
        volumeCm3: 0,
        areaCm2: 0,
        closed: true,
      })[4]?.value,
    ).toBe('Closed (watertight)');
  });

  it('formats sizes and dates', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatDate('2025-03-03T12:00:00Z')).toBe('Mar 3, 2025');
    expect(formatDate('nonsense')).toBe('');
  });
});
