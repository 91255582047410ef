/**
 * WAL segment file names: 24 hex digits, the timeline (8), then the segment number split in two
 * (8 + 8), the low part counting segments within each 4 GB of WAL. The split depends on the
 * server's segment size (16 MB unless initdb was told otherwise).
 */
const NAME = /^([0-9A-F]{8})([0-9A-F]{8})([0-9A-F]{8})$/;
const FOUR_GB = 0x1_0000_0000n;

/** Every segment from `first` to `last`, both included, in order. */
export function walSegmentsBetween(first: string, last: string, segmentBytes: number): string[] {
  const perFourGb = FOUR_GB / BigInt(segmentBytes);
  const from = parse(first, perFourGb);
  const to = parse(last, perFourGb);
  if (from.timeline !== to.timeline)
    throw new Error(`WAL segments ${first} and ${last} lie on different timelines.`);
  if (to.number < from.number) throw new Error(`WAL segment ${last} comes before ${first}.`);
  const names: string[] = [];
  for (let n = from.number; n <= to.number; n++) {
    names.push(from.timeline + hex(n / perFourGb) + hex(n % perFourGb));
  }
  return names;
}

function parse(name: string, perFourGb: bigint): { timeline: string; number: bigint } {
  const parts = NAME.exec(name);
  if (!parts) throw new Error(`"${name}" is not a WAL segment name.`);
  const [, timeline = '', high = '', low = ''] = parts;
  return { timeline, number: BigInt(`0x${high}`) * perFourGb + BigInt(`0x${low}`) };
}

const hex = (n: bigint) => n.toString(16).toUpperCase().padStart(8, '0');
