import { describe, expect, it } from 'vitest';
import { newFollowersMail } from './notifications-mails.ts';

const links = {
  publicUrl: 'https://shop.example',
  unsubscribeUrl: 'https://shop.example/unsubscribe?token=t',
};

describe('the new-followers mail', () => {
  it('names one follower in its subject', () => {
    const mail = newFollowersMail('Gus', ['Pal'], 1, links);
    expect(mail.subject).toBe('Pal followed you on PrintMarket');
    expect(mail.paragraphs).toEqual(['Pal now follows you and will see your new designs.']);
    expect(mail.action?.url).toBe('https://shop.example/profile/Gus');
  });

  it('names the first ten of many and counts the others', () => {
    const names = Array.from({ length: 10 }, (_, i) => `fan${i}`);
    const mail = newFollowersMail('Gus', names, 12, links);
    expect(mail.subject).toBe('12 new followers on PrintMarket');
    expect(mail.paragraphs[0]).toBe(
      `${names.join(', ')} and 2 more now follow you and will see your new designs.`,
    );
    expect(newFollowersMail('Gus', ['a', 'b'], 2, links).paragraphs[0]).toBe(
      'a, b now follow you and will see your new designs.',
    );
  });
});
