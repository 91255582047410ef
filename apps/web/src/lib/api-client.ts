import { API_BASE } from './api-base.ts';
import { getStoredToken } from './auth-storage.ts';

/**
 * A failed API call. `message` is the server's own message when it sent one (screens show those
 * verbatim); `serverMessage` is null when the server said nothing usable (network failure, a proxy's
 * HTML error page), so screens can fall back to their own text with `errorMessage()`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly serverMessage: string | null;

  constructor(init: { status: number; code: string; serverMessage: string | null; message?: string }) {
    super(init.serverMessage ?? init.message ?? `Request failed with status ${init.status}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
  }
}

/** The text a screen shows for a failure: the server's message, else the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

export type ApiFetchInit = RequestInit & { json?: unknown };

type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** The browser's fetch, looked up at each call (tests replace the global). */
let transport: Transport = (url, init) => fetch(url, init);

/**
 * Sends every later call through `next` instead of the network. The server render uses it to reach
 * the API in the same process, as a signed-out visitor would.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/** Builds the request headers: the stored token travels in `x-auth-token` on every call. */
export function buildHeaders(init: ApiFetchInit, token: string | null): Headers {
  const headers = new Headers(init.headers);
  if (token && !headers.has('x-auth-token')) headers.set('x-auth-token', token);
  if (init.json !== undefined && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  return headers;
}

/** Reads `{ message, code }` from an error body; anything else counts as "no server message". */
export function parseErrorBody(body: unknown): { message: string | null; code: string | null } {
  if (typeof body !== 'object' || body === null) return { message: null, code: null };
  const { message, code } = body as { message?: unknown; code?: unknown };
  return {
    message: typeof message === 'string' && message.trim() !== '' ? message : null,
    code: typeof code === 'string' && code !== '' ? code : null,
  };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      return await response.json();
    } catch {
      return undefined;
    }
  }
  const text = await response.text();
  return text === '' ? undefined : text;
}

/**
 * Calls the API. `path` starts with `/api/...`. `json` is sent as a JSON body; a `FormData` body is
 * passed through untouched so the browser sets the multipart boundary itself.
 */
export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  return (await readBody(await apiResponse(path, init))) as T;
}

/**
 * Calls the API like `apiFetch` and hands back the successful response unread: for an answer whose
 * headers matter too, such as a file's name.
 */
export async function apiResponse(path: string, init: ApiFetchInit = {}): Promise<Response> {
  const { json, ...rest } = init;
  const request: RequestInit = {
    credentials: 'same-origin',
    ...rest,
    headers: buildHeaders(init, getStoredToken()),
  };
  if (json !== undefined) request.body = JSON.stringify(json);

  let response: Response;
  try {
    response = await transport(`${API_BASE}${path}`, request);
  } catch (cause) {
    // Aborts are not failures a person needs to read about; let callers recognise them.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      serverMessage: null,
      message: 'Could not reach the server.',
    });
  }

  if (!response.ok) {
    const parsed = parseErrorBody(await readBody(response));
    throw new ApiError({
      status: response.status,
      code: parsed.code ?? `HTTP_${response.status}`,
      serverMessage: parsed.message,
    });
  }
  return response;
}
