import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestDatabase } from '../../test/database.ts';
import { AuthRepo } from './auth-repo.ts';
import { type LiveSessionRow, SessionLookups } from './session-lookups.ts';

describe('session lookups', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let repo: AuthRepo;
  const hour = 3_600_000;
  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
    repo = new AuthRepo(db);
  });
  afterAll(() => drop());

  /** The real repo, with a record of the ids each statement was sent with. */
  function recordedLookups(onSend?: () => void) {
    const sent: string[][] = [];
    const lookups = new SessionLookups((ids: string[]): Promise<LiveSessionRow[]> => {
      sent.push(ids);
      onSend?.();
      return repo.findLiveSessions(ids);
    });
    return { lookups, sent };
  }

  async function person(username: string, expiresInMs = hour) {
    const user = await db
      .insertInto('users')
      .values({ username, name: username, email: `${username.toLowerCase()}@example.com` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = await db
      .insertInto('sessions')
      .values({ user_id: user.id, expires_at: new Date(Date.now() + expiresInMs) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { userId: user.id, sessionId: session.id, username };
  }

  it('answers the checks asked for in one turn with one statement, each with its own answer', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => person(`Batch${i}`)));
    const expired = await person('Expired', -1000);
    const ended = await person('Ended');
    await db.deleteFrom('sessions').where('id', '=', ended.sessionId).execute();
    const { lookups, sent } = recordedLookups();

    const [live, again, stale, gone, crossed] = await Promise.all([
      Promise.all(people.map((p) => lookups.account(p.sessionId, p.userId))),
      lookups.account(people[0]!.sessionId, people[0]!.userId),
      lookups.account(expired.sessionId, expired.userId),
      lookups.account(ended.sessionId, ended.userId),
      // Someone's live session named together with another person.
      lookups.account(people[1]!.sessionId, people[2]!.userId),
    ]);

    expect(live.map((account) => account?.username)).toEqual(people.map((p) => p.username));
    expect(live[0]).toMatchObject({ id: people[0]!.userId, email: 'batch0@example.com' });
    expect(again?.username).toBe('Batch0');
    expect([stale, gone, crossed]).toEqual([undefined, undefined, undefined]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(people.length + 2);
  });

  it('answers a check asked for while a statement is on its way with a later statement', async () => {
    const early = await person('Early');
    const late = await person('Late');
    let lateAnswer: Promise<unknown> | undefined;
    const { lookups, sent } = recordedLookups(() => {
      lateAnswer ??= lookups.account(late.sessionId, late.userId);
    });
    expect((await lookups.account(early.sessionId, early.userId))?.username).toBe('Early');
    expect(await lateAnswer).toMatchObject({ username: 'Late' });
    expect(sent).toEqual([[early.sessionId], [late.sessionId]]);
  });

  it('sends a very long list of checks as more than one statement', async () => {
    const someone = await person('Many');
    const { lookups, sent } = recordedLookups();
    const answers = await Promise.all(
      Array.from({ length: 250 }, () => lookups.account(someone.sessionId, someone.userId)),
    );
    expect(answers.every((account) => account?.username === 'Many')).toBe(true);
    expect(sent).toHaveLength(2);
  });
});
