import {
  DEFAULT_PREFERENCES,
  type Preferences,
  preferencesUpdateSchema,
} from '@printmarket/shared/preferences';
import type { Viewer } from '../../lib/auth-context.ts';
import { parseInput } from '../../lib/validate.ts';
import type { PreferencesRepo } from './preferences-repo.ts';

/** A person's own preferences: only ever their own, so there is no access question beyond sign-in. */
export class PreferencesService {
  constructor(private readonly repo: PreferencesRepo) {}

  /** The saved preferences, or the defaults for someone who never saved any. */
  async get(viewer: Viewer): Promise<Preferences> {
    return (await this.repo.find(viewer.id)) ?? { ...DEFAULT_PREFERENCES };
  }

  /** Validates and saves the fields sent; answers the preferences as they now are. */
  update(viewer: Viewer, body: unknown): Promise<Preferences> {
    const change = parseInput(preferencesUpdateSchema, body);
    return this.repo.save(viewer.id, change, DEFAULT_PREFERENCES);
  }
}
