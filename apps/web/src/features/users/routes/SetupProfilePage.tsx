import { zodResolver } from '@hookform/resolvers/zod';
import { setupProfileSchema } from '@printmarket/shared/auth';
import { BIO_MAX_LENGTH, SETUP_PROFILE_REDIRECT_MS } from '@printmarket/shared/constants';
import { MSG } from '@printmarket/shared/messages';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import button from '@/app/styles/button.module.css';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import form from '@/features/auth/components/AuthForm.module.css';
import { AuthLayout } from '@/features/auth/components/AuthLayout.tsx';
import { type SessionUser, useSession } from '@/features/auth/session.tsx';
import { useUpdateProfileMutation } from '@/features/users/api/update-profile.ts';
import { PicturePicker } from '@/features/users/components/PicturePicker.tsx';
import { profileImageProblem } from '@/features/users/profile-image.ts';
import { errorMessage } from '@/lib/api-client.ts';

const TITLE = 'Set Up Your Profile';

/**
 * After sign-up (and for a new Google account, whose one-time code the session exchanges at start):
 * a bio and an optional picture, then on to the dashboard.
 */
export default function SetupProfilePage() {
  const { user } = useSession();
  if (!user) {
    return (
      <AuthLayout title={TITLE}>
        <FormAlert tone="error">{MSG.notLoggedInSetup}</FormAlert>
        <Link to="/signin" className={`${button.base} ${button.primary} ${button.large} ${button.block}`}>
          Sign In
        </Link>
      </AuthLayout>
    );
  }
  return <SetupProfileForm user={user} />;
}

type SetupValues = { bio: string };

function SetupProfileForm({ user }: { user: SessionUser }) {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const updateProfile = useUpdateProfileMutation();
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SetupValues, unknown, SetupValues>({
    resolver: zodResolver(setupProfileSchema),
    mode: 'onTouched',
    defaultValues: { bio: user.bio ?? '' },
  });
  const bioLength = watch('bio')?.length ?? 0;

  // docs/product.md#setup-profile: the dashboard follows SETUP_PROFILE_REDIRECT_MS after the success message.
  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(
      () => navigate('/dashboard', { replace: true }),
      SETUP_PROFILE_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [saved, navigate]);

  const choosePicture = (file: File | null) => {
    const problem = file ? profileImageProblem(file) : null;
    setPictureError(problem);
    setPicture(problem ? null : file);
  };

  const onSubmit = handleSubmit(async ({ bio }) => {
    setFormError(null);
    try {
      await updateProfile.mutateAsync({ bio, profilePicture: picture });
      setSaved(true);
      // The top bar and the dashboard show the new picture and bio.
      void refresh();
    } catch (error) {
      setFormError(errorMessage(error, MSG.failedUpdateProfile));
    }
  });

  const busy = isSubmitting || saved;

  return (
    <AuthLayout
      title={TITLE}
      subtitle={
        <>
          Welcome, <strong>{user.username}</strong>! Tell other makers a little about yourself.
        </>
      }
    >
      <FormAlert tone="error">{formError}</FormAlert>
      <FormAlert tone="success">{saved && 'Profile saved! Taking you to your dashboard...'}</FormAlert>
      <form className={form.form} onSubmit={onSubmit} noValidate>
        <TextAreaField
          label="Bio"
          rows={5}
          maxLength={BIO_MAX_LENGTH}
          placeholder="What do you design or print? What are you into?"
          hint={`${bioLength}/${BIO_MAX_LENGTH} characters`}
          error={errors.bio?.message}
          readOnly={busy}
          {...register('bio')}
        />
        <PicturePicker
          current={user.profilePicture}
          file={picture}
          onChange={choosePicture}
          error={pictureError}
          disabled={busy}
        />
        <SubmitButton pending={isSubmitting} pendingLabel="Saving..." disabled={busy}>
          Save Profile
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
