import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Without Vitest's globals, Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
