import type { CurrentUser } from '@printmarket/shared/types';
import { screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import { EditProfileForm } from './EditProfileForm.tsx';

const refresh = vi.fn(async () => {});
vi.mock('@/lib/session/session.tsx', () => ({ useSession: () => ({ refresh }) }));

const person: CurrentUser = {
  _id: 'u1',
  id: 'u1',
  username: 'maker',
  name: 'Maker',
  email: 'maker@example.com',
  emailVerified: true,
  isAdmin: false,
  bio: 'I print things',
  location: 'Oslo',
  profilePicture: null,
  bannerImage: null,
  bannerImageMedium: null,
  socialLinks: { instagram: '', twitter: '', custom: '' },
  lastUsernameChange: null,
  profileCompleted: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const updates = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/user/update-profile');

function renderForm() {
  const onSaved = vi.fn();
  const view = renderScreen(
    <EditProfileForm user={person} onSaved={onSaved} successMessage="Profile saved." />,
  );
  return { ...view, onSaved };
}

describe('edit profile form', () => {
  it('marks a link that is not a web address when the field is left, and sends nothing on Save', async () => {
    const calls = stubApi(() => undefined);
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'example.com');
    await user.tab();
    expect(screen.getByText('Links must start with http:// or https://')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Website' }));
    expect(updates(calls)).toEqual([]);
  });

  it('sends what was typed (not the unchanged username) and says it was saved', async () => {
    const saved = { ...person, bio: 'Terrain and minis' };
    const calls = stubApi((call) =>
      call.path === '/api/user/update-profile' ? { json: { message: 'ok', user: saved } } : undefined,
    );
    const { user, onSaved } = renderForm();
    expect(screen.getByRole('textbox', { name: 'Bio' })).toHaveProperty('value', 'I print things');
    await user.clear(screen.getByRole('textbox', { name: 'Bio' }));
    await user.type(screen.getByRole('textbox', { name: 'Bio' }), ' Terrain and minis ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.getByRole('status').textContent).toBe('Profile saved.');
    expect(refresh).toHaveBeenCalled();
    const body = updates(calls)[0]?.body as FormData;
    expect(body.get('bio')).toBe('Terrain and minis');
    expect(body.get('location')).toBe('Oslo');
    expect(body.has('username')).toBe(false);
  });

  it('shows a refused username at the field and in the message, keeping what was typed', async () => {
    stubApi(() => ({ status: 409, json: { message: 'Username is already taken.', code: 'USERNAME_TAKEN' } }));
    const { user, onSaved } = renderForm();
    await user.clear(screen.getByRole('textbox', { name: 'Username' }));
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'taken');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Something wentwrongUsername is already taken.'.replace('wentwrong', 'went wrong'),
    );
    expect(screen.getAllByText('Username is already taken.')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveProperty('value', 'taken');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
