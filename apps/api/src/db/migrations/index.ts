import type { Migration } from 'kysely';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_design_details.ts';
import * as m0003 from './0003_search.ts';
import * as m0004 from './0004_username_history.ts';
import * as m0005 from './0005_preferences.ts';
import * as m0006 from './0006_payments.ts';
import * as m0007 from './0007_one_charge_per_item.ts';
import * as m0008 from './0008_collection_integrity.ts';
import * as m0009 from './0009_google_sign_in_codes.ts';
import * as m0011 from './0011_search_speed.ts';
import * as m0013 from './0013_rate_limit_counts.ts';
import * as m0015 from './0015_seed_marker.ts';
import * as m0016 from './0016_pending_uploads.ts';
import * as m0017 from './0017_medium_images.ts';
import * as m0018 from './0018_password_reset_tokens.ts';
import * as m0019 from './0019_email_confirmation.ts';
import * as m0020 from './0020_notifications.ts';
import * as m0021 from './0021_account_deletion.ts';
import * as m0022 from './0022_reports_and_audit.ts';
import * as m0023 from './0023_takedowns_and_suspensions.ts';
import * as m0024 from './0024_refunds_and_disputes.ts';
import * as m0025 from './0025_preview_meshes.ts';

/**
 * Every migration, in order. Listed here rather than read from the folder so the bundled
 * server carries them. Add a new file as NNNN_name.ts and one line below.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_design_details': m0002,
  '0003_search': m0003,
  '0004_username_history': m0004,
  '0005_preferences': m0005,
  '0006_payments': m0006,
  '0008_collection_integrity': m0008,
  '0009_google_sign_in_codes': m0009,
  '0007_one_charge_per_item': m0007,
  '0011_search_speed': m0011,
  '0013_rate_limit_counts': m0013,
  '0015_seed_marker': m0015,
  '0016_pending_uploads': m0016,
  '0017_medium_images': m0017,
  '0018_password_reset_tokens': m0018,
  '0019_email_confirmation': m0019,
  '0020_notifications': m0020,
  '0021_account_deletion': m0021,
  '0022_reports_and_audit': m0022,
  '0023_takedowns_and_suspensions': m0023,
  '0024_refunds_and_disputes': m0024,
  '0025_preview_meshes': m0025,
};
