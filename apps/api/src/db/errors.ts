/** The constraint a failed statement broke, when it was a unique violation (SQLSTATE 23505). */
export function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string } | null;
  if (e?.code !== '23505') return undefined;
  return e.constraint ?? '';
}
