/**
 * Load settings shared by every suite, from the environment:
 * BENCH_DURATION seconds measured per case (default 10, 1 to 600).
 * @returns {import('./load.mjs').LoadSettings}
 */
export function loadSettings(env = process.env) {
  const raw = env.BENCH_DURATION?.trim();
  const durationS = raw ? Number(raw) : 10;
  if (!Number.isInteger(durationS) || durationS < 1 || durationS > 600) {
    throw new Error(`BENCH_DURATION must be a whole number of seconds from 1 to 600, not "${raw}"`);
  }
  return {
    connections: 50,
    durationS,
    // A short warm-up lets the JIT, connection pools and caches settle before measuring.
    warmupS: Math.min(3, Math.max(1, Math.round(durationS / 5))),
  };
}

/**
 * A comma-separated choice from the environment, to measure one part of a suite again without
 * running the rest (e.g. BENCH_CASES=currentUser). Undefined when unset or empty: everything.
 * @template {string} T
 * @param {string} variable
 * @param {readonly T[]} known
 * @returns {Set<T> | undefined}
 */
export function chosen(variable, known, env = process.env) {
  const names = (env[variable] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return undefined;
  const unknown = names.filter((name) => !known.includes(/** @type {T} */ (name)));
  if (unknown.length > 0) {
    throw new Error(`${variable}: unknown ${unknown.join(', ')} (known: ${known.join(', ')})`);
  }
  return new Set(/** @type {T[]} */ (names));
}
