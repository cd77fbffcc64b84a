// Budgets that the measuring scripts report against and the browser tests enforce (issue 12;
// docs/decisions/010-compression-and-bundle.md).

/** The home page's JavaScript as the server sends it (compressed bytes on the wire), at most. */
export const HOME_JS_BUDGET_BYTES = 150 * 1000;
