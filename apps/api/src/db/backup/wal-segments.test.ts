import { describe, expect, it } from 'vitest';
import { walSegmentsBetween } from './wal-segments.ts';

const MB16 = 16 * 1024 * 1024;

describe('WAL segments between two names', () => {
  it('lists one segment when the backup starts and stops in it', () => {
    expect(walSegmentsBetween('000000010000000000000003', '000000010000000000000003', MB16)).toEqual([
      '000000010000000000000003',
    ]);
  });

  it('counts on within the same 4 GB of WAL', () => {
    expect(walSegmentsBetween('000000010000000000000009', '00000001000000000000000C', MB16)).toEqual([
      '000000010000000000000009',
      '00000001000000000000000A',
      '00000001000000000000000B',
      '00000001000000000000000C',
    ]);
  });

  it('carries into the next 4 GB after its last segment (FF with 16 MB segments)', () => {
    expect(walSegmentsBetween('0000000200000003000000FE', '000000020000000400000001', MB16)).toEqual([
      '0000000200000003000000FE',
      '0000000200000003000000FF',
      '000000020000000400000000',
      '000000020000000400000001',
    ]);
  });

  it('follows the segment size: with 64 MB segments the low part ends at 3F', () => {
    expect(
      walSegmentsBetween('00000001000000000000003F', '000000010000000100000000', 64 * 1024 * 1024),
    ).toEqual(['00000001000000000000003F', '000000010000000100000000']);
  });

  it('refuses names that are not segments, a reversed range and a change of timeline', () => {
    expect(() => walSegmentsBetween('backup_label', '000000010000000000000001', MB16)).toThrow(
      /not a WAL segment name/,
    );
    expect(() => walSegmentsBetween('000000010000000000000005', '000000010000000000000004', MB16)).toThrow(
      /comes before/,
    );
    expect(() => walSegmentsBetween('000000010000000000000005', '000000020000000000000006', MB16)).toThrow(
      /different timelines/,
    );
  });
});
