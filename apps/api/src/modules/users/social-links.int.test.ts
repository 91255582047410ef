import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';

/** A multipart body with text fields only, as the edit-profile form sends when no image changes. */
function fieldsBody(fields: Record<string, string>) {
  const boundary = '----printmarketSocialLinks';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe(`profile social links`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await signUp(t.app, 'Linker'));
  });
  afterAll(() => t.close());

  const saveLinks = (links: Record<string, string>) => {
    const body = fieldsBody({ socialLinks: JSON.stringify(links) });
    return t.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: { ...body.headers, 'x-auth-token': token },
      payload: body.payload,
    });
  };
  const storedLinks = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-auth-token': token } })).json()
      .socialLinks;

  it('stores http and https links', async () => {
    const links = {
      instagram: 'https://instagram.com/linker',
      twitter: 'http://twitter.com/linker',
      custom: 'https://shop.example.com/linker?ref=profile',
    };
    const res = await saveLinks(links);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.socialLinks).toEqual(links);
    expect(await storedLinks()).toEqual(links);
  });

  it.each([
    ['javascript:alert(document.cookie)', 'Links must start with http:// or https://'],
    ['data:text/html;base64,PHNjcmlwdD4=', 'Links must start with http:// or https://'],
    ['ftp://files.example.com/model.stl', 'Links must start with http:// or https://'],
    ['www.example.com', 'Links must start with http:// or https://'],
    ['https://instagram.com@evil.example/login', 'Links cannot contain a user name or password.'],
    ['https://exa mple.com', 'Links cannot contain spaces.'],
    ['http://intranet', 'Links must be full web addresses, like https://example.com'],
  ])('refuses %j with a clear 400 and keeps the links it had', async (link, message) => {
    const before = await storedLinks();
    const res = await saveLinks({ instagram: 'https://instagram.com/changed', custom: link });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED' });
    expect(await storedLinks()).toEqual(before);
  });
});
