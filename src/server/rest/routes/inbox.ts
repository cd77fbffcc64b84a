import { defineRoutes } from '../types';

// SPEC §7: POST /api/contact {name, email, subject, message} and POST /api/feedback {name, email, feedback}.
export const inboxRoutes = defineRoutes([
  { method: 'POST', url: '/api/contact', procedure: 'inbox.contact', status: 201, rateLimit: 'contact' },
  { method: 'POST', url: '/api/feedback', procedure: 'inbox.feedback', status: 201, rateLimit: 'feedback' },
]);
