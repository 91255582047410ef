import { zodResolver } from '@hookform/resolvers/zod';
import { SOCIAL_LINK_MAX_LENGTH } from '@printmarket/shared/auth';
import {
  BIO_MAX_LENGTH,
  IMAGE_TYPES_TEXT,
  LOCATION_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from '@printmarket/shared/constants';
import { MSG } from '@printmarket/shared/messages';
import type { EditProfileFormInput } from '@printmarket/shared/profile-form';
import type { CurrentUser } from '@printmarket/shared/types';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import group from '@/components/form/Fieldset.module.css';
import { FormAlert, FormAlertDetail } from '@/components/form/FormAlert.tsx';
import { ImagePicker } from '@/components/form/ImagePicker.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useUpdateProfileMutation } from '@/features/users/api/update-profile.ts';
import {
  type EditProfileValues,
  editProfileDefaults,
  editProfileSchema,
  type ProfileSnapshot,
  toProfileUpdate,
  usernameLocked,
} from '@/features/users/edit-profile-form.ts';
import { profileImageProblem } from '@/features/users/profile-image.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session/session.tsx';
import button from '@/styles/button.module.css';
import styles from './EditProfileForm.module.css';
import { PicturePicker } from './PicturePicker.tsx';

type EditProfileFormProps = {
  user: CurrentUser;
  /** After a successful save (the session has been reloaded by then). */
  onSaved?(): void;
  /** Shows a Cancel button (in the modal). */
  onCancel?(): void;
  /** Shown after a successful save, for a form that stays on screen (Settings > Profile). */
  successMessage?: string;
};

type Pictures = { file: File | null; problem: string | null };
const NO_PICTURE: Pictures = { file: null, problem: null };

const SOCIAL_FIELDS = [
  { key: 'instagram', label: 'Instagram', placeholder: 'https://instagram.com/yourname' },
  { key: 'twitter', label: 'Twitter', placeholder: 'https://twitter.com/yourname' },
  { key: 'custom', label: 'Website', placeholder: 'https://example.com' },
] as const;

/**
 * The profile form of the Edit Profile modal and of Settings > Profile: username (once), bio,
 * location, picture, banner and social links. A failed save keeps everything as typed and chosen.
 */
export function EditProfileForm({ user, onSaved, onCancel, successMessage }: EditProfileFormProps) {
  const { refresh } = useSession();
  const updateProfile = useUpdateProfileMutation();
  // What the form started from. Later reloads of the session do not reset what is being typed;
  // a successful save moves it on to what was saved.
  const [profile, setProfile] = useState<Snapshot>(() => snapshotOf(user));
  const [picture, setPicture] = useState<Pictures>(NO_PICTURE);
  const [banner, setBanner] = useState<Pictures>(NO_PICTURE);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const locked = usernameLocked(profile);
  const schema = useMemo(() => editProfileSchema(profile), [profile]);

  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<EditProfileFormInput, unknown, EditProfileValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: editProfileDefaults(profile),
  });
  const bioLength = watch('bio')?.length ?? 0;

  const choose = (set: (value: Pictures) => void) => (file: File | null) => {
    const problem = file ? profileImageProblem(file) : null;
    set({ file: problem ? null : file, problem });
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSaved(false);
    try {
      const { user: saved } = await updateProfile.mutateAsync({
        ...toProfileUpdate(values, profile),
        profilePicture: picture.file,
        bannerImage: banner.file,
      });
      const next = snapshotOf(saved);
      setProfile(next);
      reset(editProfileDefaults(next));
      setPicture(NO_PICTURE);
      setBanner(NO_PICTURE);
      // The header, top bar and dashboard show the saved profile before the form reports success.
      await refresh();
      setSaved(true);
      onSaved?.();
    } catch (error) {
      setFailure(error);
      // A refused username is marked at the field as well as in the message above the form.
      if (error instanceof ApiError && error.code.startsWith('USERNAME') && error.serverMessage)
        setError('username', { message: error.serverMessage });
    }
  });

  const detail = failure instanceof ApiError ? failure.serverMessage : null;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert tone="error">
        {failure !== null && (
          <>
            <strong>{MSG.somethingWrong}</strong>
            {detail && <FormAlertDetail>{detail}</FormAlertDetail>}
          </>
        )}
      </FormAlert>
      <FormAlert tone="success">{saved && successMessage}</FormAlert>

      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={USERNAME_MAX_LENGTH}
        readOnly={locked}
        aria-required="true"
        hint={
          locked
            ? 'Your username has already been changed once and cannot be changed again.'
            : 'Letters and numbers only. You can change your username once.'
        }
        error={errors.username?.message}
        {...register('username')}
      />
      <TextAreaField
        label="Bio"
        rows={4}
        maxLength={BIO_MAX_LENGTH}
        placeholder="What do you design or print?"
        hint={`Optional. ${bioLength}/${BIO_MAX_LENGTH} characters`}
        error={errors.bio?.message}
        {...register('bio')}
      />
      <TextField
        label="Location"
        autoComplete="address-level2"
        maxLength={LOCATION_MAX_LENGTH}
        placeholder="City, Country"
        error={errors.location?.message}
        {...register('location')}
      />

      <PicturePicker
        current={profile.profilePicture}
        file={picture.file}
        onChange={choose(setPicture)}
        error={picture.problem}
        disabled={isSubmitting}
      />
      {/* Without a banner of their own, people see the profile's default gradient. */}
      <ImagePicker
        legend="Banner image"
        optional
        noun="banner"
        shape="banner"
        currentAlt="Current banner"
        hint={`${IMAGE_TYPES_TEXT}, up to 10 MB; shown wide.`}
        inputLabel="Banner image file"
        current={profile.bannerImage}
        file={banner.file}
        onChange={choose(setBanner)}
        error={banner.problem}
        disabled={isSubmitting}
      />

      <fieldset className={group.fieldset}>
        <legend className={group.legend}>
          Social links <span className={group.note}>(http:// or https:// addresses)</span>
        </legend>
        {SOCIAL_FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            type="url"
            inputMode="url"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={SOCIAL_LINK_MAX_LENGTH}
            placeholder={field.placeholder}
            error={errors.socialLinks?.[field.key]?.message}
            {...register(`socialLinks.${field.key}`)}
          />
        ))}
      </fieldset>

      <div className={styles.actions}>
        {onCancel && (
          <button type="button" className={`${button.base} ${button.secondary}`} onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className={`${button.base} ${button.primary}`} disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}

type Snapshot = ProfileSnapshot & { profilePicture: string | null; bannerImage: string | null };

function snapshotOf(user: CurrentUser): Snapshot {
  return {
    username: user.username,
    bio: user.bio,
    location: user.location,
    socialLinks: user.socialLinks,
    lastUsernameChange: user.lastUsernameChange,
    profilePicture: user.profilePicture,
    bannerImage: user.bannerImage,
  };
}
