import { rootKeys } from '@/lib/query-keys.ts';

export const configKeys = {
  all: rootKeys.config,
};
