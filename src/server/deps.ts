import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { EventHub } from './realtime/hub';
import type { AddressSearch } from './integrations/address-search';
import type { VehicleRegistry } from './integrations/vehicle-registry';
import type { ImageStorage } from './integrations/image-storage';
import type { Stores } from './services/stores';
import type { RateLimits } from './limits/rate-limiter';
import type { Store } from './store';
import type { Mailer } from './mail/mailer';
import type { RenderAhead } from './pages/render-ahead';
import type { RegistryChecks } from './services/registry-facts';

/**
 * Long-lived things created once in buildApp and closed in Fastify's onClose. Procedures and REST rows
 * reach them through the context; services take what they need as arguments.
 */
export interface AppDeps {
  /** The repositories, on SQLite or PostgreSQL (src/server/store). */
  store: Store;
  config: AppConfig;
  hub: EventHub;
  log: FastifyBaseLogger;
  integrations: Integrations;
  /** Prepared statements and caches over `db` (the search, the detail view, profiles). */
  stores: Stores;
  /** Per-address budgets and the per-account login throttle (docs/product/limits.md#rate-limits). */
  rateLimits: RateLimits;
  /** Outgoing mail, sent in the background after the causing change commits (src/server/mail/mailer.ts). */
  mailer: Mailer;
  /** Listing pages rendered in the background after a change to the listing (src/server/pages/render-ahead.ts). */
  renderAhead: RenderAhead;
  /** Listings' plates looked up in the vehicle registry in the background after a change (services/registry-facts.ts). */
  registryChecks: RegistryChecks;
}

// Filled by the issues that build each integration; kept as one open interface so adding one touches
// only its own module and app.ts.
export interface Integrations {
  address: AddressSearch;
  vehicleRegistry: VehicleRegistry;
  imageStorage: ImageStorage;
}
