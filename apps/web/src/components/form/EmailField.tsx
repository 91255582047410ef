import type { ComponentProps } from 'react';
import { TextField } from './TextField.tsx';

/** A TextField for an email address: the email keyboard and autofill, no capitals or spelling fixes. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  return (
    <TextField
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
