import { z } from '../../../shared/zod';
import type { RestRequest, RestRoute, RouteDoc } from '../types';

/** The procedure input of a row whose path names one resource: `/…/:id` → `{ id }`. */
export const idFromPath = ({ params }: RestRequest) => ({ id: params.id });

/**
 * DELETE of one resource named by `:id` in the path, for a logged-in caller: the procedure gets `{ id }` and the answer
 * is 204 with no body. The doc says the rest (summary, path params, errors).
 */
export function deleteById(url: string, procedure: string, doc: Omit<RouteDoc, 'responses' | 'auth'>): RestRoute {
  return { method: 'DELETE', url, procedure, input: idFromPath, doc: { ...doc, auth: true, responses: { 204: null } } };
}

/**
 * GET of a list for a logged-in caller (their own things, or an admin's view) that takes nothing from the request:
 * the answer is an array of `item`. `row` adds what the row shapes beyond that (`serialize`, `send`).
 */
export function listRoute(
  url: string,
  procedure: string,
  item: z.ZodType,
  doc: Omit<RouteDoc, 'responses' | 'auth'>,
  row: Pick<RestRoute, 'serialize' | 'send'> = {},
): RestRoute {
  return { method: 'GET', url, procedure, input: () => undefined, ...row, doc: { ...doc, auth: true, responses: { 200: z.array(item) } } };
}
