import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { createDesign, createPeople, type TestPerson } from '../../test/design-fixtures.ts';
import { renameThroughApi } from '../../test/social-test-kit.ts';

describe(`public profiles`, () => {
  let t: TestApp;
  let creator: { token: string; userId: string };
  let fans: TestPerson[];
  beforeAll(async () => {
    t = await createTestApp();
    creator = await signUp(t.app, 'ProfileOwner');
    await t.db
      .updateTable('users')
      .set({
        bio: 'I design planters.',
        location: 'Lisbon',
        social_links: JSON.stringify({ instagram: 'https://instagram.com/planters' }),
        banner_image_key: 'banners/0190a0b0-0000-7000-8000-000000000001.webp',
        profile_picture_key: 'avatars/0190a0b0-0000-7000-8000-000000000002.webp',
      })
      .where('id', '=', creator.userId)
      .execute();
    fans = await createPeople(t, 'ProfileFan', 3);
    await createDesign(t, creator.userId, { slug: 'planter' });
    await createDesign(t, creator.userId, { slug: 'pot' });
    for (const fan of fans.slice(0, 2)) {
      await t.app.inject({
        method: 'POST',
        url: '/api/follow/follow',
        headers: { 'X-Token': fan.token },
        payload: { targetUserId: creator.userId },
      });
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/follow/follow',
      headers: { 'X-Token': creator.token },
      payload: { targetUserId: fans[2]?.userId },
    });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers the public fields and counters, never the email', async () => {
    const res = await get('/api/profile/username/ProfileOwner');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const stats = { designs: 2, followers: 2, following: 1 };
    expect(body.stats).toEqual(stats);
    expect(body.user).toEqual({
      _id: creator.userId,
      id: creator.userId,
      username: 'ProfileOwner',
      name: 'ProfileOwner Name',
      bio: 'I design planters.',
      location: 'Lisbon',
      profilePicture: '/uploads/avatars/0190a0b0-0000-7000-8000-000000000002.webp',
      bannerImage: '/uploads/banners/0190a0b0-0000-7000-8000-000000000001.webp',
      // Stored as before the half size existed: none until the backfill makes it.
      bannerImageMedium: null,
      socialLinks: { instagram: 'https://instagram.com/planters', twitter: '', custom: '' },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      stats,
    });
    expect(res.body).not.toContain('@example.com');
    expect(res.body).not.toMatch(/email|password|lastUsernameChange/i);
  });

  it('serves the same public profile at /api/user/profile/{username}', async () => {
    const res = await get('/api/user/profile/ProfileOwner');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: creator.userId,
      username: 'ProfileOwner',
      stats: { designs: 2, followers: 2, following: 1 },
    });
    expect(res.body).not.toMatch(/email/i);
  });

  it('matches the username whatever its case', async () => {
    for (const url of ['/api/profile/username/profileowner', '/api/user/profile/PROFILEOWNER']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`"username":"ProfileOwner"`);
    }
  });

  it('answers 404 for nobody of that name', async () => {
    for (const url of ['/api/profile/username/nobodyhere', '/api/user/profile/nobodyhere']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'User not found', code: 'USER_NOT_FOUND' });
    }
  });

  it('redirects a name someone gave up to their current one (301, with the name in the body)', async () => {
    const mover = await signUp(t.app, 'OldHandle');
    expect((await renameThroughApi(t, mover.token, 'NewHandle')).statusCode).toBe(200);

    const res = await get('/api/profile/username/oldhandle');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/api/profile/username/NewHandle');
    expect(res.json()).toEqual({
      message: 'This person has a new username.',
      code: 'USERNAME_CHANGED',
      currentUsername: 'NewHandle',
    });
    const other = await get('/api/user/profile/OldHandle');
    expect(other.statusCode).toBe(301);
    expect(other.headers.location).toBe('/api/user/profile/NewHandle');

    const followed = await get(String(res.headers.location));
    expect(followed.statusCode).toBe(200);
    expect(followed.json().user).toMatchObject({ id: mover.userId, username: 'NewHandle' });
  });
});
