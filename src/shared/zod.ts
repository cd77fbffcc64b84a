import { z } from 'zod';

// Zod's built-in Norwegian messages for any rule that does not carry its own text. Import `z` from here.
z.config(z.locales.no());

export { z };
