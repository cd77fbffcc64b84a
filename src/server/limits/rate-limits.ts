// The one code home of the server's rate limits; what each number means, and why it is what it is, is the table in
// docs/product/limits.md#rate-limits (change both together).
//
// Per client address (unless a limit says `per: 'user'`), windows of at most a minute (docs/product/limits.md#rate-limits): carrier-grade NAT, schools
// and offices put many people behind one address, and a long window turns the eleventh of them away for that long.
// Every call of a limited procedure counts, over HTTP (each call of a batch), WebSocket and REST alike: the limit is
// a tRPC middleware (`rateLimited` in src/server/trpc/init.ts), counted by src/server/limits/rate-limiter.ts.
export const RATE_LIMITS = {
  // Each check costs an argon2 hash; the per-account throttle below stops guessing one password, so this only bounds the
  // CPU one address can spend and spreads credential stuffing. A classroom logging in at once fits.
  login: { max: 30, timeWindow: 60_000 },
  // A class or an office signing up together (at least 30 within a minute must pass) plus ten mistyped forms.
  register: { max: 40, timeWindow: 60_000 },
  // A wrong old password also counts against the account (LOGIN_THROTTLE); this bounds argon2 work per address.
  changePassword: { max: 10, timeWindow: 60_000 },
  // 'Glemt passord?': each may send a mail. Per address a person asks once or twice; ten a minute leaves room
  // for a classroom. The address asked about has its own budget below, so nobody fills a stranger's inbox.
  forgotPassword: { max: 10, timeWindow: 60_000 },
  // Counted per e-mail address asked about (known or not, so the answer tells nothing), keyed 'email:<address>'.
  forgotPasswordEmail: { max: 5, timeWindow: 60 * 60_000 },
  // Each costs an argon2 hash; a token cannot be guessed, so this only bounds CPU per address.
  resetPassword: { max: 10, timeWindow: 60_000 },
  // 'Last ned mine data' reads everything the account holds; a person downloads it once.
  accountExport: { max: 5, timeWindow: 60_000, per: 'user' },
  // 'Slett kontoen min': a wrong password also counts against the account (LOGIN_THROTTLE), as for a password change.
  deleteAccount: { max: 10, timeWindow: 60_000 },
  // Each lands in the admin inbox. A person sends one; ten per minute from one address is a crowd, not a visitor.
  contact: { max: 10, timeWindow: 60_000 },
  feedback: { max: 10, timeWindow: 60_000 },
  // Protects the registry's daily quota (≈50 000 look-ups; cached answers count too): a look-up is a button press per
  // car, so ten a minute covers a dealer entering cars or several sellers behind one address, while one address can
  // spend at most a quarter or so of the quota in a day (the registry client also caches and pauses when it is spent).
  vehicle: { max: 10, timeWindow: 60_000 },
  // Each reaches a seller's notifications. Only logged-in users send them (accounts are limited above), and a mobile
  // carrier's shared address may carry many buyers at once; a script from one address is held to one every two seconds.
  inquiry: { max: 30, timeWindow: 60_000 },
  // Chats are counted per account, not per address (a conversation is one person; many people share an address).
  // Typing fast, a person sends a line every few seconds; sixty a minute is never reached in a conversation and holds
  // a script to one a second.
  chatMessage: { max: 60, timeWindow: 60_000, per: 'user' },
  // A buyer writes to a handful of sellers in a sitting; thirty new conversations an hour is a spammer's pace.
  // Continuing an existing chat through "Start chat" counts too (it sends a message).
  chatStart: { max: 30, timeWindow: 60 * 60_000, per: 'user' },
  // Every new listing waits in the moderators' queue. Filling in a listing (registry look-up, photos, description)
  // takes a seller minutes, so twenty an hour and fifty a day leave room for a dealer entering stock all day, while one
  // account can no longer flood the queue.
  listingCreate: { max: 20, timeWindow: 60 * 60_000, per: 'user' },
  listingCreateDay: { max: 50, timeWindow: 24 * 60 * 60_000, per: 'user' },
  // Decoding each staged photo is costly; a dealer photographing five cars of 40 photos in an hour,
  // with retries, stays under 300 (the bounds on staged photos themselves are in src/server/services/images.ts).
  photoUpload: { max: 300, timeWindow: 60 * 60_000, per: 'user' },
  // 'Marker som solgt' and back: putting a car back on the market runs the saved-search alerts, so flipping it in a
  // loop is held to one every two seconds; a seller clicks it once or twice per car.
  listingSold: { max: 30, timeWindow: 60_000, per: 'user' },
  // Saving, renaming and deleting saved searches (at most SAVED_SEARCHES_MAX kept): a person tidying the list makes a
  // few changes a minute; thirty holds a script without getting in anyone's way.
  savedSearchWrite: { max: 30, timeWindow: 60_000, per: 'user' },
  // 'Meld av' from an alert e-mail, without a login: a person clicks it once; the token cannot be guessed, so this only
  // bounds the look-ups one address can make.
  savedSearchUnsubscribe: { max: 20, timeWindow: 60_000 },
  // 'Rapporter annonse': a buyer reports a scam or two in a sitting, and each listing once; reports hide a listing, so
  // twenty an hour per account, refused ones counted, holds a script walking through listings.
  listingReport: { max: 20, timeWindow: 60 * 60_000, per: 'user' },
} as const satisfies Record<string, { max: number; timeWindow: number; per?: 'user' }>;

export type RateLimitKind = keyof typeof RATE_LIMITS;

/** What a limit counts: each client address, or (`per: 'user'`) each logged-in account. */
export const rateLimitKey = (kind: RateLimitKind, ip: string, userId: number | undefined): string =>
  'per' in RATE_LIMITS[kind] && userId !== undefined ? `user:${userId}` : ip;

export const RATE_LIMIT_MESSAGE = 'For mange forsøk. Vent litt og prøv igjen.';

/**
 * Failed password checks per account (OWASP ASVS V2.2.1), counted for the lower-cased username whether or not it
 * exists, so the answer does not tell which usernames exist. After `threshold` consecutive failures every attempt for
 * that username is refused — the right password too, or guessing would go on during the lock — for a delay that
 * doubles with each further failure, from `firstLockMs` up to `maxLockMs`. A successful check forgets the failures;
 * so does `forgetAfterMs` without a failure. At most `maxAccounts` usernames are remembered (oldest dropped first).
 */
export const LOGIN_THROTTLE = {
  threshold: 5,
  firstLockMs: 60_000,
  maxLockMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
  maxAccounts: 100_000,
} as const;

/** How long until a limit frees, in words, rounded up: '1 minutt', '20 minutter', '1 time', '3 timer'. */
export function waitInWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minutt' : 'minutter'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} ${hours === 1 ? 'time' : 'timer'}`;
}

/** The lock's answer: 429 with Retry-After, and how long to wait in words. */
export function loginLockedMessage(ms: number): string {
  return `For mange mislykkede innlogginger. Prøv igjen om ${waitInWords(ms)}.`;
}
