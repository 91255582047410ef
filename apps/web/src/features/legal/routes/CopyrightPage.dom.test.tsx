import type { PublicConfig } from '@printmarket/shared/types';
import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderScreen, stubApi } from '@/test/render.tsx';
import CopyrightPage from './CopyrightPage.tsx';

const config: PublicConfig = {
  googleEnabled: false,
  companyName: 'PrintMarket LLC',
  contactEmail: 'rights@printmarket.test',
  serverLocation: 'the United States',
  paymentsMode: 'off',
};

describe('/copyright', () => {
  it('says how to report and answer, with the configured contact address', async () => {
    stubApi((call) => (call.path === '/api/config' ? { json: config } : undefined));
    renderScreen(<CopyrightPage />, { path: '/copyright' });
    await screen.findByRole('heading', { level: 2, name: '1. How to report' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Copyright and takedown notices');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Contents',
      '1. How to report',
      '2. What a written notice must contain',
      '3. What happens next',
      '4. Counter-notice',
    ]);
    const mails = screen.getAllByRole('link', { name: config.contactEmail });
    expect(mails.map((link) => link.getAttribute('href'))).toEqual([
      `mailto:${config.contactEmail}`,
      `mailto:${config.contactEmail}`,
    ]);
    expect(screen.getByText(/PrintMarket LLC/)).toBeTruthy();
    // The terms' date does not cover this page.
    expect(screen.queryByText(/Last updated/)).toBeNull();
  });
});
