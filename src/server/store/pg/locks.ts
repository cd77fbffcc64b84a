import type { PgDb } from '../../../../db/pg/client';
import { lockListingWrites as lock } from '../locks';
import { pgDialect } from './dialect';

// Transitional, for the repositories not yet written once.
export const lockListingWrites = (tx: Pick<PgDb, 'execute'>) => lock(tx as never, { d: pgDialect });
