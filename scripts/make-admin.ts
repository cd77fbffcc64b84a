import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/server/config';
import { findUserByUsername } from '../src/server/services/users';
import { openStore, type Store } from '../src/server/store';

// npm run admin -- <username> (docs/product/admin.md#making-an-admin): makes an existing user an admin in the
// database the server uses (DATABASE_URL or DATABASE_PATH, read and checked as the server reads it). Besides ADMIN_USERNAME at start,
// this is how a site gets more admins. It takes effect at once, also for the user's open sessions: every request
// reads the flag from the database.

export type MakeAdminResult =
  | { status: 'promoted'; username: string; name: string }
  | { status: 'already-admin'; username: string; name: string }
  | { status: 'not-found'; username: string };

/** Sets isAdmin on the user with this username (case-insensitive, as logins are). */
export async function makeAdmin(store: Store, username: string): Promise<MakeAdminResult> {
  const user = await findUserByUsername(store, username);
  if (!user) return { status: 'not-found', username: username.trim() };
  if (user.isAdmin) return { status: 'already-admin', username: user.username, name: user.name };
  if (!(await store.users.makeAdmin(user.id))) return { status: 'not-found', username: username.trim() };
  return { status: 'promoted', username: user.username, name: user.name };
}

const USAGE = [
  'Bruk / usage: npm run admin -- <brukernavn>',
  '  Gjør en eksisterende bruker til administrator i databasen DATABASE_PATH peker på.',
  '  Makes an existing user an admin in the database DATABASE_PATH points to.',
];

/** The command line: exit code 0 done (or already an admin), 1 no such user or database, 2 wrong usage. */
export async function cli(argv: string[], env: NodeJS.ProcessEnv = process.env, out = console): Promise<number> {
  const args = argv.filter((a) => a !== '--');
  if (args.length !== 1 || !args[0].trim() || args[0].startsWith('-')) {
    for (const line of USAGE) out.error(line);
    return 2;
  }
  const config = loadConfig(env);
  const file = config.databasePath;
  if (!config.databaseUrl && file !== ':memory:' && !fs.existsSync(file)) {
    out.error(`Fant ingen database i ${path.resolve(file)}. Start serveren én gang, eller sett DATABASE_PATH.`);
    out.error(`No database at ${path.resolve(file)}. Start the server once, or set DATABASE_PATH.`);
    return 1;
  }
  const store = await openStore(config);
  const where = config.databaseUrl ? 'DATABASE_URL' : path.resolve(file);
  try {
    const result = await makeAdmin(store, args[0]);
    switch (result.status) {
      case 'promoted':
        out.log(`${result.username} (${result.name}) er nå administrator. / ${result.username} is now an admin.`);
        return 0;
      case 'already-admin':
        out.log(`${result.username} (${result.name}) er allerede administrator. / ${result.username} is already an admin.`);
        return 0;
      case 'not-found':
        out.error(`Fant ingen bruker med brukernavnet «${result.username}». Brukeren må registrere seg først.`);
        out.error(`No user named "${result.username}" in ${where}. The user must register first.`);
        return 1;
    }
  } finally {
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  cli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(`npm run admin: ${(err as Error).message}`);
      process.exit(1);
    },
  );
}
