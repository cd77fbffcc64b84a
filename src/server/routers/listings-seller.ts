// Seller side of the listings namespace (issue 3): create, update, delete, setActive, mine, forEdit.
export const listingsSellerProcedures = {};
