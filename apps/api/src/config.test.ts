import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const secret = 'a-shared-secret-of-at-least-32-characters';
const s3 = { S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'key' };

describe('configuration of instances that share a database or storage', () => {
  it('refuses DATABASE_URL without JWT_SECRET, naming it', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/printmarket' })).toThrow(/JWT_SECRET: required/);
  });

  it('refuses S3_BUCKET without JWT_SECRET, naming it', () => {
    expect(() => loadConfig(s3)).toThrow(/JWT_SECRET: required/);
  });

  it('accepts either with JWT_SECRET, and a lone instance without it', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/printmarket', JWT_SECRET: secret }).jwtSecret).toBe(
      secret,
    );
    expect(loadConfig({ ...s3, JWT_SECRET: secret }).storage.kind).toBe('s3');
    expect(loadConfig({}).jwtSecret).toBeUndefined();
  });
});

describe('mail configuration', () => {
  it('writes to DATA_DIR/outbox without SMTP_URL, from the contact address', () => {
    const { mail } = loadConfig({ DATA_DIR: '/srv/printmarket', CONTACT_EMAIL: 'hello@shop.example' });
    expect(mail).toEqual({
      smtpUrl: undefined,
      from: 'PrintMarket <hello@shop.example>',
      outboxDir: '/srv/printmarket/outbox',
    });
  });

  it('takes smtp:// and smtps:// addresses and refuses anything else, naming SMTP_URL', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example:465' }).mail.smtpUrl).toBe(
      'smtps://user:pass@mail.example:465',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(
      /SMTP_URL: must be smtp:\/\/… or smtps:\/\/…/,
    );
  });
});
