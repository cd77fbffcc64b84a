// Usernames are compared as Unicode NFKC with case folded: 'ｋａｒｉ.nordmann' (full-width letters), 'KARI.nordmann' and
// 'kari.nordmann' are one name, as a reader of an admin list or a chat sees them. users.username_key holds the compared
// form, unique (users_username_key_uq); the store sets it with every username it writes.

/** The form a username is compared in: NFKC, then case folded (upper then lower, so 'ß' and 'SS' meet as 'ss'). */
export function usernameKey(username: string): string {
  return username.trim().normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

export interface KeylessUser {
  id: number;
  username: string;
}

export interface UsernameKeyFill {
  id: number;
  /** A new username, for a look-alike of an older account's: the old one tagged with '-duplikat-<id>'. */
  username?: string;
  usernameKey: string;
}

/**
 * The keys of users that have none yet (after migration 0020), in id order: the oldest account keeps its name and each
 * later look-alike gets its own name tagged with its id ('ｋａｒｉ.nordmann-duplikat-7'), which loses no account and
 * leaves the owner able to log in with their e-mail address and see the name. `keyed` are the keys already set;
 * `usernames` every username in the table, which a tagged name must not fold onto either.
 */
export function planUsernameKeys(keyless: KeylessUser[], keyed: Iterable<string>, usernames: Iterable<string>): UsernameKeyFill[] {
  const claimed = new Set(keyed);
  const inUse = new Set([...usernames].map(usernameKey));
  const fills: UsernameKeyFill[] = [];
  for (const user of [...keyless].sort((a, b) => a.id - b.id)) {
    const key = usernameKey(user.username);
    if (!claimed.has(key)) {
      claimed.add(key);
      fills.push({ id: user.id, usernameKey: key });
      continue;
    }
    let username = `${user.username.trim()}-duplikat-${user.id}`;
    while (claimed.has(usernameKey(username)) || inUse.has(usernameKey(username))) username += `-${user.id}`;
    claimed.add(usernameKey(username));
    inUse.add(usernameKey(username));
    fills.push({ id: user.id, username, usernameKey: usernameKey(username) });
  }
  return fills;
}
