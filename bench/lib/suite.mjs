/**
 * What a suite receives and returns. A suite is an async function exported by a module in
 * bench/suites/ and listed in run.mjs; it writes its own bench/results/<suite>-*.json files.
 *
 * @typedef {object} SuiteContext
 * @property {import('./resources.mjs').Resources} resources register every started thing here
 * @property {AbortSignal} signal aborted on Ctrl-C / SIGTERM
 * @property {import('./load.mjs').LoadSettings} settings
 * @property {(line: string) => void} log progress line
 *
 * @typedef {object} SuiteReport one results file
 * @property {string} label e.g. "foundation / postgres"
 * @property {string} file path of the written JSON
 * @property {import('./report.mjs').Target[]} targets
 * @property {string[]} failedCases names of cases with errors or non-2xx answers
 *
 * @typedef {object} SuiteOutcome
 * @property {SuiteReport[]} reports
 * @property {string[]} errors harness failures (a part that could not be measured at all)
 *
 * @typedef {(context: SuiteContext) => Promise<SuiteOutcome>} Suite
 */

export {};
