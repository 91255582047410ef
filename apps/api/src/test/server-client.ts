import http from 'node:http';
import { unzip } from './unzip.ts';

/**
 * Calls to a server running as a process of its own (see built-server.ts), over HTTP as the web app
 * makes them. `base` is the server's URL.
 */

export type SignedUpPerson = { token: string; userId: string; username: string; email: string };

export const PASSWORD = 'teapot-lantern-9';

export function call(
  base: string,
  path: string,
  { method = 'GET', token, json }: { method?: string; token?: string; json?: unknown } = {},
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { 'x-auth-token': token } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

/** The answer's JSON after checking its status (the body goes with a failure, for the reason). */
export async function expectJson<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res;
  const text = await answer.text();
  if (answer.status !== status) {
    throw new Error(`${answer.url}: expected ${status}, got ${answer.status}: ${text}`);
  }
  return JSON.parse(text) as T;
}

export async function signUpOn(base: string, username: string): Promise<SignedUpPerson> {
  const email = `${username.toLowerCase()}@example.com`;
  const body = await expectJson<{ token: string; user: { id: string } }>(
    call(base, '/api/auth/register', {
      method: 'POST',
      json: { username, name: `${username} Name`, email, password: PASSWORD },
    }),
    201,
  );
  return { token: body.token, userId: body.user.id, username, email };
}

/** The text fields of a free design upload named `name`. */
export function designFields(name: string): [string, string][] {
  return [
    ['designName', name],
    ['description', `${name}, uploaded in a test.`],
    ['categories', JSON.stringify(['Art'])],
    ['isPaid', 'false'],
  ];
}

export type UploadAnswer = { design: { id: string; slug: string; name: string } };

export function postUpload(
  base: string,
  token: string,
  form: { payload: Buffer; headers: Record<string, string> },
): Promise<Response> {
  return fetch(`${base}/api/designs/upload`, {
    method: 'POST',
    headers: { ...form.headers, 'x-auth-token': token },
    body: form.payload,
  });
}

/** A file's bytes through its download link, as a signed-in person downloads it. */
export async function downloadFile(base: string, token: string, fileId: string): Promise<Buffer> {
  const { url } = await expectJson<{ url: string }>(call(base, `/api/designs/download/${fileId}`, { token }));
  return fetchBytes(base, url);
}

/** The design's ZIP, unpacked: entry names and bytes. */
export async function downloadZip(base: string, token: string, designId: string) {
  const res = await call(base, `/api/designs/download-all/${designId}`, { token });
  if (res.status !== 200) throw new Error(`ZIP of ${designId}: ${res.status} ${await res.text()}`);
  return unzip(Buffer.from(await res.arrayBuffer()));
}

/** The bytes at `url` (a public image's `/uploads/...`, a signed link), checking for a 200. */
export async function fetchBytes(base: string, url: string): Promise<Buffer> {
  const res = await fetch(`${base}${url}`);
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

export type SlowRequest = {
  /** Whether the request has ended: answered (with any status) or failed. */
  ended: () => boolean;
  /** Sends the rest of the body; resolves with the status and the answer's text. */
  finish: (rest: Buffer) => Promise<{ status: number; body: string }>;
};

/**
 * A POST whose body goes out in two pieces, the connection held open in between: a client on a
 * slow line, or one that pauses. Content-Length is the whole body's.
 */
export function startSlowPost(
  url: string,
  headers: Record<string, string>,
  first: Buffer,
  totalLength: number,
): SlowRequest {
  let ended = false;
  const req = http.request(url, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(totalLength) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  // Until `finish`, an end is only noted (the test checks `ended`); `finish` reports how it ended.
  response.then(
    () => (ended = true),
    () => (ended = true),
  );
  req.write(first);
  return {
    ended: () => ended,
    finish: (rest) => {
      req.end(rest);
      return response;
    },
  };
}
