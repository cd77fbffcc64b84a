import type { RestRoute } from '../types';
import { authRoutes } from './auth';

// The whole /api/* surface of SPEC §7, one file per domain. Later issues add rows here.
export const restRoutes: RestRoute[] = [...authRoutes];
