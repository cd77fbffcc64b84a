-- Usernames are compared as NFKC, case folded (db/username-key.ts): 'ｋａｒｉ.nordmann' is 'kari.nordmann'. The key cannot be
-- computed in SQL on SQLite, so the column starts empty and the start-up fills it right after migrating, oldest account
-- first: a later look-alike keeps its account under the name tagged '-duplikat-<id>' (db/client.ts, db/pg/client.ts).
ALTER TABLE `users` ADD `username_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key_uq` ON `users` (`username_key`);
