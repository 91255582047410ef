import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPeople, type TestPerson } from '../test/design-fixtures.ts';
import { listFiles, multipart } from '../test/upload-test-kit.ts';

/**
 * Slow and stalled requests against a real listening server (app.inject has no connection to
 * stall). The deadlines are tiny here; the tests wait for the server to close the connection.
 */

type Logged = { level: number; msg: string };

async function listening(env: Record<string, string>) {
  const logs: Logged[] = [];
  const t = await createTestApp(env, {
    logger: { level: 'info', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as net.AddressInfo;
  return { t, port, logs };
}

/**
 * Opens a connection, writes `head`, then lets `drip` (if any) write more; resolves with all
 * the server sent once the server has closed the connection.
 */
function sendAndWaitForClose(
  port: number,
  head: Buffer | string,
  drip?: (socket: net.Socket) => () => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let stopDrip = () => {};
    socket.on('connect', () => {
      socket.write(head);
      if (drip) stopDrip = drip(socket);
    });
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // Writing on after the server closed is the client's own doing; anything else is not.
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
    });
    socket.on('close', () => {
      stopDrip();
      resolve(Buffer.concat(received).toString('utf8'));
    });
  });
}

function expectTimeoutAnswer(answer: string) {
  expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
  expect(body).toEqual({ message: expect.stringMatching(/took too long/), code: 'REQUEST_TIMEOUT' });
}

/** The first part of a profile form whose picture never finishes arriving. */
function unfinishedProfileForm(person: TestPerson, pictureBytes: number) {
  const form = multipart(
    [['bio', 'Hello']],
    [
      {
        field: 'profilePicture',
        name: 'me.png',
        data: Buffer.alloc(pictureBytes + 10_000, 7),
        type: 'image/png',
      },
    ],
  );
  const headers =
    'PUT /api/user/update-profile HTTP/1.1\r\nHost: localhost\r\n' +
    `x-auth-token: ${person.token}\r\ncontent-type: ${form.headers['content-type']}\r\n` +
    `content-length: ${form.payload.length}\r\n\r\n`;
  const start = form.payload.indexOf('\r\n\r\n', form.payload.indexOf('profilePicture')) + 4;
  return { head: Buffer.concat([Buffer.from(headers), form.payload.subarray(0, start + pictureBytes)]) };
}

const tempFilesOf = (t: TestApp) => listFiles(path.join(t.dataDir, 'tmp'));

describe('a body that stops arriving', () => {
  let t: TestApp;
  let port: number;
  let logs: Logged[];
  let person: TestPerson;

  beforeAll(async () => {
    ({ t, port, logs } = await listening({
      BODY_IDLE_TIMEOUT_SECONDS: '1',
      BODY_MIN_BYTES_PER_SECOND: '0',
    }));
    [person] = (await createPeople(t, 'staller', 1)) as [TestPerson];
  });
  afterAll(() => t.close());

  it('is cut off with 408 and the connection closed', async () => {
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\n' +
      'content-length: 200\r\n\r\n{"email":"someone@example.com",';
    expectTimeoutAnswer(await sendAndWaitForClose(port, head));
  });

  it('leaves no temporary upload file behind', async () => {
    const { head } = unfinishedProfileForm(person, 50_000);
    const answer = sendAndWaitForClose(port, head);
    // The picture had started to stream to a temporary file when the sender went quiet.
    await vi.waitFor(async () => expect((await tempFilesOf(t)).length).toBe(1), {
      timeout: 20_000,
      interval: 5,
    });
    expectTimeoutAnswer(await answer);
    await vi.waitFor(async () => expect(await tempFilesOf(t)).toEqual([]), { timeout: 20_000 });
    expect(logs.filter((l) => l.level >= 50)).toEqual([]);
    expect(logs.some((l) => l.msg === 'request body stalled; connection closed')).toBe(true);
  });

  it('also holds for headers that stop arriving', async () => {
    expectTimeoutAnswer(await sendAndWaitForClose(port, 'GET /api/health HTTP/1.1\r\nHost: local'));
  });

  it('does not touch a request that arrives in time', async () => {
    const form = new FormData();
    form.set('bio', 'On time');
    const res = await fetch(`http://127.0.0.1:${port}/api/user/update-profile`, {
      method: 'PUT',
      headers: { 'x-auth-token': person.token },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { bio: string } }).user.bio).toBe('On time');
  });
});

describe('a request that is not HTTP', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    ({ t, port } = await listening({}));
  });
  afterAll(() => t.close());

  const answerOf = (raw: string) => {
    const status = raw.split('\r\n')[0];
    return { status, body: JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) };
  };

  it('gets 400 in the usual error shape', async () => {
    const answer = answerOf(await sendAndWaitForClose(port, 'HELLO THERE\r\n\r\n'));
    expect(answer.status).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.body).toEqual({ message: 'The request is not valid HTTP.', code: 'BAD_HTTP_REQUEST' });
  });

  it('with headers too large gets 431', async () => {
    const head = `GET /api/health HTTP/1.1\r\nHost: localhost\r\nx-big: ${'b'.repeat(20_000)}\r\n\r\n`;
    const answer = answerOf(await sendAndWaitForClose(port, head));
    expect(answer.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.body.code).toBe('HEADERS_TOO_LARGE');
  });
});

describe('a body that arrives too slowly', () => {
  let t: TestApp;
  let port: number;
  let person: TestPerson;

  beforeAll(async () => {
    ({ t, port } = await listening({
      BODY_IDLE_TIMEOUT_SECONDS: '30',
      BODY_MIN_BYTES_PER_SECOND: '2000',
      BODY_RATE_WINDOW_SECONDS: '0.5',
    }));
    [person] = (await createPeople(t, 'dripper', 1)) as [TestPerson];
  });
  afterAll(() => t.close());

  it('is cut off with 408 although a byte keeps coming, and its temporary file is removed', async () => {
    const { head } = unfinishedProfileForm(person, 1000);
    // A byte every 20 ms: never idle, but about 50 bytes a second against the 2000 required.
    const answer = await sendAndWaitForClose(port, head, (socket) => {
      const timer = setInterval(() => socket.write(Buffer.from([7])), 20);
      return () => clearInterval(timer);
    });
    expectTimeoutAnswer(answer);
    await vi.waitFor(async () => expect(await tempFilesOf(t)).toEqual([]), { timeout: 20_000 });
  });
});
