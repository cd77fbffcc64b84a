/**
 * The pages the server renders, as TanStack Router route ids: the public ones (docs/decisions/019-server-rendering.md).
 * Any unknown address is rendered too, as the 404 page. The others need a login and stay rendered by the browser from
 * the plain page, with their skeletons.
 */
export const SERVER_RENDERED_ROUTES = ['/', '/annonser', '/listing/$id', '/about', '/kontakt', '/personvern', '/vilkar', '/cookies'] as const;

/** The id of the page's dehydrated queries: `<script type="application/json">`, never run (src/server/pages/server-render.ts). */
export const STATE_SCRIPT_ID = 'bp-state';
