import {
  type DesignTakedown,
  TAKEDOWN_ALREADY_REPLIED,
  TAKEDOWN_REPLY_SENT,
} from '@printmarket/shared/admin';
import { act, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderScreen, stubApi } from '@/test/render.tsx';
import { posts, pressAndSettle } from '@/test/settle.ts';
import { TakedownNotice } from './TakedownNotice.tsx';
import { REPLY_REQUIRED } from './TakedownReplyForm.tsx';

const takedown: DesignTakedown = {
  at: '2026-03-04T12:00:00.000Z',
  reason: 'Copies the Acme vase.',
  reply: null,
};
const replied: DesignTakedown = {
  ...takedown,
  reply: { at: '2026-03-05T12:00:00.000Z', message: 'I drew it myself; here are my sketches.' },
};

const REPLY_PATH = '/api/designs/d1/takedown-reply';

const render = (value: DesignTakedown, isOwner: boolean) =>
  renderScreen(<TakedownNotice designId="d1" takedown={value} isOwner={isOwner} />, {
    path: '/design/maker/vase',
  });

const notice = () => screen.getByRole('region', { name: 'This design was taken down' });

describe('Takedown notice on the design page', () => {
  it('tells the owner that operators took it down, when and why, and that nobody else sees it', () => {
    stubApi(() => undefined);
    render(takedown, true);
    expect(notice().textContent).toContain(
      'Operators took this design down on Mar 4, 2026. Nobody else can see it: only you and the operators can open this page.',
    );
    expect(screen.getByText('Copies the Acme vase.')).toBeTruthy();
    expect(screen.getByLabelText('Your reply to the operators')).toBeTruthy();
  });

  it('sends the owner’s reply once: the sent message, then the reply instead of the form', async () => {
    const calls = stubApi((call) =>
      call.path === REPLY_PATH ? { status: 201, json: { takedown: replied } } : undefined,
    );
    const { user, queryClient } = render(takedown, true);
    // Empty: the form says so and sends nothing.
    await act(() => user.click(screen.getByRole('button', { name: 'Send reply' })));
    expect(screen.getByText(REPLY_REQUIRED)).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    await user.type(
      screen.getByLabelText('Your reply to the operators'),
      '  I drew it myself; here are my sketches. ',
    );
    await pressAndSettle(user, screen.getByRole('button', { name: 'Send reply' }), calls, queryClient);
    expect(posts(calls)).toEqual([[REPLY_PATH, { message: 'I drew it myself; here are my sketches.' }]]);
    expect(screen.getByRole('status').textContent).toBe(TAKEDOWN_REPLY_SENT);
    expect(document.activeElement).toBe(screen.getByRole('status'));
    expect(screen.getByText('I drew it myself; here are my sketches.')).toBeTruthy();
    expect(screen.getByText('Your reply')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
    expect(screen.queryByLabelText('Your reply to the operators')).toBeNull();
  });

  it('shows a reply already sent, and no form', () => {
    stubApi(() => undefined);
    render(replied, true);
    expect(screen.getByText('I drew it myself; here are my sketches.')).toBeTruthy();
    expect(notice().textContent).toContain('(sent Mar 5, 2026)');
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
  });

  it('says so when the server already has a reply (409), and takes the form away', async () => {
    const calls = stubApi((call) =>
      call.path === REPLY_PATH
        ? { status: 409, json: { message: TAKEDOWN_ALREADY_REPLIED, code: 'ALREADY_REPLIED' } }
        : undefined,
    );
    const { user, queryClient } = render(takedown, true);
    await user.type(screen.getByLabelText('Your reply to the operators'), 'Second thoughts.');
    await pressAndSettle(user, screen.getByRole('button', { name: 'Send reply' }), calls, queryClient);
    expect(screen.getByRole('alert').textContent).toBe(TAKEDOWN_ALREADY_REPLIED);
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
  });

  it("keeps the form with the server's words after another refusal", async () => {
    const calls = stubApi((call) =>
      call.path === REPLY_PATH
        ? { status: 400, json: { message: 'The reply must be at most 5000 characters.', code: 'VALIDATION' } }
        : undefined,
    );
    const { user, queryClient } = render(takedown, true);
    await user.type(screen.getByLabelText('Your reply to the operators'), 'Long.');
    await pressAndSettle(user, screen.getByRole('button', { name: 'Send reply' }), calls, queryClient);
    expect(screen.getByRole('alert').textContent).toBe('The reply must be at most 5000 characters.');
    expect((screen.getByLabelText('Your reply to the operators') as HTMLTextAreaElement).value).toBe('Long.');
  });

  it('tells an operator about the owner, with no form to reply', () => {
    stubApi(() => undefined);
    render(takedown, false);
    expect(notice().textContent).toContain('only its owner and the operators can open this page.');
    expect(screen.getByText('The owner has not replied.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
  });

  it("shows an operator the owner's reply", () => {
    stubApi(() => undefined);
    render(replied, false);
    expect(screen.getByText('Owner’s reply')).toBeTruthy();
    expect(screen.getByText('I drew it myself; here are my sketches.')).toBeTruthy();
  });
});
