import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3FileStore } from '../../lib/storage/s3-file-store.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { type S3TestStore, startS3TestStore } from '../../test/s3-test-store.ts';
import { multipart } from '../../test/upload-test-kit.ts';

describe('profile pictures and banners on S3 storage', () => {
  let s3: S3TestStore;
  let t: TestApp<S3FileStore>;
  let png: Buffer;
  beforeAll(async () => {
    s3 = await startS3TestStore();
    t = await createTestApp({}, { files: s3.store });
    png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores a new picture and banner, serves them, and removes the ones they replace', async () => {
    const { token } = await signUp(t.app, 'CloudPainter');
    const update = (name: string) => {
      const body = multipart(
        [['bio', name]],
        [
          { field: 'profilePicture', name: `${name}.png`, data: png },
          { field: 'bannerImage', name: `${name}-banner.png`, data: png },
        ],
      );
      return t.app.inject({
        method: 'PUT',
        url: '/api/user/update-profile',
        headers: { ...body.headers, 'x-auth-token': token },
        payload: body.payload,
      });
    };
    const first = await update('first');
    expect(first.statusCode).toBe(200);
    const second = await update('second');
    expect(second.statusCode).toBe(200);
    const before = first.json().user;
    const after = second.json().user;
    for (const url of [after.profilePicture, after.bannerImage, after.bannerImageMedium]) {
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    }
    for (const url of [before.profilePicture, before.bannerImage, before.bannerImageMedium]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('answers a picture change over a real connection', async () => {
    const { token } = await signUp(t.app, 'CloudSender');
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const body = multipart([], [{ field: 'profilePicture', name: 'me.png', data: png }]);
    const res = await fetch(`${address}/api/user/update-profile`, {
      method: 'PUT',
      headers: { ...body.headers, 'x-auth-token': token },
      body: body.payload,
    });
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { profilePicture: string } };
    expect((await t.app.inject({ method: 'GET', url: user.profilePicture })).statusCode).toBe(200);
  });
});
