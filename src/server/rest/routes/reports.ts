import { listingIdInput } from '../../../shared/schemas/listing';
import { reportedListingShape, reportInput, reportShape, resolveReportsInput, resolveReportsResult } from '../../../shared/schemas/report';
import { z } from '../../../shared/zod';
import { defineRoutes, type RestRequest } from '../types';

// Reports of listings (docs/product/api.md#reports): a buyer's report and the admins' list and decision.

/** The body with the path's listing id under `key` (a body that is not an object is left for validation to refuse). */
const withPathId =
  (key: string) =>
  ({ params, body }: RestRequest) =>
    body && typeof body === 'object' && !Array.isArray(body) ? { ...body, [key]: params.id } : body === undefined ? { [key]: params.id } : body;

export const reportsRoutes = defineRoutes([
  {
    method: 'POST',
    url: '/api/listings/:id/reports',
    procedure: 'reports.create',
    input: withPathId('listingId'),
    status: 201,
    doc: {
      tag: 'Listings',
      summary: 'Report a listing',
      description:
        '`reason` is svindel, feil_informasjon, allerede_solgt, upassende or annet; `comment` is optional (at most 1000 ' +
        "characters). Not one's own listing (403); a listing the caller cannot open is a 404; one report per listing and " +
        "account (409 'Du har allerede rapportert denne annonsen.'). Reports from three accounts within seven days hide " +
        'the listing from everyone but its owner and admins until an admin decides.',
      auth: true,
      params: listingIdInput,
      body: reportInput.omit({ listingId: true }),
      responses: { 201: reportShape },
      errors: [401, 403, 404, 409, 429],
    },
  },
  {
    method: 'GET',
    url: '/api/admin/reports',
    procedure: 'admin.reports.list',
    input: () => undefined,
    doc: {
      tag: 'Admin',
      summary: 'Reported listings and their open reports (admin)',
      description: 'Listings hidden by their reports first, then by their oldest open report; each report with its reporter.',
      auth: true,
      responses: { 200: z.array(reportedListingShape) },
      errors: [401, 403],
    },
  },
  {
    method: 'POST',
    url: '/api/admin/listings/:id/reports/resolve',
    procedure: 'admin.reports.resolve',
    input: withPathId('id'),
    doc: {
      tag: 'Admin',
      summary: "Decide on a listing's reports (admin)",
      description:
        "`{action: 'avvis'}` closes the reports and shows a listing they hid again; `{action: 'fjern'}` rejects the listing " +
        'with the reports\' reasons (its owner is told as for any rejection). Each reporter gets a notification; the ' +
        'decision is written to the audit log. 404 when the listing has no open report.',
      auth: true,
      params: listingIdInput,
      body: resolveReportsInput.omit({ id: true }),
      responses: { 200: resolveReportsResult },
      errors: [401, 403, 404],
    },
  },
]);
