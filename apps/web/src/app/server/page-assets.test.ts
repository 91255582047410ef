import { describe, expect, it } from 'vitest';
import { type BuildManifest, pageAssetTags } from './page-assets.ts';

/** The shape Vite writes: the entry, two screens and the chunks they share. */
const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-A.js', css: ['assets/index-A.css'], imports: ['_api-client-B.js'] },
  '_api-client-B.js': { file: 'assets/api-client-B.js' },
  '_DesignCard-C.js': {
    file: 'assets/DesignCard-C.js',
    css: ['assets/DesignCard-C.css'],
    imports: ['_api-client-B.js'],
  },
  'src/pages/home/HomePage.tsx': {
    file: 'assets/HomePage-D.js',
    css: ['assets/HomePage-D.css'],
    imports: ['_DesignCard-C.js', 'index.html'],
  },
  'src/pages/design/DesignPage.tsx': {
    file: 'assets/DesignPage-E.js',
    css: ['assets/DesignPage-E.css'],
    imports: ['_DesignCard-C.js'],
  },
};

const hrefs = (tags: string, rel: string) =>
  [...tags.matchAll(new RegExp(`<link rel="${rel}" crossorigin href="([^"]+)">`, 'g'))].map((m) => m[1]);

describe('pageAssetTags', () => {
  it("links a screen's stylesheets after those of the chunks it imports, and preloads its scripts", () => {
    const tags = pageAssetTags(manifest, ['src/pages/home/HomePage.tsx']);
    expect(hrefs(tags, 'stylesheet')).toEqual(['/assets/DesignCard-C.css', '/assets/HomePage-D.css']);
    expect(hrefs(tags, 'modulepreload')).toEqual(['/assets/DesignCard-C.js', '/assets/HomePage-D.js']);
  });

  it('leaves out what index.html loads already', () => {
    const tags = pageAssetTags(manifest, ['src/pages/home/HomePage.tsx']);
    expect(tags).not.toContain('index-A');
    expect(tags).not.toContain('api-client-B');
  });

  it('names a chunk two screens share once', () => {
    const tags = pageAssetTags(manifest, ['src/pages/home/HomePage.tsx', 'src/pages/design/DesignPage.tsx']);
    expect(hrefs(tags, 'stylesheet')).toEqual([
      '/assets/DesignCard-C.css',
      '/assets/HomePage-D.css',
      '/assets/DesignPage-E.css',
    ]);
    expect(hrefs(tags, 'modulepreload')).toHaveLength(3);
  });

  it('adds nothing without a manifest or for a module it does not know', () => {
    expect(pageAssetTags(null, ['src/pages/home/HomePage.tsx'])).toBe('');
    expect(pageAssetTags(manifest, ['src/pages/nowhere/Nowhere.tsx'])).toBe('');
  });
});
