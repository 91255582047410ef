/**
 * Everything a benchmark starts (child processes, temporary folders, databases) registers how to
 * undo it here. Steps run newest first, each once, each bounded in time, also after an error or
 * on Ctrl-C.
 */

/** How long one clean-up step may take before the next one runs anyway. */
const STEP_TIMEOUT_MS = 30_000;

/** @typedef {() => Promise<void> | void} Undo */
/** @typedef {{ label: string, run: Undo }} Step */

/**
 * A group of steps released together (one engine of a suite, say).
 * @typedef {object} Scope
 * @property {(label: string, run: Undo) => () => Promise<void>} defer
 * @property {() => Promise<string[]>} release runs the group's remaining steps, newest first;
 *   returns the problems met
 */

export class Resources {
  /** @type {Step[]} */
  #steps = [];

  /**
   * Registers a clean-up step. Returns a function that runs it now (once) and unregisters it.
   * @param {string} label what is undone, for error messages
   * @param {Undo} run
   * @returns {() => Promise<void>}
   */
  defer(label, run) {
    /** @type {Step} */
    const step = { label, run };
    this.#steps.push(step);
    return async () => {
      const at = this.#steps.indexOf(step);
      if (at < 0) return;
      this.#steps.splice(at, 1);
      await runStep(step);
    };
  }

  /**
   * A group of steps that is released on its own; its steps also stay on this list, so
   * `releaseAll` (on an interrupt) undoes them too.
   * @returns {Scope}
   */
  scope() {
    /** @type {{ label: string, undo: () => Promise<void> }[]} */
    const mine = [];
    return {
      defer: (label, run) => {
        const undo = this.defer(label, run);
        mine.push({ label, undo });
        return undo;
      },
      release: async () => {
        /** @type {string[]} */
        const problems = [];
        for (let step = mine.pop(); step; step = mine.pop()) {
          try {
            await step.undo();
          } catch (err) {
            problems.push(`${step.label}: ${message(err)}`);
          }
        }
        return problems;
      },
    };
  }

  /**
   * Runs every remaining step, newest first. Never throws: returns the problems met.
   * @returns {Promise<string[]>}
   */
  async releaseAll() {
    /** @type {string[]} */
    const problems = [];
    for (let step = this.#steps.pop(); step; step = this.#steps.pop()) {
      try {
        await runStep(step);
      } catch (err) {
        problems.push(`${step.label}: ${message(err)}`);
      }
    }
    return problems;
  }
}

/** @param {Step} step */
async function runStep(step) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  try {
    await Promise.race([
      step.run(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`took longer than ${STEP_TIMEOUT_MS / 1000} s`)),
          STEP_TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** @param {unknown} err */
export function message(err) {
  return err instanceof Error ? err.message : String(err);
}
