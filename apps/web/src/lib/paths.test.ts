import { VERIFY_EMAIL_PATH } from '@printmarket/shared/email-verification';
import { UNSUBSCRIBE_PATH } from '@printmarket/shared/notifications';
import { RESET_PASSWORD_PATH } from '@printmarket/shared/password-reset';
import { COPYRIGHT_PATH } from '@printmarket/shared/reports';
import { describe, expect, it } from 'vitest';
import { paths, routePatterns } from './paths.ts';

describe('paths', () => {
  it('encodes data taken into a path segment', () => {
    expect(paths.profile('anna')).toBe('/profile/anna');
    expect(paths.profile('a/b?c#d')).toBe('/profile/a%2Fb%3Fc%23d');
    expect(paths.design('Zoë', 'vase 2')).toBe('/design/Zo%C3%AB/vase%202');
    expect(paths.collection('../x')).toBe('/collection/..%2Fx');
    expect(paths.editDesign('id/1')).toBe('/edit-design/id%2F1');
    expect(paths.sandboxCheckout('cs_1')).toBe('/sandbox/checkout/cs_1');
  });

  it('builds queries with URLSearchParams, leaving empty filters out', () => {
    expect(paths.search({ query: 'red & blue' })).toBe('/search?query=red+%26+blue');
    expect(paths.search({ query: '' })).toBe('/search?query=');
    expect(paths.search({ query: 'vase', category: 'Home', tag: '', page: '2' })).toBe(
      '/search?query=vase&category=Home&page=2',
    );
    expect(paths.home({ sort: 'most-popular', page: '3' })).toBe('/?sort=most-popular&page=3');
    expect(paths.home({ sort: undefined })).toBe('/');
    expect(paths.dashboard()).toBe('/dashboard');
    expect(paths.dashboard({ tab: 'collections' })).toBe('/dashboard?tab=collections');
    expect(paths.settings()).toBe('/settings');
    expect(paths.settings({ tab: 'preferences' })).toBe('/settings?tab=preferences');
    expect(paths.admin({ tab: 'audit' })).toBe('/admin?tab=audit');
  });

  it('keeps the fixed addresses as the app has always used them', () => {
    expect(paths.home()).toBe('/');
    expect(paths.signIn()).toBe('/signin');
    expect(paths.myPurchases()).toBe('/MyPurchases');
    expect(paths.privacy()).toBe('/privacyPolicy');
  });

  it('opens the reset screen where the reset mails link to', () => {
    expect(paths.resetPassword()).toBe(RESET_PASSWORD_PATH);
  });

  it('opens the confirmation screen where the confirmation mails link to', () => {
    expect(paths.verifyEmail()).toBe(VERIFY_EMAIL_PATH);
  });

  it('opens the unsubscribe screen where the notification mails link to', () => {
    expect(paths.unsubscribe()).toBe(UNSUBSCRIBE_PATH);
  });

  it('opens the copyright page where the shared package says it is', () => {
    expect(paths.copyright()).toBe(COPYRIGHT_PATH);
  });

  it('builds addresses its own route patterns match', () => {
    const matches = (pattern: string, path: string) =>
      new RegExp(`^/${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}$`, 'i').test(path.split('?')[0] ?? '');
    expect(matches(routePatterns.design, paths.design('a/b', 'c'))).toBe(true);
    expect(matches(routePatterns.profile, paths.profile('x y'))).toBe(true);
    expect(matches(routePatterns.collection, paths.collection('1'))).toBe(true);
    expect(matches(routePatterns.search, paths.search({ query: 'q' }))).toBe(true);
    expect(matches(routePatterns.myPurchases, paths.myPurchases())).toBe(true);
    expect(matches(routePatterns.forgotPassword, paths.forgotPassword())).toBe(true);
    expect(matches(routePatterns.resetPassword, paths.resetPassword())).toBe(true);
    expect(matches(routePatterns.verifyEmail, paths.verifyEmail())).toBe(true);
    expect(matches(routePatterns.unsubscribe, paths.unsubscribe())).toBe(true);
    expect(matches(routePatterns.copyright, paths.copyright())).toBe(true);
    expect(matches(routePatterns.settings, paths.settings({ tab: 'preferences' }))).toBe(true);
  });
});
