import type { User } from '../../../db/schema';
import type { PublicUserShape } from '../../shared/schemas/auth';
import type { Store } from '../store';

/** The user as its owner and admins see it (docs/product/api.md#shapes): never the password hash. */
export function toUserShape(u: Omit<User, 'passwordHash'>): PublicUserShape {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    displayName: u.displayName,
    email: u.email,
    phone: u.phone,
    address: u.address,
    uniqueId: u.uniqueId,
    isAdmin: u.isAdmin,
    createdAt: u.createdAt.toISOString(),
  };
}

/** The user with this username, trimmed, in any case (logins and registration compare so). */
export function findUserByUsername(store: Store, username: string): Promise<User | undefined> {
  return store.users.findByUsername(username);
}

export function findUserById(store: Store, id: number): Promise<User | undefined> {
  return store.users.findById(id);
}

