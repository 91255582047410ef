import { randomUUID } from 'node:crypto';
import type { FileStore } from '../lib/storage/file-store.ts';
import { TokenService } from '../modules/auth/tokens.ts';
import { generateModel } from '../seed/generators/stl-models.ts';
import type { TestApp } from './app.ts';

/**
 * Test data for the design page, written straight into the database and the FileStore (uploads
 * are another module's business, and argon2 sign-ups are too slow for a hundred people).
 */

/** The secret test/app.ts gives buildApp; tokens signed with it are accepted by the test app. */
const TEST_JWT_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret!');

export type TestPerson = { userId: string; username: string; token: string };

/** People with open sessions, valid tokens and confirmed addresses, made in two inserts. */
export async function createPeople(
  t: TestApp<FileStore>,
  prefix: string,
  count: number,
): Promise<TestPerson[]> {
  const users = await t.db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, i) => ({
        username: `${prefix}${i}`,
        name: `${prefix} ${i}`,
        email: `${prefix.toLowerCase()}${i}@example.com`,
        password_hash: null,
        // People made straight in the table have confirmed their address (they may sell).
        email_verified_at: new Date(),
      })),
    )
    .returning(['id', 'username'])
    .execute();
  const expiresAt = new Date(Date.now() + 3_600_000);
  const sessions = await t.db
    .insertInto('sessions')
    .values(users.map((u) => ({ user_id: u.id, expires_at: expiresAt })))
    .returning(['id', 'user_id'])
    .execute();
  const tokens = new TokenService(TEST_JWT_SECRET, 3600);
  return users.map((user) => {
    const session = sessions.find((s) => s.user_id === user.id);
    if (!session) throw new Error('session missing');
    const token = tokens.sign({ userId: user.id, sessionId: session.id }, expiresAt);
    return { userId: user.id, username: user.username, token };
  });
}

export type TestDesign = {
  id: string;
  slug: string;
  name: string;
  stl: { id: string; name: string; bytes: Buffer }[];
  images: { id: string; name: string; bytes: Buffer }[];
};

export type DesignOptions = {
  slug: string;
  name?: string;
  isPaid?: boolean;
  priceCents?: number;
  stlNames?: string[];
  imageNames?: string[];
  collectionId?: string | null;
  createdAt?: Date;
};

/** A design with real STL models and stand-in image bytes, stored as uploads store them. */
export async function createDesign(
  t: TestApp<FileStore>,
  ownerId: string,
  options: DesignOptions,
): Promise<TestDesign> {
  const isPaid = options.isPaid ?? false;
  const design = await t.db
    .insertInto('designs')
    .values({
      user_id: ownerId,
      slug: options.slug,
      name: options.name ?? `Design ${options.slug}`,
      description: 'A test design.',
      category: 'Tools',
      tags: ['test', 'print'],
      settings: '0.2 mm layers',
      manufacturing_instructions: 'Print flat.',
      usages: 'Desk',
      is_paid: isPaid,
      price_cents: isPaid ? (options.priceCents ?? 499) : 0,
      collection_id: options.collectionId ?? null,
      created_at: options.createdAt,
    })
    .returning(['id', 'slug', 'name'])
    .executeTakeFirstOrThrow();
  const stl = await Promise.all(
    (options.stlNames ?? ['model.stl']).map(async (name, i) => {
      const model = generateModel('gear', { seed: i + 1, detail: 0 });
      const key = `stl/${randomUUID()}.stl`;
      await t.files.put(key, model.stl);
      const row = await t.db
        .insertInto('design_files')
        .values({
          design_id: design.id,
          kind: 'stl',
          name,
          storage_key: key,
          card_key: null,
          size_bytes: model.stl.length,
          position: i,
          analysis: JSON.stringify({
            format: 'binary',
            triangles: model.triangles,
            sizeMm: model.sizeMm,
            volumeCm3: 1,
            areaCm2: 2,
            closed: true,
          }),
          preview_key: `images/${randomUUID()}-preview.webp`,
          preview_card_key: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, name, bytes: model.stl };
    }),
  );
  const images = await Promise.all(
    (options.imageNames ?? ['photo.png']).map(async (name, i) => {
      const id = randomUUID();
      const bytes = Buffer.from(`RIFF-stand-in-webp-${name}-${i}`);
      await t.files.put(`images/${id}-gallery.webp`, bytes);
      await t.files.put(`images/${id}-card.webp`, bytes.subarray(0, 8));
      const row = await t.db
        .insertInto('design_files')
        .values({
          design_id: design.id,
          kind: 'image',
          name,
          storage_key: `images/${id}-gallery.webp`,
          card_key: `images/${id}-card.webp`,
          size_bytes: bytes.length,
          position: i,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, name, bytes };
    }),
  );
  return { ...design, stl, images };
}

export const authHeader = (person?: { token: string }) =>
  person ? { 'x-auth-token': person.token } : undefined;
