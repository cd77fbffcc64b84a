// Limits per client IP. Generous enough for a household behind one address, tight enough to stop
// password guessing and form spam. The same budgets apply over tRPC (see app.ts) and REST.
export const RATE_LIMITS = {
  login: { max: 10, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 60 * 60_000 },
  contact: { max: 5, timeWindow: 10 * 60_000 },
  feedback: { max: 5, timeWindow: 10 * 60_000 },
  // Protects the registry's daily quota (≈50 000 look-ups) from one client; cached answers still count here.
  vehicle: { max: 30, timeWindow: 10 * 60_000 },
  // Inquiries reach a seller's notifications; a buyer rarely writes to more than a handful of sellers at once.
  inquiry: { max: 30, timeWindow: 10 * 60_000 },
} as const;

/** Procedures that share the budgets above when called over tRPC. */
export const RATE_LIMITED_PROCEDURES: Record<string, keyof typeof RATE_LIMITS> = {
  'auth.login': 'login',
  'auth.register': 'register',
  'inbox.contact': 'contact',
  'inbox.feedback': 'feedback',
  'vehicle.lookup': 'vehicle',
  'inquiries.create': 'inquiry',
};

export const RATE_LIMIT_MESSAGE = 'For mange forsøk. Vent litt og prøv igjen.';

export type RateLimitKind = keyof typeof RATE_LIMITS;
