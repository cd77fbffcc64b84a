import { notificationIdInput, notificationShape } from '../../../shared/schemas/notification';
import { z } from '../../../shared/zod';
import { defineRoutes } from '../types';
import { deleteById, listRoute } from './rows';

const tag = 'Notifications';
const params = notificationIdInput;

// docs/product/notifications.md: the caller's own only (401 for visitors; someone else's answers 404).
export const notificationsRoutes = defineRoutes([
  listRoute('/api/notifications', 'notifications.list', notificationShape, { tag, summary: "The caller's notifications, newest first (the newest 200)", errors: [401] }),
  {
    method: 'PATCH',
    url: '/api/notifications/mark-all-read',
    procedure: 'notifications.markAllRead',
    input: () => undefined,
    doc: { tag, summary: 'Mark all of the caller’s notifications read', auth: true, responses: { 200: z.object({ updated: z.number().int() }) }, errors: [401] },
  },
  {
    method: 'PATCH',
    url: '/api/notifications/:id/read',
    procedure: 'notifications.markRead',
    input: ({ params }) => ({ id: params.id }),
    doc: { tag, summary: 'Mark a notification read', auth: true, params, responses: { 200: notificationShape }, errors: [401, 404] },
  },
  deleteById('/api/notifications/:id', 'notifications.delete', { tag, summary: 'Delete a notification', params, errors: [401, 404] }),
  {
    method: 'DELETE',
    url: '/api/notifications',
    procedure: 'notifications.deleteAll',
    input: () => undefined,
    doc: { tag, summary: 'Delete all of the caller’s notifications', auth: true, responses: { 204: null }, errors: [401] },
  },
]);
