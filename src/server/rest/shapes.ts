// The answers of /api/* that belong to no domain schema: the registry's own JSON, the plain success answers and the
// error shape. Every other answer's zod shape lives with its type (src/shared/schemas/*, or the service that makes
// it), and the type is inferred from it, so the OpenAPI document (rest/openapi.ts) and the code cannot disagree.
// docs/product/api.md "Shapes".
import { z } from '../../shared/zod';

/** The vehicle registry's own JSON, passed on as it is (docs/product/api.md "Calls beyond the client"). */
export const registryAnswerShape = z.looseObject({ kjoretoydataListe: z.array(z.unknown()) });

export const successShape = z.object({ success: z.literal(true) });
export const changePasswordAnswerShape = z.object({ success: z.literal(true), message: z.string() });

/** Every error answer (docs/product/api.md "Conventions"): a Norwegian message, and for invalid input field → message. */
export const errorShape = z.object({
  message: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});
