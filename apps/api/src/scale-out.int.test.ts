import { mkdtempSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ProfileResponse } from '@printmarket/shared/social';
import type { DesignDetail, LikeResponse } from '@printmarket/shared/types';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uuid7 } from './lib/uploads/uuid7.ts';
import { DEMO_CREATORS, DEMO_DESIGNS, DEMO_MAKERS } from './seed/catalog.ts';
import { generateModel } from './seed/generators/stl-models.ts';
import {
  buildProductionServer,
  type RunningServer,
  type ServerBundle,
  startBuiltServer,
} from './test/built-server.ts';
import { createTestDatabase } from './test/database.ts';
import { type S3TestStore, startS3TestStore } from './test/s3-test-store.ts';
import {
  call,
  designFields,
  downloadFile,
  downloadZip,
  expectJson,
  fetchBytes,
  PASSWORD,
  postUpload,
  type SignedUpPerson,
  signUpOn,
  startSlowPost,
  type UploadAnswer,
} from './test/server-client.ts';
import { listFiles, multipart } from './test/upload-test-kit.ts';

/** The sign-in limit the instances run with: the default, which they are not given. */
const LOGIN_MAX_FAILURES = 5;

/**
 * The proof that API instances on one PostgreSQL database and one S3 store behave as one: two real
 * server processes (the production bundle of apps/api/build.mjs, as `npm start` runs it) started at
 * the same moment on an empty database, a real S3 server (s3rver), and traffic spread over both.
 * The tests run in order on the same pair: each leaves them running for the next.
 */
