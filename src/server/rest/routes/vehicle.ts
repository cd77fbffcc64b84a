import { defineRoutes } from '../types';

export const vehicleRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/api/vehicle-data/:regnr',
    procedure: 'vehicle.lookup',
    rateLimit: 'vehicle',
    input: ({ params }) => ({ registrationNumber: params.regnr }),
    // The answer is cached server-side; browsers need not keep it (the client busts caches anyway).
    send: (answer, reply) => {
      reply.header('Cache-Control', 'no-store');
      return answer;
    },
  },
]);
