import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * The collection forms' field groups work on the whole set of values (a pricing choice changes
 * several at once). This puts their changes into the form and, once a save was attempted, checks
 * the whole form again, so every message follows every change (a fixed problem's message goes).
 */
export function valuesSetter<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>) {
  return (next: Partial<T>) => {
    for (const [key, value] of Object.entries(next)) {
      const name = key as Path<T>;
      if (form.getValues(name) !== value)
        form.setValue(name, value as PathValue<T, Path<T>>, { shouldDirty: true });
    }
    if (form.formState.isSubmitted) void form.trigger();
  };
}
