import { z } from 'zod';

// Zod's built-in Norwegian messages for any rule that does not carry its own text. Import `z` from here.
z.config(z.locales.no());
// In the browser, no compiled parsers: the CSP forbids eval, and zod's probe for it is reported as a violation
// (Lighthouse's best practices count it). The server keeps the faster compiled ones.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
