import { describe, expect, it } from 'vitest';
import { composeMail } from './compose-mail.ts';

const brand = {
  companyName: 'Maker & Co <LLC>',
  contactEmail: 'help@shop.example',
  publicUrl: 'https://shop.example',
};

describe('composeMail', () => {
  it('writes both parts from the same words, escaping what the HTML part shows', () => {
    const mail = composeMail(
      'ana@example.com',
      {
        subject: 'You sold <Gear>',
        greeting: 'Hello Ana,',
        paragraphs: ['"Gear & Co" sold for $3.50.'],
        action: { label: 'See your sales', url: 'https://shop.example/seller?a=1&b=2' },
        closing: ['Thanks.'],
      },
      brand,
    );
    expect(mail.to).toBe('ana@example.com');
    expect(mail.text).toBe(
      'Hello Ana,\n\n"Gear & Co" sold for $3.50.\n\nSee your sales:\nhttps://shop.example/seller?a=1&b=2\n\nThanks.\n\n' +
        '-- \nPrintMarket · Maker & Co <LLC> · https://shop.example\nQuestions? Write to help@shop.example.\n',
    );
    expect(mail.html).toContain('&quot;Gear &amp; Co&quot; sold for $3.50.');
    expect(mail.html).toContain('href="https://shop.example/seller?a=1&amp;b=2"');
    expect(mail.html).toContain('<title>You sold &lt;Gear&gt;</title>');
    expect(mail.html).toContain('Maker &amp; Co &lt;LLC&gt;');
    expect(mail.html).not.toContain('<Gear>');
    expect(mail.headers).toEqual({});
  });

  it('gives a notification its unsubscribe link, in the footer and as one-click List-Unsubscribe headers', () => {
    const unsubscribeUrl = 'https://shop.example/unsubscribe?t=abc';
    const mail = composeMail(
      'ana@example.com',
      { subject: 'New follower', greeting: 'Hi,', paragraphs: [], unsubscribeUrl },
      brand,
    );
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain(`Turn these emails off: ${unsubscribeUrl}`);
    expect(mail.html).toContain(`<a href="${unsubscribeUrl}"`);
  });
});
