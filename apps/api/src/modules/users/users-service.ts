import { updateProfileFieldsSchema } from '@printmarket/shared/auth';
import type { CurrentUser, UserStats } from '@printmarket/shared/types';
import type { AccountRow } from '../../db/account-columns.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { mediumImage } from '../../lib/images/medium-image.ts';
import { AVATAR_VARIANTS, BANNER_VARIANTS, processImage } from '../../lib/images/process-image.ts';
import type { ReceivedMultipart } from '../../lib/multipart.ts';
import type { Operators } from '../../lib/operators.ts';
import { publicImageKey } from '../../lib/public-images.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { storeUnderLease, type UploadLease, type UploadLeaseStore } from '../../lib/uploads/upload-lease.ts';
import { uuid7 } from '../../lib/uploads/uuid7.ts';
import { parseInput } from '../../lib/validate.ts';
import { toCurrentUser } from './present-user.ts';
import type { UsersRepo } from './users-repo.ts';

export const USERNAME_TAKEN = 'That username is already taken.';

export const USERNAME_CHANGED_ONCE =
  'Your username has already been changed once and cannot be changed again.';

export class UsersService {
  constructor(
    private readonly repo: UsersRepo,
    private readonly files: FileStore,
    private readonly leases: UploadLeaseStore,
    private readonly operators: Operators,
  ) {}

  async currentUser(userId: string): Promise<CurrentUser> {
    const row = await this.repo.findAccount(userId);
    if (!row) throw notFound('Account not found.', 'USER_NOT_FOUND');
    return toCurrentUser(row, this.operators.isOperator(row));
  }

  /** The person's own view of an account row another module has read (ACCOUNT_COLUMNS). */
  presentAccount(row: AccountRow): CurrentUser {
    return toCurrentUser(row, this.operators.isOperator(row));
  }

  async stats(userId: string): Promise<UserStats> {
    if (!isUuid(userId) || !(await this.repo.findById(userId)))
      throw notFound('User not found.', 'USER_NOT_FOUND');
    return this.repo.stats(userId);
  }

  /**
   * Text fields and optional new picture/banner. Images are checked and re-encoded before
   * anything is written; new files are stored before the row changes and removed again if the
   * change fails, and the replaced files are removed only after it committed.
   */
  async updateProfile(viewer: Viewer, body: ReceivedMultipart): Promise<CurrentUser> {
    const fields = parseInput(updateProfileFieldsSchema, {
      username: body.fields.username || undefined,
      bio: body.fields.bio,
      location: body.fields.location,
      socialLinks: parseJsonField(body.fields.socialLinks, 'socialLinks'),
    });
    try {
      const replaced = await storeUnderLease(this.leases, this.files, async (stored) => {
        const picture = body.files.find((f) => f.field === 'profilePicture');
        const banner = body.files.find((f) => f.field === 'bannerImage');
        const profilePictureKey = picture ? await this.#storeAvatar(picture.tempPath, stored) : undefined;
        const bannerKeys = banner ? await this.#storeBanner(banner.tempPath, stored) : undefined;
        const replaced = await this.repo.updateProfile(
          viewer.id,
          { ...fields, profilePictureKey, banner: bannerKeys },
          (current) => {
            const changing =
              fields.username !== undefined &&
              fields.username.toLowerCase() !== current.username.toLowerCase();
            if (changing && current.last_username_change)
              throw conflict(USERNAME_CHANGED_ONCE, 'USERNAME_LOCKED');
          },
          // Someone's old name leads to them (profile links redirect), so nobody else may take it.
          ({ newNameReserved }) => {
            if (newNameReserved) throw conflict(USERNAME_TAKEN, 'USERNAME_TAKEN');
          },
        );
        return replaced;
      });
      await Promise.all(replaced.map((key) => this.files.delete(key).catch(() => {})));
    } catch (err) {
      if (uniqueViolation(err) !== undefined) throw conflict(USERNAME_TAKEN, 'USERNAME_TAKEN');
      throw err;
    }
    return this.currentUser(viewer.id);
  }

  // Keys carry a version 7 UUID, like design files: the sweep's age guard reads it on any storage.
  async #storeAvatar(tempPath: string, stored: UploadLease): Promise<string> {
    // processImage refuses anything that is not a readable PNG/JPEG/GIF/BMP with a 4xx AppError.
    const { avatar } = await processImage(tempPath, AVATAR_VARIANTS);
    return this.#put(publicImageKey('avatars', uuid7()), avatar.data, stored);
  }

  /** The banner and its half-size copy for phones (the same crop), under one id. */
  async #storeBanner(tempPath: string, stored: UploadLease): Promise<{ key: string; mediumKey: string }> {
    const { banner } = await processImage(tempPath, BANNER_VARIANTS);
    const medium = await mediumImage(banner.data, 'banner');
    const id = uuid7();
    return {
      key: await this.#put(publicImageKey('banners', id), banner.data, stored),
      mediumKey: await this.#put(publicImageKey('banners', id, 'medium'), medium.data, stored),
    };
  }

  async #put(key: string, data: Buffer, stored: UploadLease): Promise<string> {
    await stored.add(key);
    await this.files.put(key, data, { contentType: 'image/webp' });
    return key;
  }
}

function parseJsonField(value: string | undefined, name: string): unknown {
  if (value === undefined || value === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest(`The field '${name}' must be valid JSON.`, 'VALIDATION_FAILED');
  }
}
