// Buyer side of the listings namespace (issue 4): list (search), byId.
export const listingsBuyerProcedures = {};
