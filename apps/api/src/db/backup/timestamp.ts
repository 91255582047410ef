/** A UTC time for file names, sorting as it reads: 20261126T001500Z. */
export const timestamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
