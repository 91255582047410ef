import { cleanup } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';

// Without Vitest's globals, Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// jsdom has no object URLs; the image pickers show a chosen file's preview through one.
Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} });
