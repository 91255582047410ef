import { randomBytes } from 'node:crypto';

/**
 * A version 7 UUID: its first 48 bits are the creation time in milliseconds. Storage keys made from
 * it carry their own age, so the leftovers sweep can tell a fresh upload (maybe about to be
 * committed) from an old orphan on any storage, without asking it for file dates.
 */
export function uuid7(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const V7 = /^([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The creation time (ms) a version 7 UUID carries, or null for any other string. */
export function uuid7Time(id: string): number | null {
  const match = V7.exec(id);
  return match ? Number.parseInt(match[1]! + match[2]!, 16) : null;
}
