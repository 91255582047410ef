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

// jsdom has <dialog> without its methods: opening and closing as the browser does, `close` event
// included (the app's Dialog follows that event, however the window was closed).
if (!HTMLDialogElement.prototype.showModal) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.open = true;
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.open = false;
      this.dispatchEvent(new Event('close'));
    },
  });
}
