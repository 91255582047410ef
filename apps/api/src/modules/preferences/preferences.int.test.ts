import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';

describe(`preferences`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (token: string | null) =>
    t.app.inject({
      method: 'GET',
      url: '/api/user/preferences',
      headers: token ? { 'x-auth-token': token } : {},
    });
  const put = (token: string | null, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user/preferences',
      headers: token ? { 'x-auth-token': token } : {},
      payload: payload as object,
    });

  it('answers the defaults to someone who never saved any', async () => {
    const { token } = await signUp(t.app, 'Newcomer');
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ homeSort: 'newest', autoOpen3d: false });
  });

  it('saves the fields sent, keeps the others, and keeps them per person', async () => {
    const { token } = await signUp(t.app, 'Chooser');
    const neighbour = await signUp(t.app, 'Neighbour');

    const sorted = await put(token, { homeSort: 'most-popular' });
    expect(sorted.statusCode).toBe(200);
    expect(sorted.json()).toEqual({ homeSort: 'most-popular', autoOpen3d: false });

    const viewer = await put(token, { autoOpen3d: true });
    expect(viewer.json()).toEqual({ homeSort: 'most-popular', autoOpen3d: true });
    expect((await get(token)).json()).toEqual({ homeSort: 'most-popular', autoOpen3d: true });

    const both = await put(token, { homeSort: 'most-downloaded', autoOpen3d: false });
    expect(both.json()).toEqual({ homeSort: 'most-downloaded', autoOpen3d: false });
    expect((await get(token)).json()).toEqual({ homeSort: 'most-downloaded', autoOpen3d: false });

    expect((await get(neighbour.token)).json()).toEqual({ homeSort: 'newest', autoOpen3d: false });
  });

  it('keeps both of two saves of different fields sent at the same time', async () => {
    const { token } = await signUp(t.app, 'Racer');
    const answers = await Promise.all([
      put(token, { homeSort: 'most-popular' }),
      put(token, { autoOpen3d: true }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await get(token)).json()).toEqual({ homeSort: 'most-popular', autoOpen3d: true });
  });

  let badInputs = 0;
  it.each([
    [{ homeSort: 'oldest' }, 'homeSort must be one of: newest, most-popular, most-downloaded.'],
    [{ homeSort: 42 }, 'homeSort must be one of: newest, most-popular, most-downloaded.'],
    [{ autoOpen3d: 'yes' }, 'autoOpen3d must be true or false.'],
    [{ homeSort: 'newest', colour: 'red' }, 'Unknown preference: colour.'],
    [['most-popular'], 'Preferences must be a JSON object.'],
  ])('refuses bad input %# with a clear 400 and saves nothing of it', async (payload, message) => {
    const { token } = await signUp(t.app, `BadInput${++badInputs}`);
    await put(token, { homeSort: 'most-popular' });
    const res = await put(token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED' });
    expect((await get(token)).json()).toEqual({ homeSort: 'most-popular', autoOpen3d: false });
  });

  it('needs a session for reading and saving', async () => {
    for (const res of [await get(null), await put(null, { homeSort: 'newest' })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('NOT_SIGNED_IN');
    }
    const { token } = await signUp(t.app, 'Leaver');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'x-auth-token': token } });
    const ended = await put(token, { homeSort: 'most-popular' });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('SESSION_INVALID');
  });
});
