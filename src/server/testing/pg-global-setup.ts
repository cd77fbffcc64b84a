import { closePgDatabase, openPgDatabase } from '../../../db/pg/client';
import { adminQuery, postgresBinDir, startPgCluster } from './pg-cluster';

// vitest's global setup: one throwaway PostgreSQL cluster for the run, with a migrated template database. Each test
// file that asks for a PostgreSQL store gets its own database copied from the template (testing/stores.ts), so no
// file sees another's rows. Without PostgreSQL installed the SQLite tests still run; a PostgreSQL one fails naming
// the package to install.
export const TEMPLATE_DB = 'bp_template';

export default async function setup() {
  try {
    postgresBinDir();
  } catch (err) {
    if (process.env.TEST_STORE === 'pg') throw err;
    process.env.BP_TEST_PG_MISSING = (err as Error).message;
    return;
  }
  const cluster = await startPgCluster();
  await adminQuery(cluster.adminUrl, `CREATE DATABASE ${TEMPLATE_DB}`);
  await closePgDatabase(await openPgDatabase(cluster.urlOf(TEMPLATE_DB)));
  process.env.BP_TEST_PG_ADMIN_URL = cluster.adminUrl;
  return () => cluster.stop();
}
