import { defineRoutes } from '../types';

export const authRoutes = defineRoutes([
  { method: 'POST', url: '/api/auth/login', procedure: 'auth.login', rateLimit: 'login' },
  { method: 'POST', url: '/api/auth/register', procedure: 'auth.register', status: 201, rateLimit: 'register' },
  {
    method: 'GET',
    url: '/api/auth/user',
    procedure: 'auth.me',
    // SPEC §7: "returns the current user or fails". Logged out is a 401, not a null body.
    send: (user, reply) => {
      if (!user) return reply.code(401).send({ message: 'Ikke innlogget.' });
      return user;
    },
  },
  { method: 'POST', url: '/api/auth/logout', procedure: 'auth.logout', input: () => undefined },
  { method: 'PUT', url: '/api/auth/update-profile', procedure: 'auth.updateProfile' },
  { method: 'PUT', url: '/api/auth/change-password', procedure: 'auth.changePassword' },
]);
