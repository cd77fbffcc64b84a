import { contactInput, feedbackInput } from '../../../shared/schemas/inbox';
import { inboxMessageShape } from '../../../shared/schemas/inbox';
import { defineRoutes } from '../types';

// docs/product/api.md: POST /api/contact {name, email, subject, message} and POST /api/feedback {name, email, feedback}.
export const inboxRoutes = defineRoutes([
  {
    method: 'POST',
    url: '/api/contact',
    procedure: 'inbox.contact',
    status: 201,
    doc: { tag: 'Contact and feedback', summary: 'Send a message to the site', body: contactInput, responses: { 201: inboxMessageShape }, errors: [429] },
  },
  {
    method: 'POST',
    url: '/api/feedback',
    procedure: 'inbox.feedback',
    status: 201,
    doc: { tag: 'Contact and feedback', summary: 'Send feedback', body: feedbackInput, responses: { 201: inboxMessageShape }, errors: [429] },
  },
]);
