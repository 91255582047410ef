import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const RESULTS_DIR = path.resolve(import.meta.dirname, '../results');

/**
 * @typedef {object} Target
 * @property {string} name what is promised, in words
 * @property {number | null} value the measured figure (null when it could not be measured)
 * @property {string} unit
 * @property {'<' | '<=' | '>='} op
 * @property {number} limit
 * @property {boolean} pass
 * @property {string} [note] why it failed besides the figure (e.g. the case had errors)
 */

/**
 * @param {string} name
 * @param {number | null} value
 * @param {'<' | '<=' | '>='} op
 * @param {number} limit
 * @param {string} unit
 * @param {string} [blocker] a reason that fails the target whatever the figure
 * @returns {Target}
 */
export function target(name, value, op, limit, unit, blocker) {
  const meets =
    value !== null &&
    Number.isFinite(value) &&
    (op === '<' ? value < limit : op === '<=' ? value <= limit : value >= limit);
  return { name, value, unit, op, limit, pass: meets && !blocker, ...(blocker ? { note: blocker } : {}) };
}

/** @param {Target} t */
export function formatTarget(t) {
  // A score (0 to 1) or CLS has no unit.
  const unit = t.unit ? ` ${t.unit}` : '';
  const value = t.value === null ? 'n/a' : `${formatNumber(t.value)}${unit}`;
  const note = t.note ? ` (${t.note})` : '';
  return `${t.pass ? 'PASS' : 'FAIL'}  ${t.name}: ${value} (target ${t.op} ${formatNumber(t.limit)}${unit})${note}`;
}

/** The machine the figures come from. */
export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    arch: os.arch(),
    totalMemoryMB: Math.round(os.totalmem() / 2 ** 20),
    loadAverage: loadAverage(),
  };
}

/**
 * The machine a load ran on, with how busy other work kept it just before (warnIfCpuBusy) and its
 * load averages before and after.
 * @param {number | null} cpuBusyBeforeLoad
 * @param {number[]} loadAverageBefore
 * @param {number[]} loadAverageAfter
 */
export function machineUnderLoad(cpuBusyBeforeLoad, loadAverageBefore, loadAverageAfter) {
  return { ...machine(), cpuBusyBeforeLoad, loadAverageBefore, loadAverageAfter };
}

/**
 * A load report's first lines: `heading` (what was measured), the run's length, the machine and its
 * load, and a warning when other work kept it busy.
 * @param {string} heading
 * @param {{ durationS: number, warmupS: number }} settings
 * @param {ReturnType<typeof machineUnderLoad>} m
 */
export function printLoadHeading(heading, settings, m) {
  console.log(
    `\n${heading}, ${settings.durationS} s per case after ${settings.warmupS} s warm-up; ` +
      `${m.cpus} CPUs, Node ${m.node}; ` +
      `load average ${m.loadAverageBefore.join(' ')} before, ${m.loadAverageAfter.join(' ')} after`,
  );
  if (typeof m.cpuBusyBeforeLoad === 'number' && m.cpuBusyBeforeLoad > 0.25) {
    console.log(
      `WARNING: other work kept the machine ${Math.round(m.cpuBusyBeforeLoad * 100)} % busy just before the load; ` +
        'absolute figures are low and noisy',
    );
  }
}

/** The load averages over 1, 5 and 15 minutes (what `cat /proc/loadavg` begins with). */
export function loadAverage() {
  return os.loadavg().map((n) => Math.round(n * 100) / 100);
}

/**
 * Share of the machine's CPU time (all cores) spent busy over `ms`, from /proc/stat (Linux); null
 * elsewhere. Taken while the benchmark itself is idle, it shows what else is running.
 * @param {number} ms
 * @returns {Promise<number | null>}
 */
export async function sampleCpuBusy(ms) {
  const read = () => {
    try {
      const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
      const [, ...fields] = line.trim().split(/\s+/);
      const n = fields.map(Number);
      const idle = (n[3] ?? 0) + (n[4] ?? 0);
      return { idle, total: n.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const a = read();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const b = read();
  if (!a || !b || b.total <= a.total) return null;
  return Math.round((1 - (b.idle - a.idle) / (b.total - a.total)) * 1000) / 1000;
}

/**
 * Samples how busy other work keeps the CPUs (see sampleCpuBusy) and warns when it is over a
 * quarter: a busy machine makes every figure that follows lower and noisier.
 * @param {(line: string) => void} log
 * @param {number} ms
 * @param {string} before what comes next ('the load', 'the upload')
 * @returns {Promise<number | null>}
 */
export async function warnIfCpuBusy(log, ms, before) {
  const busy = await sampleCpuBusy(ms);
  if (busy !== null && busy > 0.25) {
    log(`WARNING: the machine is ${Math.round(busy * 100)} % busy with other work before ${before}`);
  }
  return busy;
}

/**
 * `part` as a share of `whole`, to four decimals (0 when there is no whole).
 * @param {number} part
 * @param {number} whole
 */
export function share(part, whole) {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0;
}

/**
 * The middle value (the mean of the two middle ones for an even count), rounded; 0 for none.
 * @param {number[]} values
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? Math.round(sorted[mid] ?? 0)
    : Math.round(((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2);
}

/**
 * Writes `bench/results/<name>.json` and returns its path.
 * @param {string} name
 * @param {unknown} data
 */
export function writeResult(name, data) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/**
 * A plain text table: first column left-aligned, the others right-aligned.
 * @param {string[]} header
 * @param {string[][]} rows
 */
export function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  /** @param {string[]} cells */
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** @param {number} n */
export function formatNumber(n) {
  if (Math.abs(n) >= 100 || Number.isInteger(n)) return Math.round(n).toLocaleString('en-US');
  if (Math.abs(n) >= 10) return n.toFixed(1);
  return n.toFixed(2);
}

/** @param {number} bytes */
export function mb(bytes) {
  return Math.round((bytes / 2 ** 20) * 10) / 10;
}
