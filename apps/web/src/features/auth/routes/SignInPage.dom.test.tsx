import { act, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/render.tsx';
import SignInPage from './SignInPage.tsx';

vi.mock('@/lib/session/session.tsx', () => ({
  useSession: () => ({ status: 'signed-out', signIn: vi.fn() }),
}));

describe('sign in', () => {
  it('leads from the password field to /forgot-password by keyboard, taking the typed address along', async () => {
    stubApi(() => undefined);
    const { user, router } = renderScreen(<SignInPage />, { path: '/signin' });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'anna@example.com');
    await user.click(screen.getByLabelText('Password'));
    await user.tab(); // the Show button
    await user.tab();
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    expect(document.activeElement).toBe(link);
    expect(link.getAttribute('href')).toBe('/forgot-password');
    // In act: the next screen renders and every effect of the change runs before the test ends
    // (Preact runs effects after the paint; one left for later would outlive the test's page).
    await act(() => user.keyboard('{Enter}'));
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(router.state.location.state).toEqual({ email: 'anna@example.com' });
  });
});
