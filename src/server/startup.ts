import { withAdvisoryLock } from '../../db/pg/client';
import type { AppDeps } from './deps';
import type { Store } from './store';
import { sweepDiskStorage } from './integrations/image-storage';
import { photoKeyOfFile } from './services/images';
import { ensureAdmin } from './services/auth';
import { seedDemo } from './demo/seed';

/**
 * Runs once when the app is ready: what a killed process left in the upload folder is removed, then the admin from the
 * environment, then demo data into an empty database.
 */
export async function prepareDatabase(deps: AppDeps) {
  const { store, config, log } = deps;
  // Before listen: no request is in flight, so files of any age are fair game (a crash test restarts within seconds).
  // Photos in a bucket (S3_BUCKET) are not swept: a PutObject is atomic, so none is half-written, and the few photos a
  // crash leaves without a row stay (listing the whole bucket at every start would cost more than they do).
  // On PostgreSQL other instances may be writing into a shared folder right now: only files an hour old are theirs to lose.
  const minAgeMs = store.dialect === 'pg' ? 60 * 60_000 : 0;
  const swept = config.s3 ? { tmp: 0, orphans: 0 } : await sweepUploads(store, config.uploadDir, { minAgeMs });
  // Leftovers mean the previous run did not end cleanly: worth a warning.
  if (swept.tmp || swept.orphans) log.warn(swept, 'upload folder swept: files of interrupted writes removed');
  // Instances starting together on one PostgreSQL database take turns: the first seeds, the others find data.
  if (store.dialect === 'pg') await withAdvisoryLock(store.db.$client, STARTUP_LOCK, () => ensureAdminAndDemo(deps));
  else await ensureAdminAndDemo(deps);
}

// "bilpartner start" in ASCII, apart from the migration's and the leader's keys.
const STARTUP_LOCK = 0x62707374;

async function ensureAdminAndDemo(deps: AppDeps) {
  const { config, log } = deps;
  if (config.admin) {
    await ensureAdmin(deps.store, config.admin.username, config.admin.password);
    log.info({ username: config.admin.username }, 'admin user ensured');
  }
  if (config.seedDemo) {
    const seeded = await seedDemo(deps);
    if (seeded) log.info(seeded, 'demo data seeded');
  }
}

/**
 * A photo file is referenced when a listing_images row (attached or staged; services/images.ts deletes staged rows and
 * their files after 24 hours) has its key, or it is the medium or thumbnail size of such a key (photoKeyOfFile). Anything else in the folder was
 * written by a request a crash interrupted. Each file found is looked up in the storage key's unique index: reading
 * every key into a set first held every photo's key in memory at start-up, whether or not the folder held a file.
 */
export async function sweepUploads(store: Store, uploadDir: string, options?: { minAgeMs?: number; now?: number }) {
  return sweepDiskStorage(uploadDir, (key) => store.photos.hasStorageKey([key, photoKeyOfFile(key)]), options);
}
