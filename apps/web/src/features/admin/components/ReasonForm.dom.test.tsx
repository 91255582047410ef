import { act, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { renderScreen } from '@/test/render.tsx';
import { REASON_REQUIRED, ReasonForm, type ReasonFormProps } from './ReasonForm.tsx';

function render(change: Partial<ReasonFormProps> = {}) {
  const props = {
    label: 'Reason',
    required: true,
    submitLabel: 'Suspend',
    busyLabel: 'Suspending...',
    failureText: 'Failed to suspend the account',
    onSubmit: vi.fn(async () => {}),
    onCancel: vi.fn(),
    onUnauthorized: vi.fn(),
    ...change,
  };
  const view = renderScreen(<ReasonForm {...props} />, { path: '/admin' });
  return { ...view, props };
}

const failWith = (status: number, serverMessage: string | null) =>
  vi.fn(async () => {
    throw new ApiError({ status, code: `HTTP_${status}`, serverMessage });
  });

describe('The reason form of the operators’ dialogs', () => {
  it('sends the trimmed reason, says so while it runs, and takes the error away once typed', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = render({ onSubmit });
    await act(() => user.click(screen.getByRole('button', { name: 'Suspend' })));
    expect(screen.getByText(REASON_REQUIRED)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Reason'));
    await user.type(screen.getByLabelText('Reason'), '  Spam.  ');
    expect(screen.queryByText(REASON_REQUIRED)).toBeNull();
    await act(() => user.click(screen.getByRole('button', { name: 'Suspend' })));
    expect(onSubmit).toHaveBeenCalledWith('Spam.');
    const busy = screen.getByRole('button', { name: 'Suspending...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Suspend' }).hasAttribute('disabled')).toBe(false);
  });

  it('sends an empty optional note', async () => {
    const { user, props } = render({ required: false, label: 'Note for the audit log' });
    expect(screen.getByText('Optional.')).toBeTruthy();
    await act(() => user.click(screen.getByRole('button', { name: 'Suspend' })));
    expect(props.onSubmit).toHaveBeenCalledWith('');
  });

  it('hands a 401 to the screen instead of showing it', async () => {
    const { user, props } = render({ onSubmit: failWith(401, 'Please sign in.') });
    await user.type(screen.getByLabelText('Reason'), 'Spam.');
    await act(() => user.click(screen.getByRole('button', { name: 'Suspend' })));
    await vi.waitFor(() => expect(props.onUnauthorized).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows its own words when the server said nothing usable', async () => {
    const { user } = render({ onSubmit: failWith(502, null) });
    await user.type(screen.getByLabelText('Reason'), 'Spam.');
    await act(() => user.click(screen.getByRole('button', { name: 'Suspend' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to suspend the account');
  });

  it('Cancel leaves without sending', async () => {
    const { user, props } = render();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onCancel).toHaveBeenCalledTimes(1);
    expect(props.onSubmit).not.toHaveBeenCalled();
  });
});
