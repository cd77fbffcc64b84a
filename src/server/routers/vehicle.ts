import { vehicleLookupInput } from '../../shared/vehicle-mapping';
import { publicProcedure, rateLimited, router } from '../trpc/init';

export const vehicleRouter = router({
  /**
   * The vehicle registry's answer for a plate ({kjoretoydataListe: [...]}), so the client's docs/product/data.md mapping
   * applies (src/shared/vehicle-mapping.ts). Open to visitors (docs/product/permissions.md: "lookup: yes"); the 'vehicle' budget protects
   * the registry's daily quota, cached answers included (docs/product/limits.md#rate-limits).
   */
  lookup: publicProcedure.use(rateLimited('vehicle')).input(vehicleLookupInput).query(({ ctx, input }) => {
    return ctx.integrations.vehicleRegistry.lookup(input.registrationNumber);
  }),
});
