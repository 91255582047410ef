import { MSG } from '@printmarket/shared/messages';
import type { AuthResponse } from '@printmarket/shared/types';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session/session.tsx';

type TokenSignInOptions = {
  /** The form's message when the request fails or the session does not load. */
  failure: string;
  /** Where a successful sign-in goes. */
  next: string;
};

/**
 * The flow the sign-in and sign-up screens share: send the form, sign in with the token it answers
 * with, then go on to `next`. Whatever goes wrong becomes the form's error message.
 */
export function useTokenSignIn({ failure, next }: TokenSignInOptions) {
  const { status, signIn } = useSession();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  // Decided once: someone already signed in has nothing to do on these screens. After signing in
  // here, `submit` navigates itself.
  const [alreadySignedIn] = useState(status === 'signed-in');

  const submit = async (request: () => Promise<Partial<AuthResponse>>) => {
    setFormError(null);
    try {
      const { token, user } = await request();
      if (!token) {
        setFormError(MSG.tokenNotReceived);
        return;
      }
      const signedIn = await signIn(token, user);
      if (!signedIn) {
        setFormError(failure);
        return;
      }
      navigate(next, { replace: true });
    } catch (error) {
      setFormError(errorMessage(error, failure));
    }
  };

  return { alreadySignedIn, formError, submit };
}
