import { vehicleLookupInput } from '../../../shared/vehicle-mapping';
import { z } from '../../../shared/zod';
import { registryAnswerShape } from '../shapes';
import { defineRoutes, noStore } from '../types';

export const vehicleRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/api/vehicle-data/:regnr',
    procedure: 'vehicle.lookup',
    input: ({ params }) => ({ registrationNumber: params.regnr }),
    // The answer is cached server-side; browsers need not keep it (the client busts caches anyway).
    send: noStore,
    doc: {
      tag: 'Lookups',
      summary: 'Vehicle registry data for a registration number',
      description: "The registry's own JSON; clients map the first element of `kjoretoydataListe`.",
      params: z.object({ regnr: vehicleLookupInput.shape.registrationNumber }),
      responses: { 200: registryAnswerShape },
      errors: [404, 429, 502, 503],
    },
  },
]);
