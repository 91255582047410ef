import type { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/preact';
import type { UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import type { ApiCall } from './render.tsx';

/** The calls that change something (POST), as `[path, body]`: what a screen sent. */
export const posts = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST').map((call) => [call.path, JSON.parse(String(call.body))]);

/**
 * Presses `button`, which sends one more POST, and waits in act until it was sent and its answer
 * handled: what the answer causes is rendered before the test goes on.
 */
export async function pressAndSettle(
  user: UserEvent,
  button: HTMLElement,
  calls: ApiCall[],
  queryClient: QueryClient,
) {
  const count = posts(calls).length + 1;
  await act(async () => {
    await user.click(button);
    await vi.waitFor(() => {
      expect(posts(calls)).toHaveLength(count);
      expect(queryClient.isMutating()).toBe(0);
    });
  });
}
