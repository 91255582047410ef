import { feeSplit } from '@printmarket/shared/money';
import type { SandboxCheckout } from '@printmarket/shared/payments';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SandboxCheckoutView } from './SandboxCheckoutView.tsx';

/** The texts of the buttons and links in a piece of markup. */
function controls(html: string): string[] {
  return [...html.matchAll(/<(button|a)\b([^>]*)>(.*?)<\/\1>/g)].map(([, tag, attrs = '', inner = '']) => {
    const text = inner.replace(/<[^>]+>/g, '').trim();
    return `${tag}:${text}${/ disabled(?=[ >]|$)/.test(attrs) ? ' (disabled)' : ''}`;
  });
}

const sandbox = (change: Partial<SandboxCheckout> = {}): SandboxCheckout => ({
  sessionId: 'cs_1',
  kind: 'design',
  itemName: 'Gear',
  sellerUsername: 'maker',
  planType: null,
  split: feeSplit(1000),
  status: 'open',
  successUrl: '/payment-success?purchaseType=design&itemId=d1&session_id=cs_1',
  cancelUrl: '/design/maker/gear',
  ...change,
});

describe('sandbox checkout page', () => {
  const view = (checkout: SandboxCheckout) =>
    renderToStaticMarkup(
      <SandboxCheckoutView
        checkout={checkout}
        busy={null}
        problem={null}
        onPay={() => {}}
        onCancel={() => {}}
      />,
    );

  it('is labelled as test mode and shows the item, its kind, the price and where the money goes', () => {
    const html = view(sandbox());
    expect(html).toContain('Test mode — no real money moves');
    expect(html).toContain('Gear');
    expect(html).toContain('<dd>Design</dd>');
    expect(html).toMatch(/Platform fee \(15 %\)<\/th><td>\$1\.50/);
    expect(html).toMatch(/Payment provider \(2 %\)<\/th><td>\$0\.20/);
    expect(html).toMatch(/Creator receives<\/th><td>\$8\.30/);
    expect(controls(html)).toEqual(['button:Cancel', 'button:Pay $10.00']);
  });

  it('says when the checkout is already complete, with the way to the purchase', () => {
    const html = view(sandbox({ status: 'complete' }));
    expect(html).toContain('This checkout is already complete.');
    expect(html).toContain('href="/payment-success?purchaseType=design&amp;itemId=d1&amp;session_id=cs_1"');
    expect(html).not.toContain('Pay $');
  });
});
