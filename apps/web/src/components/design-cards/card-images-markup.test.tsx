import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testCard, testImage } from '@/test/design-card.ts';
import { renderWithHead } from '@/test/render-with-head.tsx';
import { DesignCardGrid } from './DesignCardGrid.tsx';

const card = (id: string) =>
  testCard(id, {
    user: { _id: 'u1', username: 'maker', profilePicture: '/uploads/avatars/maker.webp' },
    files: [testImage(id, `/uploads/images/${id}-card.webp`)],
  });

const render = (priorityFirst: boolean) =>
  renderWithHead(
    <MemoryRouter>
      <DesignCardGrid designs={[card('a'), card('b'), card('c')]} priorityFirst={priorityFirst} />
    </MemoryRouter>,
  );

const imageTag = (html: string, src: string) =>
  new RegExp(`<img [^>]*src="${src}"[^>]*>`).exec(html)?.[0] ?? '';

describe("a card grid's pictures", () => {
  it('load the first card first and preloaded; every other picture lazily', () => {
    const { html, preloads } = render(true);
    expect(preloads).toBe(
      '<link rel="preload" href="/uploads/images/a-card.webp" as="image" fetchpriority="high"/>',
    );
    const first = imageTag(html, '/uploads/images/a-card.webp');
    expect(first).toMatch(/fetchpriority="high"/i);
    expect(first).not.toContain('loading="lazy"');
    for (const other of [
      '/uploads/images/b-card.webp',
      '/uploads/images/c-card.webp',
      '/uploads/avatars/maker.webp',
    ]) {
      expect(imageTag(html, other)).toMatch(/loading="lazy"[^>]*decoding="async"/);
    }
    // Width and height reserve the picture's space before it arrives.
    expect(first).toMatch(/width="600" height="450"/);
  });

  it('load every picture lazily in lists that are not what the page shows first', () => {
    const { html, preloads } = render(false);
    expect(preloads).toBe('');
    expect(html).not.toMatch(/fetchpriority="high"/i);
    expect(imageTag(html, '/uploads/images/a-card.webp')).toContain('loading="lazy"');
  });
});

describe('a card of a taken-down design', () => {
  it('says so on the owner’s card, and nothing is said on the others', () => {
    const { html } = renderWithHead(
      <MemoryRouter>
        <DesignCardGrid designs={[{ ...card('down'), takenDown: true }, card('up')]} priorityFirst={false} />
      </MemoryRouter>,
    );
    expect(html.match(/Taken down/g)).toHaveLength(1);
  });
});
