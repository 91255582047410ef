import type { Preferences, PreferencesUpdate } from '@printmarket/shared/preferences';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeCachedPreferences } from '@/features/preferences/preferences-cache.ts';
import { apiFetch } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session/session.tsx';
import { preferencesQueryOptions } from './preferences.ts';

/*
 * Apart from the reading side (preferences.ts), which the home page loads: saving is for Settings.
 */

/** PUT /api/user/preferences: saves the fields given and answers the preferences as they now are. */
export function savePreferences(change: PreferencesUpdate): Promise<Preferences> {
  return apiFetch<Preferences>('/api/user/preferences', { method: 'PUT', json: change });
}

export function useSavePreferencesMutation() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (preferences) => {
      if (!user) return;
      queryClient.setQueryData(preferencesQueryOptions(user.id).queryKey, preferences);
      writeCachedPreferences(user.id, preferences);
    },
  });
}
