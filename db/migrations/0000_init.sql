CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`name` text NOT NULL,
	`display_name` text,
	`email` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`unique_id` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_lower_uq` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_unique_id_uq` ON `users` (`unique_id`);--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE TABLE `inquiries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`sender_id` integer,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `inquiries_listing_idx` ON `inquiries` (`listing_id`);--> statement-breakpoint
CREATE TABLE `listing_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`position` integer NOT NULL,
	`storage_key` text NOT NULL,
	`url` text NOT NULL,
	`thumb_url` text NOT NULL,
	`width` integer DEFAULT 0 NOT NULL,
	`height` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_images_listing_idx` ON `listing_images` (`listing_id`,`position`);--> statement-breakpoint
CREATE TABLE `listings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`unique_code` text NOT NULL,
	`make` text NOT NULL,
	`model` text NOT NULL,
	`year` integer NOT NULL,
	`registration_number` text NOT NULL,
	`vin_number` text DEFAULT '' NOT NULL,
	`body_type` text DEFAULT '' NOT NULL,
	`doors` integer DEFAULT 4 NOT NULL,
	`seats` integer DEFAULT 5 NOT NULL,
	`color` text DEFAULT '' NOT NULL,
	`engine_size` integer DEFAULT 0 NOT NULL,
	`power` integer DEFAULT 0 NOT NULL,
	`fuel_type` text DEFAULT '' NOT NULL,
	`transmission` text DEFAULT '' NOT NULL,
	`drivetrain` text DEFAULT '' NOT NULL,
	`weight` integer DEFAULT 0 NOT NULL,
	`mileage` integer DEFAULT 0 NOT NULL,
	`previous_owners` integer DEFAULT 1 NOT NULL,
	`next_inspection` text DEFAULT '' NOT NULL,
	`last_inspection` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price` integer NOT NULL,
	`registration_fee` integer DEFAULT 0 NOT NULL,
	`total_price` integer NOT NULL,
	`equipment` text DEFAULT '[]' NOT NULL,
	`service_history` integer DEFAULT false NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`hide_address` integer DEFAULT false NOT NULL,
	`hide_contact_info` integer DEFAULT false NOT NULL,
	`contact_phone` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`rejection_reason` text,
	`active` integer DEFAULT true NOT NULL,
	`cover_image` text,
	`place` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `listings_unique_code_uq` ON `listings` (`unique_code`);--> statement-breakpoint
CREATE INDEX `listings_user_idx` ON `listings` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_status_idx` ON `listings` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_visible_created_idx` ON `listings` (`status`,`active`,`created_at`);--> statement-breakpoint
CREATE TABLE `saved_listings` (
	`user_id` integer NOT NULL,
	`listing_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_listings_user_listing_uq` ON `saved_listings` (`user_id`,`listing_id`);--> statement-breakpoint
CREATE INDEX `saved_listings_listing_idx` ON `saved_listings` (`listing_id`);--> statement-breakpoint
CREATE TABLE `chats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer,
	`buyer_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`buyer_marked` integer DEFAULT false NOT NULL,
	`seller_marked` integer DEFAULT false NOT NULL,
	`buyer_deleted_at` integer,
	`seller_deleted_at` integer,
	`buyer_last_read_at` integer,
	`seller_last_read_at` integer,
	`last_message_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chats_listing_buyer_uq` ON `chats` (`listing_id`,`buyer_id`);--> statement-breakpoint
CREATE INDEX `chats_buyer_idx` ON `chats` (`buyer_id`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `chats_seller_idx` ON `chats` (`seller_id`,`last_message_at`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_id` integer NOT NULL,
	`sender_id` integer,
	`content` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `messages_chat_idx` ON `messages` (`chat_id`,`id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text DEFAULT 'info' NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`data` text,
	`read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`read`,`created_at`);--> statement-breakpoint
CREATE TABLE `inbox_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text,
	`subject` text DEFAULT '' NOT NULL,
	`message` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `inbox_kind_created_idx` ON `inbox_messages` (`kind`,`created_at`);