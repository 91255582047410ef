import { DESIGN_SORTS } from '@printmarket/shared/constants';
import { DEFAULT_PREFERENCES, type Preferences } from '@printmarket/shared/preference-defaults';

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
    const stored = storedPreferences(JSON.parse(raw));
    return stored ? { ...DEFAULT_PREFERENCES, ...stored } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The fields of a stored copy, or null when it is not one (the rule of the server's preferences
 * schema, written out: that schema would bring zod into the home page's first load).
 */
function storedPreferences(value: unknown): Partial<Preferences> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { homeSort, autoOpen3d, ...unknown } = value as Record<string, unknown>;
  if (Object.keys(unknown).length > 0) return null;
  if (homeSort !== undefined && !DESIGN_SORTS.includes(homeSort as Preferences['homeSort'])) return null;
  if (autoOpen3d !== undefined && typeof autoOpen3d !== 'boolean') return null;
  return {
    ...(homeSort !== undefined && { homeSort: homeSort as Preferences['homeSort'] }),
    ...(autoOpen3d !== undefined && { autoOpen3d }),
  };
}

export function writeCachedPreferences(userId: string, preferences: Preferences, store = storage()): void {
  try {
    store?.setItem(key(userId), JSON.stringify(preferences));
  } catch {
    // Storage full or disabled: the preferences then load from the server each time.
  }
}
