import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  UploadError,
  type UploadProgress,
  type UploadXhr,
  uploadDesign,
  uploadFailureText,
} from './upload-design.ts';

type Handler = ((event: ProgressEvent) => void) | null;

/** Stands in for XMLHttpRequest: records what the upload did and lets a test answer. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;
  upload = { onprogress: null as Handler, onload: null as Handler };

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.({} as ProgressEvent);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.onload?.({} as ProgressEvent);
  }
}

let xhr: FakeXhr;
const createXhr = () => {
  xhr = new FakeXhr();
  return xhr as unknown as UploadXhr;
};

beforeEach(() => {
  const store = new Map<string, string>([['authToken', 'tok-123']]);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadDesign', () => {
  it('posts the form with the token in x-auth-token, reports progress and resolves with the design', async () => {
    const body = new FormData();
    const seen: UploadProgress[] = [];
    const done = uploadDesign(body, { createXhr, onProgress: (p) => seen.push(p) });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/designs/upload');
    expect(xhr.headers['x-auth-token']).toBe('tok-123');
    expect(xhr.body).toBe(body);

    xhr.progress(250, 1000);
    xhr.progress(1000, 1000);
    const design = {
      _id: 'd1',
      id: 'd1',
      slug: 'cable-clip',
      name: 'Cable Clip',
      user: { _id: 'u', username: 'mia' },
    };
    xhr.answer(201, JSON.stringify({ design, message: 'Design uploaded successfully' }));
    await expect(done).resolves.toMatchObject({ design: { slug: 'cable-clip' } });
    expect(seen).toEqual([
      { percent: 25, sent: false },
      { percent: 100, sent: true },
    ]);
  });

  it("turns the server's refusal into 'Upload failed: {message}'", async () => {
    const done = uploadDesign(new FormData(), { createXhr });
    xhr.answer(400, JSON.stringify({ message: 'This file is not an STL file.', code: 'BAD_STL' }));
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(uploadFailureText(error)).toBe('Upload failed: This file is not an STL file.');
  });

  it("says 'Unknown error' when the server gave no message, and 'File upload failed' without a connection", async () => {
    let done = uploadDesign(new FormData(), { createXhr });
    xhr.answer(502, '<html>Bad gateway</html>');
    expect(uploadFailureText(await done.catch((e: unknown) => e))).toBe('Upload failed: Unknown error');

    done = uploadDesign(new FormData(), { createXhr });
    xhr.answer(201, '{}');
    expect(uploadFailureText(await done.catch((e: unknown) => e))).toBe('Upload failed: Unknown error');

    done = uploadDesign(new FormData(), { createXhr });
    xhr.onerror?.({} as ProgressEvent);
    expect(uploadFailureText(await done.catch((e: unknown) => e))).toBe('File upload failed');
  });

  it('stops the request when the signal aborts, without an alert', async () => {
    const controller = new AbortController();
    const done = uploadDesign(new FormData(), { createXhr, signal: controller.signal });
    controller.abort();
    const error = await done.catch((e: unknown) => e);
    expect(xhr.aborted).toBe(true);
    expect(uploadFailureText(error)).toBeNull();
  });
});
