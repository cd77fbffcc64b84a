import pino from 'pino';
import { loadConfig } from '../config';
import { createRateLimits } from '../limits/rate-limiter';
import { InProcessHub } from '../realtime/hub';
import { createStores } from '../services/stores';
import { openStore } from '../store';
import { seedDemo } from './seed';
import { createMailer } from '../mail/mailer';
import { RenderAhead } from '../pages/render-ahead';
import { RegistryChecks } from '../services/registry-facts';

// npm run db:seed: seeds demo data into the configured store (DATABASE_URL or DATABASE_PATH) if it is empty.
const config = loadConfig({ ...process.env, SEED_DEMO: 'true' });
const store = await openStore(config);
const log = pino();
const mailer = createMailer({ queue: store.mailQueue, smtpUrl: config.smtpUrl, outboxDir: config.mailOutboxDir, from: config.mailFrom, log });
const result = await seedDemo({ store, config, hub: new InProcessHub(), log, integrations: {} as never, stores: createStores(store), rateLimits: createRateLimits(), mailer, renderAhead: new RenderAhead(log), registryChecks: new RegistryChecks({ store, registry: { lookup: () => Promise.reject(new Error('no registry while seeding')) }, log }) });
console.log(result ? `Seeded: ${JSON.stringify(result)}` : 'Database is not empty; nothing seeded.');
await mailer.close();
await store.close();