describe('two API instances on one database and one object store', () => {
  let bundle: ServerBundle | undefined;
  let s3: S3TestStore | undefined;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let dataDir: string | undefined;
  let serverA: RunningServer | undefined;
  let serverB: RunningServer | undefined;
  /** Ends the row lock the sweep test holds (a no-op unless it is held). */
  let releaseRowLock = () => {};
  let uploader: SignedUpPerson;
  let liker: SignedUpPerson;

  const env = () => ({
    DATABASE_URL: database!.url,
    S3_BUCKET: s3!.options.bucket,
    S3_ENDPOINT: s3!.options.endpoint!,
    S3_REGION: s3!.options.region!,
    S3_ACCESS_KEY_ID: s3!.options.accessKeyId!,
    S3_SECRET_ACCESS_KEY: s3!.options.secretAccessKey!,
    S3_FORCE_PATH_STYLE: 'true',
    JWT_SECRET: 'scale-out-test-secret-scale-out-test-secret',
    // One folder for both, as on a host running several instances: only temporary uploads live
    // there, each process in a folder of its own.
    DATA_DIR: dataDir!,
    SEED_DEMO: 'true',
    // Every sweep removes whatever no row references, however young: only the uploads' leases keep
    // their files. Leases last 6 s, so an upload held longer lives on its renewals.
    UPLOAD_LEFTOVER_MINUTES: '0',
    UPLOAD_LEASE_SECONDS: '6',
    // A killed instance's render job goes to the other soon: its claim ends after 10 s (the largest
    // render here takes 1-2 s), looked for every second.
    JOB_CLAIM_SECONDS: '10',
    JOB_MAINTENANCE_SECONDS: '1',
    JOB_POLL_SECONDS: '1',
    // A client that pauses mid-upload, as the sweep test's does, is not cut off.
    BODY_IDLE_TIMEOUT_SECONDS: '600',
    BODY_MIN_BYTES_PER_SECOND: '0',
  });
  // A looks for jobs queued by others only when it starts (it works its own at once): the sweep a
  // restarted B queues is B's, and the render of an upload on A is A's while B is paused.
  const envA = () => ({ ...env(), JOB_POLL_SECONDS: '3600' });
  // B logs at info: its sweep says what it removed.
  const envB = () => ({ ...env(), LOG_LEVEL: 'info' });

  const db = () => database!.db;
  const output = () => `\n--- A ---\n${serverA?.output() ?? ''}\n--- B ---\n${serverB?.output() ?? ''}`;

  /** Polls `check` until it holds; both servers' output goes with a timeout, for the reason why. */
  async function until(check: () => Promise<boolean>, what: string, timeout = 60_000, interval = 50) {
    await vi.waitFor(
      async () => {
        if (!(await check())) throw new Error(`timed out waiting for ${what}${output()}`);
      },
      { timeout, interval },
    );
  }

  const ready = (server: RunningServer) =>
    until(
      () => fetch(`${server.url}/api/ready`).then((res) => res.status === 200),
      `${server.url} to be ready`,
    );

  async function storedKeys(...prefixes: string[]): Promise<string[]> {
    const keys: string[] = [];
    for (const prefix of prefixes) for await (const key of s3!.store.list(prefix)) keys.push(key);
    return keys.sort();
  }

  const jobs = async (queue: string) =>
    (
      await sql<{ id: string; state: string; retry_count: number; singleton_key: string | null }>`
        select id, state, retry_count, singleton_key from pgboss.job where name = ${queue}`.execute(db())
    ).rows;

  /**
   * Runs `during` while the test holds a lock on the person's row (FOR UPDATE), which a new design
   * of theirs waits for as it commits; the lock ends however `during` ends.
   */
  async function withCommitsHeldOf<T>(userId: string, during: () => Promise<T>): Promise<T> {
    let lockTaken = () => {};
    const taken = new Promise<void>((resolve) => (lockTaken = resolve));
    const released = new Promise<void>((resolve) => (releaseRowLock = resolve));
    const holding = db()
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        lockTaken();
        await released;
      });
    await Promise.race([taken, holding]);
    try {
      return await during();
    } finally {
      releaseRowLock();
      await holding;
    }
  }

  beforeAll(async () => {
    bundle = await buildProductionServer();
    s3 = await startS3TestStore('printmarket-scale-out');
    database = await createTestDatabase({ migrated: false });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'printmarket-scale-out-'));
  }, 180_000);

  afterAll(async () => {
    releaseRowLock();
    // Every step runs, whatever failed before it; a paused process ends with SIGKILL as well.
    const steps = [
      () => serverA?.kill('SIGKILL'),
      () => serverB?.kill('SIGKILL'),
      () => database?.drop(),
      () => s3?.close(),
      () => bundle?.dispose(),
      async () => dataDir && rmSync(dataDir, { recursive: true, force: true }),
    ];
    const failures: unknown[] = [];
    for (const step of steps)
      await Promise.resolve()
        .then(step)
        .catch((err) => failures.push(err));
    if (failures.length > 0)
      throw new AggregateError(failures, 'cleaning up after the scale-out tests failed');
  });

  it('both start at the same moment on an empty database: both ready, the demo content once', async () => {
    const [a, b] = await Promise.allSettled([
      startBuiltServer(bundle!, envA()),
      startBuiltServer(bundle!, envB()),
    ]);
    if (a.status === 'fulfilled') serverA = a.value;
    if (b.status === 'fulfilled') serverB = b.value;
    for (const started of [a, b]) if (started.status === 'rejected') throw started.reason;
    await Promise.all([ready(serverA!), ready(serverB!)]);

    const designs = await db().selectFrom('designs').select(['name', 'slug']).execute();
    expect(designs.map((d) => d.name).sort()).toEqual(DEMO_DESIGNS.map((d) => d.name).sort());
    expect(new Set(designs.map((d) => d.slug)).size).toBe(DEMO_DESIGNS.length);
    const people = await db()
      .selectFrom('users')
      .select(['username', 'profile_picture_key', 'banner_image_key', 'banner_medium_key'])
      .execute();
    expect(people.map((p) => p.username).sort()).toEqual(
      [...DEMO_CREATORS.map((c) => c.username), ...DEMO_MAKERS].sort(),
    );
    expect(await db().selectFrom('startup_markers').select('name').execute()).toEqual([{ name: 'seeded' }]);

    // What the seed stored, it stored once: every avatar, banner and model in the bucket is one a
    // row names, and every one a row names is there.
    const pictures = people.flatMap((p) => [p.profile_picture_key, p.banner_image_key, p.banner_medium_key]);
    expect(await storedKeys('avatars/', 'banners/')).toEqual(
      pictures.filter((key): key is string => key !== null).sort(),
    );
    expect(pictures.filter((key) => key !== null)).toHaveLength(DEMO_CREATORS.length * 3);
    const models = await db()
      .selectFrom('design_files')
      .select('storage_key')
      .where('kind', '=', 'stl')
      .execute();
    expect(await storedKeys('stl/')).toEqual(models.map((m) => m.storage_key).sort());

    for (const server of [serverA!, serverB!]) {
      expect(server.proc.exitCode, server.output()).toBeNull();
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    }
  }, 300_000);

  it('serves one visit spread over both: sign-up, upload, page, downloads, likes and follows', async () => {
    const a = serverA!.url;
    const b = serverB!.url;
    uploader = await signUpOn(a, 'SpreadUploader');
    const me = await expectJson<{ id: string }>(call(b, '/api/auth/user', { token: uploader.token }));
    expect(me.id).toBe(uploader.userId);

    const stl = generateModel('gear', { seed: 21, detail: 0.3 }).stl;
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const form = multipart(designFields('Spread Gear'), [
      { name: 'gear.stl', data: stl },
      { name: 'photo.png', data: photo },
    ]);
    const { design } = await expectJson<UploadAnswer>(postUpload(a, uploader.token, form), 201);

    // The design page on the other instance, as a visitor and as its owner.
    const page = await expectJson<DesignDetail>(call(b, `/api/designs/SpreadUploader/${design.slug}`));
    expect(page.name).toBe('Spread Gear');
    const detail = await expectJson<DesignDetail>(
      call(b, `/api/designs/by-id/${design.id}`, { token: uploader.token }),
    );
    const stlFile = detail.files.find((f) => f.type === 'stl')!;
    const imageFile = detail.files.find((f) => f.type === 'image')!;
    expect(detail.files).toHaveLength(2);

    // The model through B, and through a link A signed and B serves: the same bytes as uploaded.
    expect((await downloadFile(b, uploader.token, stlFile.id)).equals(stl)).toBe(true);
    const { url: linkFromA } = await expectJson<{ url: string }>(
      call(a, `/api/designs/download/${stlFile.id}`, { token: uploader.token }),
    );
    expect((await fetchBytes(b, linkFromA)).equals(stl)).toBe(true);
    const gallery = await fetchBytes(a, (imageFile as { url: string }).url);
    const zip = await downloadZip(b, uploader.token, design.id);
    expect([...zip.keys()].sort()).toEqual(['gear.stl', 'photo.webp']);
    expect(zip.get('gear.stl')!.equals(stl)).toBe(true);
    expect(zip.get('photo.webp')!.equals(gallery)).toBe(true);

    // Likes by two people, one on each instance; follows through both.
    liker = await signUpOn(b, 'SpreadLiker');
    const like = (base: string, person: SignedUpPerson) =>
      expectJson<LikeResponse>(
        call(base, `/api/designs/SpreadUploader/${design.slug}/like`, {
          method: 'POST',
          token: person.token,
        }),
      );
    expect(await like(a, uploader)).toEqual({ hasLiked: true, likesCount: 1 });
    expect(await like(b, liker)).toEqual({ hasLiked: true, likesCount: 2 });
    const likeRows = await db()
      .selectFrom('likes')
      .select('user_id')
      .where('design_id', '=', design.id)
      .execute();
    expect(likeRows.map((r) => r.user_id).sort()).toEqual([uploader.userId, liker.userId].sort());
    for (const base of [a, b]) {
      const seen = await expectJson<DesignDetail>(
        call(base, `/api/designs/by-id/${design.id}`, { token: liker.token }),
      );
      expect(seen).toMatchObject({ likesCount: likeRows.length, hasLiked: true });
    }

    const creator = DEMO_CREATORS[0]!.username;
    const creatorId = (await expectJson<ProfileResponse>(call(b, `/api/profile/username/${creator}`))).user
      .id;
    const follow = (base: string, person: SignedUpPerson, targetUserId: string) =>
      expectJson(
        call(base, '/api/follow/follow', { method: 'POST', token: person.token, json: { targetUserId } }),
      );
    await follow(a, liker, uploader.userId);
    await follow(b, uploader, creatorId);
    await follow(a, liker, creatorId);
    const followRows = await db().selectFrom('follows').select(['follower_id', 'followee_id']).execute();
    const count = (column: 'follower_id' | 'followee_id', id: string) =>
      followRows.filter((row) => row[column] === id).length;
    for (const base of [a, b]) {
      for (const [username, id] of [
        ['SpreadUploader', uploader.userId],
        ['SpreadLiker', liker.userId],
        [creator, creatorId],
      ] as const) {
        const { stats } = await expectJson<ProfileResponse>(call(base, `/api/profile/username/${username}`));
        expect(stats, `${username} on ${base}`).toMatchObject({
          followers: count('followee_id', id),
          following: count('follower_id', id),
        });
      }
    }
    expect(count('followee_id', uploader.userId)).toBe(1);
    expect(count('follower_id', liker.userId)).toBe(2);
  }, 120_000);

  it('limits failed sign-ins alternating between the instances once for both, not once each', async () => {
    const signIn = (base: string, password: string) =>
      call(base, '/api/auth/login', { method: 'POST', json: { email: liker.email, password } });
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i++) {
      codes.push((await signIn(i % 2 === 0 ? serverA!.url : serverB!.url, 'wrong-guess-1')).status);
    }
    expect(codes).toEqual([...Array(LOGIN_MAX_FAILURES).fill(401), 429, 429]);
    // Even the right password waits, on either instance.
    for (const server of [serverA!, serverB!]) expect((await signIn(server.url, PASSWORD)).status).toBe(429);
  }, 60_000);

  it('a sweep on B, started during slow uploads on A, deletes nothing they stored or hold', async () => {
    const a = serverA!.url;
    const rook = (seed: number) => generateModel('rook', { seed, detail: 0.35 }).stl;
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c63' } })
      .png()
      .toBuffer();
    const heldStl = rook(31);
    const slowStl = rook(32);
    const slowForm = multipart(designFields('Slow Rook'), [
      { name: 'slow.stl', data: slowStl },
      { name: 'slow.png', data: photo },
    ]);
    // Up to the photo's first byte: the model's part has ended, so A has it whole in its folder.
    const photoStart =
      slowForm.payload.indexOf('\r\n\r\n', slowForm.payload.indexOf('filename="slow.png"')) + 4;
    const tempRoot = path.join(dataDir!, 'tmp');
    const slowModelTemp = async () => {
      for (const file of await listFiles(tempRoot)) {
        const size = await stat(path.join(tempRoot, file)).then(
          (s) => s.size,
          () => -1,
        );
        if (file.endsWith('.part') && size === slowStl.length) return file;
      }
      return undefined;
    };
    // Something a sweep must remove: an object no row and no lease names.
    const orphan = `stl/${uuid7()}.stl`;

    const { held, heldKeys, slow } = await withCommitsHeldOf(uploader.userId, async () => {
      // Held at its commit: the new design's reference to its owner waits for the row lock, as a
      // commit stalled in a busy database would. By then the upload has stored its model and
      // photo, under a lease.
      const held = postUpload(
        a,
        uploader.token,
        multipart(designFields('Held Rook'), [
          { name: 'held.stl', data: heldStl },
          { name: 'held.png', data: photo },
        ]),
      );
      let heldEnded = false;
      held.then(
        () => (heldEnded = true),
        () => (heldEnded = true),
      );
      await until(async () => {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and query ilike 'insert into "designs"%'`.execute(db());
        return rows[0]!.n === 1;
      }, 'the held upload to wait at its commit');
      const leases = await db().selectFrom('pending_uploads').select('keys').execute();
      // Its model, its photo's gallery, medium and card images (renders on B lease images/ keys only).
      const heldKeys = leases.map((l) => l.keys).find((keys) => keys.some((k) => k.startsWith('stl/')));
      expect(heldKeys).toHaveLength(4);

      // A slow line: the model and the start of the photo sent, then a pause.
      const slow = startSlowPost(
        `${a}/api/designs/upload`,
        { ...slowForm.headers, 'x-auth-token': uploader.token },
        slowForm.payload.subarray(0, photoStart),
        slowForm.payload.length,
      );
      await until(async () => (await slowModelTemp()) !== undefined, "the slow upload's model in A's folder");

      await s3!.store.put(orphan, Buffer.from('left behind'));
      await until(
        async () =>
          (await jobs('upload_leftovers_sweep')).every(
            (j) => !['created', 'retry', 'active'].includes(j.state),
          ),
        'earlier sweeps to end',
      );
      const sweepsBefore = new Set((await jobs('upload_leftovers_sweep')).map((j) => j.id));
      await serverB!.kill('SIGTERM');
      serverB = undefined;
      serverB = await startBuiltServer(bundle!, envB());
      await until(async () => {
        const started = (await jobs('upload_leftovers_sweep')).filter((j) => !sweepsBefore.has(j.id));
        if (started.some((j) => j.state === 'failed')) throw new Error(`the sweep failed${output()}`);
        return started.length === 1 && started[0]!.state === 'completed';
      }, 'the sweep B queued at its start to complete');

      // B's sweep removed the orphan, and nothing of the uploads under way.
      expect(await s3!.store.stat(orphan)).toBeNull();
      expect(serverB.output()).toMatch(/"removed":1\b.*"msg":"removed upload leftovers from storage"/);
      for (const key of heldKeys!) expect(await s3!.store.stat(key), key).not.toBeNull();
      expect(await slowModelTemp()).toBeDefined();
      expect(heldEnded).toBe(false);
      expect(slow.ended()).toBe(false);
      return { held, heldKeys: heldKeys!, slow };
    });

    const heldDesign = (await expectJson<UploadAnswer>(held, 201)).design;
    const slowAnswer = await slow.finish(slowForm.payload.subarray(photoStart));
    expect(slowAnswer.status, slowAnswer.body).toBe(201);
    const slowDesign = (JSON.parse(slowAnswer.body) as UploadAnswer).design;

    // The held upload's rows name exactly what it had stored under its lease.
    const heldRows = await db()
      .selectFrom('design_files')
      .select(['storage_key', 'card_key', 'medium_key'])
      .where('design_id', '=', heldDesign.id)
      .execute();
    expect(
      heldRows
        .flatMap((r) => [r.storage_key, r.card_key, r.medium_key])
        .filter((k) => k !== null)
        .sort(),
    ).toEqual([...heldKeys].sort());
    for (const [design, name, model] of [
      [heldDesign, 'held', heldStl],
      [slowDesign, 'slow', slowStl],
    ] as const) {
      for (const server of [serverA!, serverB!]) {
        const detail = await expectJson<DesignDetail>(
          call(server.url, `/api/designs/by-id/${design.id}`, { token: uploader.token }),
        );
        const stlFile = detail.files.find((f) => f.type === 'stl')!;
        const imageFile = detail.files.find((f) => f.type === 'image') as {
          url: string;
          cardUrl: string;
          mediumUrl: string;
        };
        expect((await downloadFile(server.url, uploader.token, stlFile.id)).equals(model)).toBe(true);
        const gallery = await fetchBytes(server.url, imageFile.url);
        expect((await fetchBytes(server.url, imageFile.cardUrl)).length).toBeGreaterThan(0);
        expect((await fetchBytes(server.url, imageFile.mediumUrl)).length).toBeGreaterThan(0);
        const zip = await downloadZip(server.url, uploader.token, design.id);
        expect([...zip.keys()].sort()).toEqual([`${name}.stl`, `${name}.webp`]);
        expect(zip.get(`${name}.stl`)!.equals(model)).toBe(true);
        expect(zip.get(`${name}.webp`)!.equals(gallery)).toBe(true);
      }
    }
  }, 180_000);

  it('kill -9 of the instance that took an upload: the other renders its preview within 60 s', async () => {
    const b = serverB!.url;
    // B pauses until A holds the render job, so the job is A's when A dies (a process paused for a
    // moment, as a busy machine pauses any of them).
    process.kill(serverB!.proc.pid!, 'SIGSTOP');
    let design: UploadAnswer['design'];
    let killedAt = 0;
    try {
      // The largest model the generators make (300 000 triangles): A is still rendering it when it
      // dies, right after the 201, as soon as it has claimed the job.
      const stl = generateModel('twisted-vase', { seed: 41, detail: 1 }).stl;
      design = (
        await expectJson<UploadAnswer>(
          postUpload(
            serverA!.url,
            uploader.token,
            multipart(designFields('Orphaned Vase'), [{ name: 'vase.stl', data: stl }]),
          ),
          201,
        )
      ).design;
      await until(
        async () =>
          (await jobs('stl_preview')).some((j) => j.singleton_key === design.id && j.state === 'active'),
        "A's claim on the render",
        60_000,
        5,
      );
      await serverA!.kill('SIGKILL');
      killedAt = Date.now();
    } finally {
      process.kill(serverB!.proc.pid!, 'SIGCONT');
    }
    const unrendered = await db()
      .selectFrom('design_files')
      .select('preview_key')
      .where('design_id', '=', design.id)
      .execute();
    expect(unrendered).toEqual([{ preview_key: null }]);

    let previewUrl: string | null | undefined;
    await until(
      async () => {
        const detail = await expectJson<DesignDetail>(call(b, `/api/designs/by-id/${design.id}`));
        previewUrl = (detail.files.find((f) => f.type === 'stl') as { previewUrl: string | null }).previewUrl;
        return typeof previewUrl === 'string';
      },
      'B to render the preview',
      60_000,
      200,
    );
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    expect((await fetchBytes(b, previewUrl!)).length).toBeGreaterThan(0);
    // Done on a retry: the first try, A's, died with A. The job goes on to the preview mesh.
    const job = async () => (await jobs('stl_preview')).find((j) => j.singleton_key === design.id);
    await until(async () => (await job())?.state === 'completed', 'B to finish the job', 60_000, 200);
    expect((await job())!.retry_count).toBeGreaterThanOrEqual(1);
    const detail = await expectJson<DesignDetail>(call(b, `/api/designs/by-id/${design.id}`));
    const meshUrl = detail.files.find((f) => f.type === 'stl')?.previewMeshUrl;
    expect((await fetchBytes(b, meshUrl!)).subarray(0, 4).toString()).toBe('glTF');
  }, 120_000);
});
