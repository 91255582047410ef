import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { CONFIRMATION_SUBJECT, outboxMailTo } from '../../test/outbox.ts';

/** A multipart body built by hand, so the test sends exactly what a browser would. */
function multipart(
  fields: Record<string, string>,
  files: { field: string; name: string; data: Buffer }[] = [],
) {
  const boundary = `----printmarket${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

describe(`profile update`, () => {
  let t: TestApp;
  let png: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  const update = (token: string, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: { ...body.headers, 'x-auth-token': token },
      payload: body.payload,
    });

  it('saves bio, location and links with a picture re-encoded as WebP, served from /uploads', async () => {
    const { token } = await signUp(t.app, 'Painter');
    const res = await update(
      token,
      multipart(
        {
          bio: 'I print things.',
          location: 'Oslo',
          socialLinks: JSON.stringify({ instagram: 'https://instagram.com/p' }),
        },
        [{ field: 'profilePicture', name: 'me.png', data: png }],
      ),
    );
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({ bio: 'I print things.', location: 'Oslo', profileCompleted: true });
    expect(user.socialLinks).toEqual({ instagram: 'https://instagram.com/p', twitter: '', custom: '' });
    expect(user.profilePicture).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    const image = await t.app.inject({ method: 'GET', url: user.profilePicture });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('replaces the old picture file when a new one is uploaded', async () => {
    const { token } = await signUp(t.app, 'Replacer');
    const first = (
      await update(token, multipart({}, [{ field: 'profilePicture', name: 'a.png', data: png }]))
    ).json().user;
    const second = (
      await update(token, multipart({}, [{ field: 'profilePicture', name: 'b.png', data: png }]))
    ).json().user;
    expect(second.profilePicture).not.toBe(first.profilePicture);
    expect((await t.app.inject({ method: 'GET', url: first.profilePicture })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.profilePicture })).statusCode).toBe(200);
  });

  it('stores a banner at 1500 x 500 and at half that with the same crop, and replaces both', async () => {
    const { token } = await signUp(t.app, 'Bannerman');
    const wide = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#c63' } })
      .png()
      .toBuffer();
    const banner = (name: string) => multipart({}, [{ field: 'bannerImage', name, data: wide }]);
    const first = (await update(token, banner('a.png'))).json().user;
    const id = /^\/uploads\/banners\/([0-9a-f-]{36})\.webp$/.exec(first.bannerImage)?.[1];
    expect(first.bannerImageMedium).toBe(`/uploads/banners/${id}-medium.webp`);
    for (const [url, width, height] of [
      [first.bannerImage, 1500, 500],
      [first.bannerImageMedium, 750, 250],
    ]) {
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height });
    }
    const profile = (await t.app.inject({ url: '/api/profile/username/Bannerman' })).json().user;
    expect(profile).toMatchObject({
      bannerImage: first.bannerImage,
      bannerImageMedium: first.bannerImageMedium,
    });

    const second = (await update(token, banner('b.png'))).json().user;
    expect(second.bannerImageMedium).not.toBe(first.bannerImageMedium);
    for (const url of [first.bannerImage, first.bannerImageMedium])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    for (const url of [second.bannerImage, second.bannerImageMedium])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('refuses a non-image renamed .png, leaving the profile and the files untouched', async () => {
    const { token, email } = await signUp(t.app, 'Sneaky');
    // The sign-up's confirmation mail is written to the data folder's outbox by a job: once it is
    // there, nothing else should change in the folder.
    await outboxMailTo(t, email, CONFIRMATION_SUBJECT);
    const before = listFiles(t.dataDir);
    const res = await update(
      token,
      multipart({ bio: 'should not be saved' }, [
        { field: 'profilePicture', name: 'evil.png', data: Buffer.from('\x7fELF\x02\x01\x01 not an image') },
      ]),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Only PNG, JPEG, GIF or BMP images are accepted.');
    const me = (
      await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-auth-token': token } })
    ).json();
    expect(me.bio).toBe('');
    expect(listFiles(t.dataDir)).toEqual(before);
  });

  it('allows one username change, then refuses a second one; a taken name is a 409', async () => {
    const { token } = await signUp(t.app, 'Renamer');
    await signUp(t.app, 'Taken');
    expect((await update(token, multipart({ username: 'taken' }))).statusCode).toBe(409);
    const renamed = await update(token, multipart({ username: 'Renamed' }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.username).toBe('Renamed');
    expect(renamed.json().user.lastUsernameChange).not.toBeNull();
    const again = await update(token, multipart({ username: 'RenamedAgain' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Your username has already been changed once and cannot be changed again.',
    );
    // Sending the current name unchanged is not a change.
    expect((await update(token, multipart({ username: 'Renamed', bio: 'still me' }))).statusCode).toBe(200);
  });

  it('lets a person fix the capitals of their name without using up the one change', async () => {
    const { token } = await signUp(t.app, 'capsname');
    const recased = await update(token, multipart({ username: 'CapsName' }));
    expect(recased.statusCode).toBe(200);
    expect(recased.json().user).toMatchObject({ username: 'CapsName', lastUsernameChange: null });
    const renamed = await update(token, multipart({ username: 'OtherName' }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.lastUsernameChange).not.toBeNull();
  });

  it('validates fields: bad username characters, non-http links, broken JSON', async () => {
    const { token } = await signUp(t.app, 'Validator');
    const badName = await update(token, multipart({ username: 'no spaces' }));
    expect(badName.json()).toEqual({
      message: 'Username can only contain letters and numbers.',
      code: 'VALIDATION_FAILED',
    });
    const badLink = await update(
      token,
      multipart({ socialLinks: JSON.stringify({ custom: 'javascript:alert(1)' }) }),
    );
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().message).toBe('Links must start with http:// or https://');
    const badJson = await update(token, multipart({ socialLinks: '{nope' }));
    expect(badJson.statusCode).toBe(400);
  });

  it('needs a session and a multipart body', async () => {
    expect((await update('', multipart({ bio: 'x' }))).statusCode).toBe(401);
    const { token } = await signUp(t.app, 'JsonSender');
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: { 'x-auth-token': token },
      payload: { bio: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses an oversized picture with 413 and keeps nothing of it', async () => {
    const { token, email } = await signUp(t.app, 'BigPicture');
    // The sign-up's confirmation mail is written to the data folder's outbox by a job: once it is
    // there, nothing else should change in the folder.
    await outboxMailTo(t, email, CONFIRMATION_SUBJECT);
    const before = listFiles(t.dataDir);
    const res = await update(
      token,
      multipart({}, [{ field: 'profilePicture', name: 'huge.png', data: Buffer.alloc(11 * 1024 * 1024, 1) }]),
    );
    expect(res.statusCode).toBe(413);
    expect(listFiles(t.dataDir)).toEqual(before);
  });

  it('serves only public image keys from /uploads', async () => {
    for (const url of [
      '/uploads/stl/x.stl',
      '/uploads/../db/x',
      '/uploads/avatars/..%2f..%2fjwt-secret',
      '/uploads/',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
