import { z } from 'zod';

/** The archive's first entry: what it holds and what can restore it. */
export const MANIFEST_FILE = 'manifest.json';
/** The archive's other entries: the database's data folder and the local files folder. */
export const DB_FOLDER = 'db';
export const FILES_FOLDER = 'files';

const FORMAT = 'printmarket-backup';
const FORMAT_VERSION = 1;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  /**
   * The app has no release number; its version, as far as a database is concerned, is the list of
   * migrations it has run. A backup whose list names one this app does not know is from a newer app.
   */
  appMigrations: z.array(z.string()),
  /** The server that wrote the data folder, "18.4": only the same major version can open it. */
  postgresVersion: z.string().regex(/^\d+(\.\d+)?$/),
  filesIncluded: z.boolean(),
  database: z.object({ startLsn: z.string(), stopLsn: z.string(), walSegments: z.number().int().min(1) }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export function newManifest(fields: Omit<BackupManifest, 'format' | 'formatVersion'>): BackupManifest {
  return { format: FORMAT, formatVersion: FORMAT_VERSION, ...fields };
}

/** Reads the manifest of `file`, or says what is wrong with it. */
export function parseManifest(text: string, file: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const header = z.object({ format: z.literal(FORMAT), formatVersion: z.number() }).safeParse(json);
  if (!header.success) throw new Error(`${file} is not a PrintMarket backup (its manifest is not one).`);
  if (header.data.formatVersion !== FORMAT_VERSION)
    throw new Error(
      `${file} is a backup in format ${header.data.formatVersion}, which this version of PrintMarket cannot read (it reads format ${FORMAT_VERSION}). Restore it with the version that made it.`,
    );
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`${file} is damaged: its manifest is incomplete (${parsed.error.message}).`);
  return parsed.data;
}

/** "18.4" -> 18: the part a data folder's format follows. */
export const majorVersion = (version: string) => Number.parseInt(version, 10);
