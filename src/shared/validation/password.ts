// The password rules' numbers and messages, apart from the schemas (schemas/auth.ts) so a form that only shows a
// message does not load Zod and every account schema with the page (docs/product/validation.md).

export const PASSWORD_MIN = 6;
export const PASSWORD_MIN_MESSAGE = 'Nytt passord må være minst 6 tegn langt.';
export const PASSWORD_MISMATCH_MESSAGE = 'Nye passord stemmer ikke overens.';
