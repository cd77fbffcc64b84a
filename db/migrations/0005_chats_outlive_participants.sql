PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_chats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer,
	`buyer_id` integer,
	`seller_id` integer,
	`buyer_marked` integer DEFAULT false NOT NULL,
	`seller_marked` integer DEFAULT false NOT NULL,
	`buyer_read_id` integer DEFAULT 0 NOT NULL,
	`seller_read_id` integer DEFAULT 0 NOT NULL,
	`buyer_hidden_id` integer,
	`seller_hidden_id` integer,
	`last_message_id` integer DEFAULT 0 NOT NULL,
	`last_message_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_chats`("id", "listing_id", "buyer_id", "seller_id", "buyer_marked", "seller_marked", "last_message_id", "last_message_at", "created_at") SELECT "id", "listing_id", "buyer_id", "seller_id", "buyer_marked", "seller_marked", coalesce((SELECT max(m."id") FROM `messages` m WHERE m."chat_id" = `chats`."id"), 0), "last_message_at", "created_at" FROM `chats`;--> statement-breakpoint
DROP TABLE `chats`;--> statement-breakpoint
ALTER TABLE `__new_chats` RENAME TO `chats`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `chats_listing_buyer_uq` ON `chats` (`listing_id`,`buyer_id`);--> statement-breakpoint
CREATE INDEX `chats_buyer_idx` ON `chats` (`buyer_id`,`last_message_id`);--> statement-breakpoint
CREATE INDEX `chats_seller_idx` ON `chats` (`seller_id`,`last_message_id`);