import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import type { FileStat } from '../lib/storage/file-store.ts';
import { LocalFileStore } from '../lib/storage/local-file-store.ts';
import { createTestDatabase } from '../test/database.ts';
import { DEMO_CREATORS, DEMO_MAKERS } from './catalog.ts';
import { seedDemoContent } from './seed-demo.ts';

const quiet = { info: () => {} };
const DESIGNS = 2;

/** A real local store whose disk "fills up" after `allowed` writes. */
class FillingFileStore extends LocalFileStore {
  private writes = 0;
  constructor(
    root: string,
    private readonly allowed: number,
  ) {
    super(root);
  }
  override async put(key: string, body: Buffer): Promise<FileStat> {
    this.writes += 1;
    if (this.writes > this.allowed) throw new Error('no space left on device');
    return super.put(key, body);
  }
}

async function storedKeys(files: LocalFileStore) {
  const keys: string[] = [];
  for await (const key of files.list('')) keys.push(key);
  return keys.sort();
}

async function referencedKeys(db: Database) {
  const users = await db
    .selectFrom('users')
    .select(['profile_picture_key', 'banner_image_key', 'banner_medium_key'])
    .execute();
  const designFiles = await db
    .selectFrom('design_files')
    .select(['storage_key', 'card_key', 'medium_key'])
    .execute();
  return [
    ...users.flatMap((u) => [u.profile_picture_key, u.banner_image_key, u.banner_medium_key]),
    ...designFiles.flatMap((f) => [f.storage_key, f.card_key, f.medium_key]),
  ]
    .filter((key): key is string => Boolean(key))
    .sort();
}

describe('demo seeding by instances sharing one database and one file store', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let root: string;
  beforeEach(async () => {
    database = await createTestDatabase();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'printmarket-seed-once-'));
  });
  afterEach(async () => {
    await database?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('seeds exactly once when two instances start at the same moment, with no stray files', {
    timeout: 120_000,
  }, async () => {
    // A second instance: its own connection pool and its own store object on the same folder.
    const otherDb = await openDatabase(database.url, { poolSize: 2 });
    try {
      const outcomes = await Promise.all([
        seedDemoContent(database.db, new LocalFileStore(root), quiet, DESIGNS),
        seedDemoContent(otherDb, new LocalFileStore(root), quiet, DESIGNS),
      ]);
      expect(outcomes.sort()).toEqual([false, true]);
    } finally {
      await otherDb.destroy();
    }
    const { db } = database;
    const users = await db.selectFrom('users').select('username').execute();
    expect(users.map((u) => u.username).sort()).toEqual(
      [...DEMO_CREATORS.map((c) => c.username), ...DEMO_MAKERS].sort(),
    );
    expect(await db.selectFrom('designs').select('id').execute()).toHaveLength(DESIGNS);
    const files = new LocalFileStore(root);
    expect(await storedKeys(files)).toEqual(await referencedKeys(db));

    // A later start skips, even with SEED_DEMO still on.
    expect(await seedDemoContent(db, files, quiet, DESIGNS)).toBe(false);
    expect(await db.selectFrom('designs').select('id').execute()).toHaveLength(DESIGNS);
  });

  it('a seed that fails half-way leaves no rows and no files, and the next start seeds', {
    timeout: 120_000,
  }, async () => {
    const { db } = database;
    // Past the creators' avatars and banners, into the designs' files.
    const failing = new FillingFileStore(root, DEMO_CREATORS.length * 2 + 2);
    await expect(seedDemoContent(db, failing, quiet, DESIGNS)).rejects.toThrow('no space left on device');
    const files = new LocalFileStore(root);
    expect(await storedKeys(files)).toEqual([]);
    expect(await db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('startup_markers').select('name').execute()).toEqual([]);

    expect(await seedDemoContent(db, files, quiet, DESIGNS)).toBe(true);
    expect(await db.selectFrom('designs').select('id').execute()).toHaveLength(DESIGNS);
    expect(await storedKeys(files)).toEqual(await referencedKeys(db));
  });

  it('marks a database that already has people as seeded without adding anything', async () => {
    const { db } = database;
    await db
      .insertInto('users')
      .values({ username: 'Early', name: 'Early', email: 'early@example.com' })
      .execute();
    expect(await seedDemoContent(db, new LocalFileStore(root), quiet, DESIGNS)).toBe(false);
    expect(await db.selectFrom('users').select('username').execute()).toEqual([{ username: 'Early' }]);
    expect(await db.selectFrom('startup_markers').select('name').execute()).toEqual([{ name: 'seeded' }]);
  });
});
