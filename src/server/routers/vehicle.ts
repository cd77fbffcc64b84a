import { vehicleLookupInput } from '../../shared/vehicle-mapping';
import { publicProcedure, rateLimited, router } from '../trpc/init';

export const vehicleRouter = router({
  /**
   * The vehicle registry's answer for a plate ({kjoretoydataListe: [...]}), so the client's SPEC §3 mapping
   * applies (src/shared/vehicle-mapping.ts). Open to visitors (SPEC §6: "lookup: yes"); the 'vehicle' budget protects
   * the registry's daily quota, cached answers included (docs/product/limits.md#rate-limits).
   */
  lookup: publicProcedure.use(rateLimited('vehicle')).input(vehicleLookupInput).query(({ ctx, input }) => {
    return ctx.integrations.vehicleRegistry.lookup(input.registrationNumber);
  }),
});
