/** The constraint a failed statement broke, when it was a unique violation (SQLSTATE 23505). */
export function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; detail?: string; message?: string } | null;
  if (e?.code !== '23505') return undefined;
  // pg reports the constraint; PGlite only puts it in the message.
  return e.constraint ?? /constraint "([^"]+)"/.exec(e.message ?? '')?.[1] ?? '';
}
