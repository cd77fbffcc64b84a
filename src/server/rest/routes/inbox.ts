import { contactInput, feedbackInput, inboxMarkReadInput, inboxMessageIdInput, inboxMessageShape } from '../../../shared/schemas/inbox';
import { z } from '../../../shared/zod';
import { defineRoutes, type RestRequest } from '../types';
import { deleteById } from './rows';

const adminTag = 'Admin: feedback and contact messages';
// The admin rows: 401 logged out, 403 for a user who is not an admin (docs/product/permissions.md).
const refused = [401, 403];

/** PATCH /api/feedbacks/:id/read: no body (or an empty one) marks read; `{isRead: false}` un-reads; anything else is a 400. */
function markReadInput({ params, body }: RestRequest) {
  if (body === undefined || body === null || body === '') return { id: params.id };
  return typeof body === 'object' && !Array.isArray(body) ? { ...body, id: params.id } : body;
}

// docs/product/api.md: POST /api/contact {name, email, subject, message} and POST /api/feedback {name, email, feedback};
// the admin's lists, and the read and delete paths both kinds share (docs/product/admin.md#inbox).
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
  {
    method: 'GET',
    url: '/api/feedbacks',
    procedure: 'admin.inbox.list',
    input: () => ({ kind: 'feedback' }),
    doc: { tag: adminTag, summary: 'Feedback, newest first (admin)', auth: true, responses: { 200: z.array(inboxMessageShape) }, errors: refused },
  },
  {
    method: 'GET',
    url: '/api/contact-messages',
    procedure: 'admin.inbox.list',
    input: () => ({ kind: 'contact' }),
    doc: { tag: adminTag, summary: 'Contact messages, newest first (admin)', auth: true, responses: { 200: z.array(inboxMessageShape) }, errors: refused },
  },
  {
    method: 'PATCH',
    url: '/api/feedbacks/:id/read',
    procedure: 'admin.inbox.markRead',
    input: markReadInput,
    doc: {
      tag: adminTag,
      summary: 'Mark feedback or a contact message read or unread (admin)',
      description: 'No body marks it read; `{"isRead": false}` marks it unread. Serves both kinds.',
      auth: true,
      params: inboxMessageIdInput,
      body: inboxMarkReadInput.omit({ id: true }).optional(),
      responses: { 200: inboxMessageShape },
      errors: [...refused, 404],
    },
  },
  deleteById('/api/feedbacks/:id', 'admin.inbox.delete', {
    tag: adminTag,
    summary: 'Delete feedback or a contact message (admin)',
    description: 'Serves both kinds.',
    params: inboxMessageIdInput,
    errors: [...refused, 404],
  }),
]);
