import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { socialLinkProblem, socialLinksSchema } from './auth.ts';

describe('social links', () => {
  it.each([
    '',
    'https://instagram.com/maker',
    'http://twitter.com/maker?ref=profile#top',
    'HTTPS://Example.COM',
    'https://192.168.1.20:8080/shop',
    'https://bücher.example/regal',
  ])('accepts the web address %j', (link) => {
    expect(socialLinkProblem(link)).toBeNull();
  });

  it.each([
    ['javascript:alert(1)', 'Links must start with http:// or https://'],
    ['data:text/html,<script>alert(1)</script>', 'Links must start with http:// or https://'],
    ['ftp://files.example.com', 'Links must start with http:// or https://'],
    ['instagram.com/maker', 'Links must start with http:// or https://'],
    ['https://exa mple.com', 'Links cannot contain spaces.'],
    ['https://example.com/\u0007', 'Links cannot contain spaces.'],
    ['https://instagram.com@evil.example/x', 'Links cannot contain a user name or password.'],
    ['http://localhost:3000', 'Links must be full web addresses, like https://example.com'],
    ['https://exa%mple.com', 'Links must be full web addresses, like https://example.com'],
    ['https://[2001:db8::1]/shop', 'Links must be full web addresses, like https://example.com'],
    ['https://example.42', 'Links must be full web addresses, like https://example.com'],
    ['https://foo.0x1', 'Links must be full web addresses, like https://example.com'],
    ['https://example.com:70000', 'Links must be full web addresses, like https://example.com'],
  ])('refuses %j', (link, message) => {
    expect(socialLinkProblem(link)).toBe(message);
  });

  it('trims, fills missing links with empty text and reports the first problem', () => {
    expect(socialLinksSchema.parse({ instagram: '  https://instagram.com/me ' })).toEqual({
      instagram: 'https://instagram.com/me',
      twitter: '',
      custom: '',
    });
    const result = socialLinksSchema.safeParse({ custom: 'javascript:alert(1)' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Links must start with http:// or https://');
    expect(socialLinksSchema.safeParse({ twitter: `https://x.com/${'a'.repeat(300)}` }).success).toBe(false);
  });

  it('never accepts a link that is not an http(s) URL with a host', () => {
    // The WHATWG URL parser of the runtime as the judge (the package itself has no DOM types).
    type WebUrl = { protocol: string; hostname: string; username: string; password: string };
    const { URL } = globalThis as unknown as { URL: new (input: string) => WebUrl };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((rest) => `https://${rest}`),
          fc.webUrl(),
        ),
        (link) => {
          if (link === '' || socialLinkProblem(link) !== null) return;
          const url = new URL(link);
          expect(['http:', 'https:']).toContain(url.protocol);
          expect(url.hostname).not.toBe('');
          expect(url.username).toBe('');
          expect(url.password).toBe('');
        },
      ),
    );
  });
});
