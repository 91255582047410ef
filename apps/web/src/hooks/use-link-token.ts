import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';

/**
 * The `?token=` of a link mailed to someone (reset, confirmation, unsubscribe), read once and kept;
 * null when there is none that `schema` accepts. The address loses it at once (`page` without the
 * query), so it stays in no history entry and goes out in no later Referer.
 */
export function useLinkToken(schema: z.ZodType<string>, page: string): string | null {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [token] = useState(() => {
    const parsed = schema.safeParse(params.get('token') ?? '');
    return parsed.success ? parsed.data : null;
  });
  useEffect(() => {
    if (params.has('token')) navigate(page, { replace: true });
  }, [params, navigate, page]);
  return token;
}
