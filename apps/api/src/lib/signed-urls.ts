import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived links to a file's bytes. The access policy is asked once, when the link is handed
 * out; the link then works without a token, which is what lets a browser download it directly or
 * a Web Worker fetch a model for the 3D viewer. The signature covers the file id, the purpose and
 * the expiry, so a viewing link cannot be turned into a download (which is counted) or extended.
 */

export type FilePurpose = 'view' | 'download';

export const FILE_PURPOSES: readonly FilePurpose[] = ['view', 'download'];

export type SignedFileLink = { fileId: string; purpose: FilePurpose; expires: number; sig: string };

/** How long a handed-out link works. Long enough for a slow start, short enough not to be shared. */
export const SIGNED_URL_TTL_SECONDS = 10 * 60;

export class FileUrlSigner {
  readonly #key: Buffer;

  /**
   * The key is derived from the token secret rather than being that secret, so a flaw in one use
   * (say, a signature oracle on file links) can never forge session tokens.
   */
  constructor(rootSecret: Uint8Array) {
    this.#key = createHmac('sha256', rootSecret).update('printmarket:file-urls:v1').digest();
  }

  sign(
    fileId: string,
    purpose: FilePurpose,
    nowMs = Date.now(),
    ttlSeconds = SIGNED_URL_TTL_SECONDS,
  ): SignedFileLink {
    const expires = Math.floor(nowMs / 1000) + ttlSeconds;
    return { fileId, purpose, expires, sig: this.#mac(fileId, purpose, expires) };
  }

  /** The path and query of the content route for a fresh link. */
  url(fileId: string, purpose: FilePurpose, nowMs = Date.now()): string {
    const link = this.sign(fileId, purpose, nowMs);
    const query = new URLSearchParams({ purpose, expires: String(link.expires), sig: link.sig });
    return `/api/files/content/${fileId}?${query}`;
  }

  /** True when `sig` is ours for exactly these values and the link has not expired. */
  verify(link: SignedFileLink, nowMs = Date.now()): boolean {
    if (!Number.isSafeInteger(link.expires) || link.expires * 1000 <= nowMs) return false;
    if (typeof link.sig !== 'string' || link.sig.length !== 43) return false;
    const expected = Buffer.from(this.#mac(link.fileId, link.purpose, link.expires));
    const given = Buffer.from(link.sig);
    // Equal lengths are checked above (and by timingSafeEqual); the comparison takes constant time.
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  #mac(fileId: string, purpose: FilePurpose, expires: number): string {
    // A separator that appears in none of the parts keeps ("a", "b1") and ("ab", "1") apart.
    return createHmac('sha256', this.#key).update(`${fileId}\n${purpose}\n${expires}`).digest('base64url');
  }
}
