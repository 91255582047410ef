import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { PendingUploads } from '../db/pending-uploads.ts';
import type { JobQueue } from '../lib/jobs/job-queue.ts';
import type { Mailer } from '../lib/mail/mailer.ts';
import type { FileStore } from '../lib/storage/file-store.ts';
import type { PaymentsPort } from './payments/payments-port.ts';

/**
 * What app.ts hands every module's `register<Feature>(app, deps)`. A module that needs another's
 * service takes it as a second argument, from what that module's register function returned.
 */
export type ModuleDeps = {
  config: Config;
  db: Database;
  files: FileStore;
  /** Leases on keys being stored, so the leftovers sweep of any instance leaves them alone. */
  leases: PendingUploads;
  /** The app's token secret: sessions, file links and visitor keys use keys derived from it. */
  jwtSecret: Uint8Array;
  /** The payment adapter; null when payments are off. */
  payments: PaymentsPort | null;
  /** Background jobs kept in PostgreSQL; modules declare their queues and schedules on it. */
  jobs: JobQueue;
  /** Sends mail (SMTP, or .eml files in DATA_DIR/outbox); call it from a job, never a request. */
  mail: Mailer;
  /** Where request bodies are streamed to before they are checked (DATA_DIR/tmp). */
  tempDir: string;
};
