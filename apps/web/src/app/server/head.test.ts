import { describe, expect, it } from 'vitest';
import { absoluteUrl, headTags, imagePreloadTag, jsonForScript, summary } from './head.ts';

const PUBLIC_URL = 'https://prints.example';

describe('the head of a server-rendered page', () => {
  it('writes JSON no text can break out of a script block with', () => {
    const json = jsonForScript({ name: '</script><script>alert(1)</script>', line: 'a\u2028b' });
    expect(json).not.toContain('<');
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>', line: 'a\u2028b' });
  });

  it('makes paths absolute under the public address and refuses anything else', () => {
    expect(absoluteUrl('/uploads/images/a.webp', `${PUBLIC_URL}/`)).toBe(
      `${PUBLIC_URL}/uploads/images/a.webp`,
    );
    expect(absoluteUrl('https://cdn.example/a.webp', PUBLIC_URL)).toBe('https://cdn.example/a.webp');
    for (const bad of ['//evil.example/a.webp', 'javascript:alert(1)', '', null, undefined]) {
      expect(absoluteUrl(bad, PUBLIC_URL)).toBeNull();
    }
  });

  it("preloads a page's main picture at high priority, in the sizes it offers, escaped", () => {
    expect(imagePreloadTag({ href: '/uploads/images/a-card.webp' })).toBe(
      '<link rel="preload" href="/uploads/images/a-card.webp" as="image" fetchpriority="high"/>',
    );
    const tag = imagePreloadTag({
      href: '/uploads/images/b".webp',
      srcSet: '/uploads/images/b-small.webp?x=1&y=2 600w, /uploads/images/b.webp 1200w',
      sizes: '(max-width: 900px) 100vw, 780px',
    });
    expect(tag).toBe(
      '<link rel="preload" href="/uploads/images/b&quot;.webp" as="image" ' +
        'imagesrcset="/uploads/images/b-small.webp?x=1&amp;y=2 600w, /uploads/images/b.webp 1200w" ' +
        'imagesizes="(max-width: 900px) 100vw, 780px" fetchpriority="high"/>',
    );
  });

  it('keeps a description to one line of at most 200 characters', () => {
    expect(summary('  Two\n\nlines  ', 'fallback')).toBe('Two lines');
    expect(summary('   ', 'fallback')).toBe('fallback');
    const long = summary('word '.repeat(100), 'fallback');
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('...')).toBe(true);
  });

  it('escapes every value and gives the picture only when there is one', () => {
    const tags = headTags(
      'A "quoted" <b> · PrintMarket',
      { description: 'Fish & <chips>', path: '/design/a/b', image: '/uploads/x.webp', type: 'product' },
      PUBLIC_URL,
    );
    expect(tags).toContain('<title>A &quot;quoted&quot; &lt;b&gt; · PrintMarket</title>');
    expect(tags).toContain('<meta name="description" content="Fish &amp; &lt;chips&gt;" />');
    expect(tags).toContain(`<link rel="canonical" href="${PUBLIC_URL}/design/a/b" />`);
    expect(tags).toContain(`<meta property="og:image" content="${PUBLIC_URL}/uploads/x.webp" />`);
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const bare = headTags('Title', { description: 'd', path: '/about' }, PUBLIC_URL);
    expect(bare).not.toContain('og:image');
    expect(bare).toContain('<meta name="twitter:card" content="summary" />');
    expect(bare).not.toContain('application/ld+json');
  });
});
