/**
 * Numbers, dollars and dates as the site writes them (US English), without `Intl`.
 *
 * Each function writes exactly what the `Intl` formatter named beside it writes (the tests compare
 * them over many values). They exist because a page's first use of `Intl` in a browser loads its
 * locale data: 35-60 ms of the main thread on the machine that measures the pages, 150-250 ms on
 * Lighthouse's simulated phone, all of it in the hydration of every public page, which only ever
 * needs these few shapes.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The units of compact counts, largest first. */
const COMPACT_UNITS: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** Digits in groups of three: "1,234,567" (the whole part of a non-negative decimal string). */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * `n` rounded to at most `maxFraction` decimals, trailing zeros dropped, digits grouped:
 * `Intl.NumberFormat('en-US', { maximumFractionDigits })` ("1,234.5", "12", "-0.25").
 */
export function formatDecimal(n: number, maxFraction = 3): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? '∞' : '-∞';
  const [whole = '0', fraction = ''] = roundHalfExpand(Math.abs(n), maxFraction).split('.');
  const kept = fraction.replace(/0+$/, '');
  return signOf(n) + groupDigits(whole) + (kept ? `.${kept}` : '');
}

/** Intl writes a minus for every negative number, -0 and amounts that round to 0 included. */
function signOf(n: number): string {
  return n < 0 || Object.is(n, -0) ? '-' : '';
}

/** A count with its digits grouped: "9,876" (`Intl.NumberFormat('en-US')` of a whole number). */
export function formatInteger(n: number): string {
  return formatDecimal(n, 0);
}

/**
 * A count short enough for a card: "987", "12.3K", "4.5M", "1.2B", "3T"
 * (`Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })`).
 */
export function formatCompact(n: number): string {
  const size = Math.abs(n);
  const rounded = Number(roundHalfExpand(size, 1));
  const at = COMPACT_UNITS.findIndex(([scale]) => rounded >= scale);
  if (at < 0) return formatDecimal(n, 1);
  const [scale, suffix] = COMPACT_UNITS[at] as [number, string];
  const shown = Number(roundHalfExpand(size / scale, 1));
  // 999,950 is 1000K rounded: Intl writes it in the next unit, "1M".
  const larger = COMPACT_UNITS[at - 1];
  if (shown >= 1000 && larger) return `${signOf(n)}${formatDecimal(size / larger[0], 1)}${larger[1]}`;
  return `${signOf(n)}${formatDecimal(shown, 1)}${suffix}`;
}

/** A dollar amount: "$4.50", "$1,234.50", "-$3.00" (`Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })`). */
export function formatUsd(dollars: number): string {
  const [whole = '0', cents = '00'] = roundHalfExpand(Math.abs(dollars), 2).split('.');
  return `${signOf(dollars)}$${groupDigits(whole)}.${cents.padEnd(2, '0')}`;
}

/** "March 2025" (`Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' })`), local time. */
export function formatMonthYear(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** "Mar 3, 2025" (`Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' })`), local time. */
export function formatShortDate(date: Date): string {
  return `${MONTHS[date.getMonth()]?.slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "March 3, 2025" (`Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' })`), local time. */
export function formatLongDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/**
 * `value` (non-negative) as a decimal string with at most `digits` decimals, halves rounded away
 * from zero as `Intl` does. toFixed rounds the binary value instead (1.005 is 1.00499…), so the
 * rounding is done on the shortest decimal form of the number, which is what `Intl` rounds.
 */
function roundHalfExpand(value: number, digits: number): string {
  const [mantissa = '0', exponent = '0'] = value.toExponential().split('e');
  const [lead = '0', rest = ''] = mantissa.split('.');
  const allDigits = lead + rest;
  // The position of the decimal point within allDigits.
  const point = 1 + Number(exponent);
  const padded = point <= 0 ? '0'.repeat(1 - point) + allDigits : allDigits.padEnd(point, '0');
  const pointAt = Math.max(point, 1);
  const whole = padded.slice(0, pointAt);
  const fraction = padded.slice(pointAt);
  if (fraction.length <= digits) return fraction ? `${whole}.${fraction}` : whole;
  const kept = whole + fraction.slice(0, digits);
  const roundUp = Number(fraction[digits]) >= 5;
  const rounded = roundUp ? incrementDigits(kept) : kept;
  const wholeLength = rounded.length - digits;
  const roundedWhole = rounded.slice(0, wholeLength) || '0';
  return digits > 0 ? `${roundedWhole}.${rounded.slice(wholeLength)}` : roundedWhole;
}

/** "0999" + 1 = "1000", "99" + 1 = "100": a decimal digit string plus one in its last place. */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '9') {
      out[i] = '0';
      continue;
    }
    out[i] = String(Number(out[i]) + 1);
    return out.join('');
  }
  return `1${out.join('')}`;
}
