import type { AppDeps } from './deps';
import { ensureAdmin } from './services/auth';
import { seedDemo } from './demo/seed';

/** Runs once when the app is ready: the admin from the environment, then demo data into an empty database. */
export async function prepareDatabase(deps: AppDeps) {
  const { db, config, log } = deps;
  if (config.admin) {
    await ensureAdmin(db, config.admin.username, config.admin.password);
    log.info({ username: config.admin.username }, 'admin user ensured');
  }
  if (config.seedDemo) {
    const seeded = await seedDemo(deps);
    if (seeded) log.info(seeded, 'demo data seeded');
  }
}
