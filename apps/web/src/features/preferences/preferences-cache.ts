import {
  DEFAULT_PREFERENCES,
  type Preferences,
  preferencesUpdateSchema,
} from '@printmarket/shared/preferences';

/**
 * The last preferences this browser saw, per person. They stand in while the saved ones load, so a
 * person whose home page is sorted by popularity does not first see the newest designs flash by.
 */
const key = (userId: string) => `preferences:${userId}`;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): KeyValueStore | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The remembered preferences, or undefined when none (or something unreadable) is stored. */
export function readCachedPreferences(userId: string, store = storage()): Preferences | undefined {
  try {
    const raw = store?.getItem(key(userId));
    if (!raw) return undefined;
    const parsed = preferencesUpdateSchema.safeParse(JSON.parse(raw));
    return parsed.success ? { ...DEFAULT_PREFERENCES, ...parsed.data } : undefined;
  } catch {
    return undefined;
  }
}

export function writeCachedPreferences(userId: string, preferences: Preferences, store = storage()): void {
  try {
    store?.setItem(key(userId), JSON.stringify(preferences));
  } catch {
    // Storage full or disabled: the preferences then load from the server each time.
  }
}
