import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FileUrlSigner } from './signed-urls.ts';

const signer = new FileUrlSigner(new TextEncoder().encode('a-secret-a-secret-a-secret-a-secret!'));
const now = Date.parse('2026-03-01T12:00:00Z');

describe('signed file links', () => {
  it('accepts its own links until they expire', () => {
    const link = signer.sign('file-1', 'download', now);
    expect(link.expires).toBe(now / 1000 + 600);
    expect(signer.verify(link, now)).toBe(true);
    expect(signer.verify(link, now + 599_000)).toBe(true);
    expect(signer.verify(link, now + 600_000)).toBe(false);
  });

  it('refuses a link when any signed part or a character of the signature changes', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.uuid(),
        fc.integer({ min: 1, max: 10_000 }),
        fc.nat(42),
        (a, b, shift, at) => {
          const link = signer.sign(a, 'view', now);
          if (a !== b) expect(signer.verify({ ...link, fileId: b }, now)).toBe(false);
          expect(signer.verify({ ...link, purpose: 'download' }, now)).toBe(false);
          expect(signer.verify({ ...link, expires: link.expires + shift }, now)).toBe(false);
          const char = link.sig[at] === 'A' ? 'B' : 'A';
          expect(
            signer.verify({ ...link, sig: link.sig.slice(0, at) + char + link.sig.slice(at + 1) }, now),
          ).toBe(false);
        },
      ),
    );
  });

  it('does not accept links signed with another secret', () => {
    const other = new FileUrlSigner(new TextEncoder().encode('another-secret-another-secret-1234'));
    expect(signer.verify(other.sign('file-1', 'view', now), now)).toBe(false);
  });
});
