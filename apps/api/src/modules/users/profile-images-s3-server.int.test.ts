import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleServer,
  type RunningServer,
  type ServerBundle,
  startBuiltServer,
} from '../../test/built-server.ts';
import { createTestDatabase } from '../../test/database.ts';
import { type S3TestStore, startS3TestStore } from '../../test/s3-test-store.ts';
import { binaryStl, multipart } from '../../test/upload-test-kit.ts';

/**
 * Profile pictures and banners on S3 storage as people meet them: the bundled server in a process
 * of its own, on PostgreSQL and an S3-compatible server (s3rver), called over HTTP the way the web
 * app calls it. A hang here was reported from real processes and never showed through app.inject.
 * Every request carries a client-side limit, so a request the server never answers fails with a
 * timeout error naming it, long before the test's own limit.
 */
const CLIENT_LIMIT_MS = 30_000;

/** More than the S3 client's connection pool (50): a connection kept by one request shows. */
const ROUNDS = 60;

type Images = { profilePicture?: Buffer; bannerImage?: Buffer };
type ProfileUser = { profilePicture: string | null; bannerImage: string | null };

describe('profile pictures on S3 storage, from the real server over HTTP', () => {
  let bundle: ServerBundle;
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let s3: S3TestStore;
  let server: RunningServer;
  let smallPng: Buffer;
  /** A photo's noise survives WebP: its banner is hundreds of KB, more than any stream buffers. */
  let noisyPng: Buffer;

  beforeAll(async () => {
    [bundle, database, s3] = await Promise.all([bundleServer(), createTestDatabase(), startS3TestStore()]);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'printmarket-s3-profile-'));
    server = await startBuiltServer(bundle, {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      JWT_SECRET: 's3-profile-secret-s3-profile-secret-0123',
      S3_BUCKET: s3.options.bucket,
      S3_ENDPOINT: s3.options.endpoint ?? '',
      S3_REGION: s3.options.region,
      S3_ACCESS_KEY_ID: s3.options.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      SIGNUP_MAX_PER_HOUR: '1000',
    });
    smallPng = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    noisyPng = await sharp({
      create: {
        width: 1800,
        height: 1200,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
  }, 360_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await s3?.close();
    await database?.drop();
    await bundle?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function signUp(username: string): Promise<string> {
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        name: 'Cloud Painter',
        email: `${username.toLowerCase()}@example.com`,
        password: 'teapot-lantern-9',
      }),
      signal: AbortSignal.timeout(CLIENT_LIMIT_MS),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { token: string }).token;
  }

  /** As the web app sends it (toProfileFormData): text fields, then the pictures chosen. */
  async function updateWithForm(token: string, images: Images, bio = 'I paint in the cloud.') {
    const form = new FormData();
    form.append('bio', bio);
    form.append('location', 'Lisbon');
    form.append('socialLinks', JSON.stringify({ instagram: '', twitter: '', custom: '' }));
    for (const [field, data] of Object.entries(images)) {
      form.append(field, new Blob([data], { type: 'image/png' }), `${field}.png`);
    }
    const res = await fetch(`${server.url}/api/user/update-profile`, {
      method: 'PUT',
      headers: { 'x-auth-token': token, accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(CLIENT_LIMIT_MS),
    });
    const body = await res.text();
    expect(res.status, body).toBe(200);
    return (JSON.parse(body) as { user: ProfileUser }).user;
  }

  /** The same form sent chunked, without a declared length, in pieces as a slow client would. */
  async function updateChunked(token: string, images: Images) {
    const { payload, headers } = multipart(
      [['bio', 'Sent in pieces.']],
      Object.entries(images).map(([field, data]) => ({
        field,
        name: `${field}.png`,
        data,
        type: 'image/png',
      })),
    );
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${server.url}/api/user/update-profile`, {
        method: 'PUT',
        headers: { ...headers, 'x-auth-token': token, 'transfer-encoding': 'chunked' },
        signal: AbortSignal.timeout(CLIENT_LIMIT_MS),
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      });
      for (let at = 0; at < payload.length; at += 64 * 1024) req.write(payload.subarray(at, at + 64 * 1024));
      req.end();
    });
    expect(status, body).toBe(200);
    return (JSON.parse(body) as { user: ProfileUser }).user;
  }

  /** Fetches a public image and reads it whole; answers its status, type and length. */
  async function readImage(url: string, method: 'GET' | 'HEAD' = 'GET') {
    const res = await fetch(`${server.url}${url}`, { method, signal: AbortSignal.timeout(CLIENT_LIMIT_MS) });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, type: res.headers.get('content-type'), bytes };
  }

  /** A reader that leaves after the first bytes of an image, as a browser leaving the page does. */
  function readImageBrokenOff(url: string) {
    return new Promise<number>((resolve, reject) => {
      const req = http.get(`${server.url}${url}`, { signal: AbortSignal.timeout(CLIENT_LIMIT_MS) });
      req.on('error', reject);
      req.on('response', (res) => {
        res.once('data', () => {
          req.destroy();
          resolve(res.statusCode ?? 0);
        });
        res.on('error', () => {}); // our own destroy
      });
    });
  }

  const keyOf = (url: string | null) => {
    expect(url).toMatch(/^\/uploads\/(avatars|banners)\/.+\.webp$/);
    return (url as string).slice('/uploads/'.length);
  };

  it('stores a picture, a banner and both, serves them, and removes the ones they replace', async () => {
    const token = await signUp('CloudPainter');
    const withPicture = await updateWithForm(token, { profilePicture: smallPng });
    expect(withPicture.bannerImage).toBeNull();
    const withBanner = await updateWithForm(token, { bannerImage: smallPng });
    expect(withBanner.profilePicture).toBe(withPicture.profilePicture);
    const withBoth = await updateWithForm(token, { profilePicture: smallPng, bannerImage: smallPng });

    for (const url of [withBoth.profilePicture, withBoth.bannerImage]) {
      const image = await readImage(url as string);
      expect(image.status).toBe(200);
      expect(image.type).toBe('image/webp');
      expect((await sharp(image.bytes).metadata()).format).toBe('webp');
      expect(await s3.store.stat(keyOf(url))).not.toBeNull();
    }
    for (const url of [withPicture.profilePicture, withBanner.bannerImage]) {
      expect(await s3.store.stat(keyOf(url))).toBeNull();
      expect((await readImage(url as string)).status).toBe(404);
    }
  }, 120_000);

  it('takes multi-megabyte PNGs, sent with a declared length and chunked', async () => {
    const token = await signUp('BigPainter');
    expect(noisyPng.length).toBeGreaterThan(3 * 1024 * 1024);
    const declared = await updateWithForm(token, { profilePicture: noisyPng, bannerImage: noisyPng });
    const chunked = await updateChunked(token, { profilePicture: noisyPng, bannerImage: noisyPng });
    for (const url of [declared.profilePicture, declared.bannerImage]) {
      expect(await s3.store.stat(keyOf(url))).toBeNull();
    }
    for (const url of [chunked.profilePicture, chunked.bannerImage]) {
      expect((await readImage(url as string)).status).toBe(200);
    }
  }, 120_000);

  it('keeps answering updates while images are read, HEADed and left midway, past the connection pool', async () => {
    const token = await signUp('BusyPainter');
    // A design with a photo first: its upload and its preview render use storage too.
    const upload = multipart(
      [
        ['designName', 'Cloud Vase'],
        ['description', 'Uploaded before the profile changes.'],
        ['categories', JSON.stringify(['Art'])],
        ['isPaid', 'false'],
      ],
      [
        { name: 'vase.stl', data: binaryStl(2000) },
        { name: 'photo.png', data: noisyPng, type: 'image/png' },
      ],
    );
    const uploaded = await fetch(`${server.url}/api/designs/upload`, {
      method: 'POST',
      headers: { ...upload.headers, 'x-auth-token': token },
      body: upload.payload,
      signal: AbortSignal.timeout(CLIENT_LIMIT_MS),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { design } = (await uploaded.json()) as { design: { id: string } };
    const detail = await fetch(`${server.url}/api/designs/by-id/${design.id}`, {
      signal: AbortSignal.timeout(CLIENT_LIMIT_MS),
    });
    const photo = JSON.stringify(await detail.json()).match(
      /\/uploads\/images\/[0-9a-f-]+-gallery\.webp/,
    )?.[0];
    expect(photo).toBeDefined();

    let user = await updateWithForm(token, { profilePicture: smallPng, bannerImage: noisyPng });
    // Larger than the buffers of a stream: a reader that leaves midway leaves most of it unread.
    expect((await readImage(user.bannerImage as string)).bytes.length).toBeGreaterThan(128 * 1024);
    const replaced: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const banner = user.bannerImage as string;
      expect((await readImage(user.profilePicture as string)).status).toBe(200);
      expect((await readImage(banner, 'HEAD')).status).toBe(200);
      expect(await readImageBrokenOff(banner)).toBe(200);
      expect(await readImageBrokenOff(photo as string)).toBe(200);
      const previous = user;
      user =
        round % 10 === 9
          ? await updateChunked(token, { profilePicture: smallPng, bannerImage: noisyPng })
          : await updateWithForm(token, { profilePicture: smallPng }, `Round ${round}`);
      replaced.push(keyOf(previous.profilePicture));
      if (user.bannerImage !== previous.bannerImage) replaced.push(keyOf(previous.bannerImage));
    }
    for (const key of replaced) expect(await s3.store.stat(key)).toBeNull();
    expect((await readImage(user.bannerImage as string)).status).toBe(200);
  }, 600_000);
});
