import type { ComponentProps } from 'react';
import { TextField } from './TextField.tsx';

/** A TextField for a password, with the Show/Hide button. Name the autofill: current or new password. */
export function PasswordField(
  props: Omit<ComponentProps<typeof TextField>, 'type' | 'revealable'> & {
    autoComplete: 'current-password' | 'new-password';
  },
) {
  return <TextField type="password" revealable {...props} />;
}
