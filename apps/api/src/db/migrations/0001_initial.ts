import { type Kysely, sql } from 'kysely';

/** Accounts, sessions, designs with their files, likes and follows (docs/product.md#entities). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('profile_picture_key', 'text')
    .addColumn('banner_image_key', 'text')
    .addColumn('social_links', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('last_username_change', 'timestamptz')
    .addColumn('profile_completed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // 'Alice' and 'alice' are the same person to a reader, so uniqueness ignores case.
  await sql`create unique index users_username_lower_key on users (lower(username))`.execute(db);
  await sql`create unique index users_email_key on users (email)`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('designs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text')
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('manufacturing_instructions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('usages', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_paid', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`price_cents >= 0`))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0).check(sql`views >= 0`))
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`likes_count >= 0`))
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0).check(sql`downloads >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('designs_user_slug_key', ['user_id', 'slug'])
    .addCheckConstraint(
      'designs_paid_price',
      sql`(is_paid and price_cents > 0) or (not is_paid and price_cents = 0)`,
    )
    .execute();
  // One index per home-page sort, each ending in id so pages are stable when values tie.
  await sql`create index designs_newest_idx on designs (created_at desc, id desc)`.execute(db);
  await sql`create index designs_popular_idx on designs (views desc, created_at desc, id desc)`.execute(db);
  await sql`create index designs_downloads_idx on designs (downloads desc, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index designs_user_idx on designs (user_id, created_at desc)`.execute(db);

  await db.schema
    .createTable('design_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('design_id', 'uuid', (c) => c.notNull().references('designs.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('image', 'stl')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('card_key', 'text')
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('design_files_design_idx')
    .on('design_files')
    .columns(['design_id', 'kind', 'position'])
    .execute();
  await db.schema
    .createIndex('design_files_storage_key_idx')
    .on('design_files')
    .column('storage_key')
    .execute();

  await db.schema
    .createTable('likes')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('design_id', 'uuid', (c) => c.notNull().references('designs.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('likes_pkey', ['user_id', 'design_id'])
    .execute();
  await db.schema.createIndex('likes_design_idx').on('likes').column('design_id').execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('follows_pkey', ['follower_id', 'followee_id'])
    .addCheckConstraint('follows_not_self', sql`follower_id <> followee_id`)
    .execute();
  await db.schema.createIndex('follows_followee_idx').on('follows').column('followee_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['follows', 'likes', 'design_files', 'designs', 'oauth_states', 'sessions', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
