import { DEFAULT_PREFERENCES, type Preferences } from '@printmarket/shared/preference-defaults';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readCachedPreferences, writeCachedPreferences } from '@/features/preferences/preferences-cache.ts';
import { apiFetch } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session/session.tsx';
import { preferenceKeys } from './keys.ts';

/** GET /api/user/preferences: the signed-in person's saved preferences (defaults if never saved). */
export async function fetchPreferences(userId: string, signal?: AbortSignal): Promise<Preferences> {
  const preferences = await apiFetch<Preferences>('/api/user/preferences', { signal });
  writeCachedPreferences(userId, preferences);
  return preferences;
}

type PreferencesKey = ReturnType<typeof preferenceKeys.of>;

export function preferencesQueryOptions(userId: string) {
  // Spelled out: with a placeholder function, inference would take it for the data itself.
  return queryOptions<Preferences, Error, Preferences, PreferencesKey>({
    queryKey: preferenceKeys.of(userId),
    queryFn: ({ signal }) => fetchPreferences(userId, signal),
    // Changed only from Settings, which updates this cache itself; another device's change shows
    // within a few minutes.
    staleTime: 5 * 60_000,
    // Never the previous key's data: that would be someone else's after a change of account.
    placeholderData: () => readCachedPreferences(userId),
  });
}

/** The signed-in person's saved preferences (as the query answers them); disabled for visitors. */
export function useSavedPreferences() {
  const { user } = useSession();
  const userId = user?.id ?? '';
  return useQuery({ ...preferencesQueryOptions(userId), enabled: userId !== '' });
}

/**
 * The preferences screens follow: the person's own once known, the defaults for visitors and
 * while loading (or when loading failed: a preference is never worth an error on another screen).
 */
export function usePreferences(): Preferences {
  const { data } = useSavedPreferences();
  return data ?? DEFAULT_PREFERENCES;
}
