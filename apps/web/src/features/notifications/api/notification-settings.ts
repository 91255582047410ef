import type { NotificationSettings, NotificationSettingsUpdate } from '@printmarket/shared/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session/session.tsx';
import { notificationKeys } from './keys.ts';

/** GET /api/user/notifications: which mails the signed-in person gets (every kind, true = on). */
export function fetchNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return apiFetch<NotificationSettings>('/api/user/notifications', { signal });
}

/** The signed-in person's notification settings; disabled for visitors. */
export function useNotificationSettings() {
  const { user } = useSession();
  const userId = user?.id ?? '';
  return useQuery({
    // Per person: never the previous account's settings after a change of account.
    queryKey: notificationKeys.of(userId),
    queryFn: ({ signal }) => fetchNotificationSettings(signal),
    enabled: userId !== '',
  });
}

/** PUT /api/user/notifications: saves the kinds given and answers every setting as it now is. */
export function saveNotificationSettings(change: NotificationSettingsUpdate): Promise<NotificationSettings> {
  return apiFetch<NotificationSettings>('/api/user/notifications', { method: 'PUT', json: change });
}

export function useSaveNotificationSettingsMutation() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    // One at a time, in the order changed: each answer holds every setting, so the last one
    // answered must be the last one made.
    scope: { id: 'notification-settings' },
    onSuccess: (settings) => {
      if (user) queryClient.setQueryData(notificationKeys.of(user.id), settings);
    },
  });
}
