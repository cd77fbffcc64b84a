import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/server/config';
import { sweepPriceRatings } from '../src/server/services/prices';
import { openStore } from '../src/server/store';

// npm run prices:rate (docs/operations.md "Price ratings"): rates every listing against its comparables once, in the
// database the server uses (DATABASE_URL or DATABASE_PATH). Run it once after the upgrades that brought price ratings and their figures;
// from then on every listing write and the server's hourly sweep keep them. Group by group, each a short transaction,
// so it may run beside the server.

export async function cli(env: NodeJS.ProcessEnv = process.env, out = console): Promise<number> {
  const store = await openStore(loadConfig(env));
  try {
    const groups = await sweepPriceRatings(store, null);
    out.log(`Vurderte prisene i ${groups} grupper av lignende biler. / Rated ${groups} groups of comparable cars.`);
    return 0;
  } finally {
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  cli().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(`npm run prices:rate: ${(err as Error).message}`);
      process.exit(1);
    },
  );
}
