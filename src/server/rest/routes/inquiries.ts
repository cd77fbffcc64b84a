import { defineRoutes } from '../types';

export const inquiriesRoutes = defineRoutes([{ method: 'POST', url: '/api/inquiries', procedure: 'inquiries.create', status: 201, rateLimit: 'inquiry' }]);
