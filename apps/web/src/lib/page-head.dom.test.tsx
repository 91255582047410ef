import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderWithHead } from '@/test/render-with-head.tsx';
import { DEFAULT_TITLE, PageTitle, usePreloadImage } from './page-head.tsx';

function Picture({ href }: { href: string | null }) {
  usePreloadImage(href ? { href } : null);
  return null;
}

describe("a page's head", () => {
  it('names the tab while the page is on screen, follows it, and gives it back on leaving', () => {
    const page = render(<PageTitle>Benchy · PrintMarket</PageTitle>);
    expect(document.title).toBe('Benchy · PrintMarket');
    page.rerender(<PageTitle>Edit Benchy · PrintMarket</PageTitle>);
    expect(document.title).toBe('Edit Benchy · PrintMarket');
    page.unmount();
    expect(document.title).toBe(DEFAULT_TITLE);
  });

  it('takes the later of two titles, on the server as in the browser', () => {
    const tree = (
      <>
        <PageTitle>Outer · PrintMarket</PageTitle>
        <div>
          <PageTitle>Inner · PrintMarket</PageTitle>
        </div>
      </>
    );
    expect(renderWithHead(tree).title).toBe('Inner · PrintMarket');
    render(tree);
    expect(document.title).toBe('Inner · PrintMarket');
  });

  it('gathers each main picture once for the server, and none outside a server render', () => {
    const tree = (
      <>
        <Picture href="/uploads/images/a.webp" />
        <Picture href="/uploads/images/a.webp" />
        <Picture href={null} />
      </>
    );
    const { html, preloads } = renderWithHead(tree);
    expect(html).toBe('');
    expect(preloads).toBe(
      '<link rel="preload" href="/uploads/images/a.webp" as="image" fetchpriority="high"/>',
    );
    render(tree);
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });
});
