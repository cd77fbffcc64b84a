import { inquiryInput } from '../../../shared/schemas/inquiry';
import { inquiryShape } from '../../../shared/schemas/inquiry';
import { defineRoutes } from '../types';

export const inquiriesRoutes = defineRoutes([
  {
    method: 'POST',
    url: '/api/inquiries',
    procedure: 'inquiries.create',
    status: 201,
    doc: {
      tag: 'Listings',
      summary: "Send an inquiry about a listing to its seller",
      description: 'Not about one\'s own listing (403).',
      auth: true,
      body: inquiryInput,
      responses: { 201: inquiryShape },
      errors: [401, 403, 404, 429],
    },
  },
]);
