import pino from 'pino';
import { closeDatabase, openDatabase } from '../../../db/client';
import { loadConfig } from '../config';
import { createRateLimits } from '../limits/rate-limiter';
import { InProcessHub } from '../realtime/hub';
import { createStores } from '../services/stores';
import { seedDemo } from './seed';

// npm run db:seed: seeds demo data into DATABASE_PATH if it is empty.
const config = loadConfig({ ...process.env, SEED_DEMO: 'true' });
const db = openDatabase(config.databasePath);
const log = pino();
const result = await seedDemo({ db, config, hub: new InProcessHub(), log, integrations: {} as never, stores: createStores(db), rateLimits: createRateLimits() });
console.log(result ? `Seeded: ${JSON.stringify(result)}` : 'Database is not empty; nothing seeded.');
closeDatabase(db);
