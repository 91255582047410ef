import { act, cleanup } from '@testing-library/preact';
import { options } from 'preact';
import { afterAll, afterEach, vi } from 'vitest';

// Preact runs effects after the next paint: on a frame, or after 100 ms without one. A test that
// ends right after a render would leave that timer behind, to fire once the file's window is gone
// ('cancelAnimationFrame is not defined', 'window is not defined'). Here effects run on the next
// task instead; those still waiting when a test ends run inside it, and none after its file.
let pendingEffects: (() => void) | null = null;
let fileDone = false;
options.requestAnimationFrame = (flush) => {
  pendingEffects = flush;
  setTimeout(() => {
    const run = pendingEffects;
    pendingEffects = null;
    if (run && !fileDone) run();
  });
};

// Without Vitest's globals, Testing Library cannot register its own clean-up.
afterEach(() => {
  const run = pendingEffects;
  pendingEffects = null;
  if (run) act(run);
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
afterAll(() => {
  fileDone = true;
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
