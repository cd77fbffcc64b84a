import pino from 'pino';
import { loadConfig } from '../src/server/config';
import { EventHub } from '../src/server/realtime/hub';
import { closeDatabase, openDatabase } from './client';
import { seedDemo } from './seed';

// npm run db:seed: seeds demo data into DATABASE_PATH if it is empty.
const config = loadConfig({ ...process.env, SEED_DEMO: 'true' });
const db = openDatabase(config.databasePath);
const log = pino();
const result = await seedDemo({ db, config, hub: new EventHub(), log, integrations: {} } as never);
console.log(result ? `Seeded: ${JSON.stringify(result)}` : 'Database is not empty; nothing seeded.');
closeDatabase(db);
