import type { TestApp } from './app.ts';

/** Changes a person's username through PUT /api/user/update-profile, as the edit modal does. */
export function renameThroughApi(t: TestApp, token: string, username: string) {
  const boundary = `----printmarket${Math.random().toString(16).slice(2)}`;
  return t.app.inject({
    method: 'PUT',
    url: '/api/user/update-profile',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-auth-token': token },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\n${username}\r\n--${boundary}--\r\n`,
  });
}
