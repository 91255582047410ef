import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { createPeople } from '../../test/design-fixtures.ts';
import { renameThroughApi } from '../../test/social-test-kit.ts';
import { GoogleRepo } from '../google/google-repo.ts';
import { firstFreeUsername, usernamePrefix } from '../google/google-username.ts';

describe(`old usernames stay reserved`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username,
        name: 'Someone',
        email: `${username.toLowerCase()}@elsewhere.example`,
        password: 'teapot-lantern-9',
      },
    });

  it('records the old name when a person changes theirs, not when they only fix its capitals', async () => {
    const [person] = await createPeople(t, 'Recorder', 1);
    if (!person) throw new Error('no person');
    expect((await renameThroughApi(t, person.token, 'RECORDER0')).statusCode).toBe(200);
    expect((await renameThroughApi(t, person.token, 'Chronicler')).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('username_history')
      .select(['username', 'user_id'])
      .where('user_id', '=', person.userId)
      .execute();
    expect(rows).toEqual([{ username: 'RECORDER0', user_id: person.userId }]);
  });

  it('refuses the old name to sign-ups, whatever its case, as a taken name', async () => {
    const mover = await signUp(t.app, 'Marigold');
    expect((await renameThroughApi(t, mover.token, 'Sunflower')).statusCode).toBe(200);
    for (const name of ['Marigold', 'MARIGOLD']) {
      const res = await register(name);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'That username is already taken.', code: 'USERNAME_TAKEN' });
    }
  });

  it('refuses the old name to someone changing theirs', async () => {
    const [mover, other] = await createPeople(t, 'Swapper', 2);
    if (!mover || !other) throw new Error('no people');
    expect((await renameThroughApi(t, mover.token, 'Elsewhere')).statusCode).toBe(200);
    const res = await renameThroughApi(t, other.token, 'swapper0');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'That username is already taken.', code: 'USERNAME_TAKEN' });
    // The refused change used up nothing: the person may still pick a free name.
    const after = await renameThroughApi(t, other.token, 'FreeName');
    expect(after.statusCode).toBe(200);
    expect(after.json().user.username).toBe('FreeName');
  });

  it('refuses the name to someone who asks for it while its owner is moving away from it', async () => {
    const movers = await createPeople(t, 'Racer', 8);
    const takers = await createPeople(t, 'Taker', 8);
    const results = await Promise.all(
      movers.flatMap((mover, i) => [
        renameThroughApi(t, mover.token, `Moved${i}`),
        renameThroughApi(t, (takers[i] as { token: string }).token, mover.username),
      ]),
    );
    const moves = results.filter((_, i) => i % 2 === 0);
    const takes = results.filter((_, i) => i % 2 === 1);
    expect(moves.map((res) => res.statusCode)).toEqual(movers.map(() => 200));
    expect(takes.map((res) => res.statusCode)).toEqual(movers.map(() => 409));
    for (const [i, mover] of movers.entries()) {
      const res = await t.app.inject({ method: 'GET', url: `/api/profile/username/${mover.username}` });
      expect(res.json().currentUsername).toBe(`Moved${i}`);
    }
  });

  it('skips old names when making a username for a new Google account', async () => {
    const [mover] = await createPeople(t, 'Gardener', 1);
    if (!mover) throw new Error('no person');
    expect((await renameThroughApi(t, mover.token, 'Landscaper')).statusCode).toBe(200);
    // What GoogleSignInService does for an email like gardener0@gmail.com.
    const taken = await new GoogleRepo(t.db).usernamesStartingWith(usernamePrefix('gardener0'));
    expect(taken.has('gardener0')).toBe(true);
    expect(firstFreeUsername('gardener0', taken)).toBe('gardener02');
  });
});
