-- The row counters go (decision 004, measured again for issue 10): totals and the dashboard count
-- with count(*) and group by, which cost about a millisecond at the sizes this site meets. The
-- triggers go first, as they write the tables dropped below.
DROP TRIGGER IF EXISTS "users_count_insert" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_count_delete" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_count_truncate" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "websites_count_insert" ON "websites";--> statement-breakpoint
DROP TRIGGER IF EXISTS "websites_count_delete" ON "websites";--> statement-breakpoint
DROP TRIGGER IF EXISTS "websites_count_truncate" ON "websites";--> statement-breakpoint
DROP TRIGGER IF EXISTS "messages_count_insert" ON "messages";--> statement-breakpoint
DROP TRIGGER IF EXISTS "messages_count_delete" ON "messages";--> statement-breakpoint
DROP TRIGGER IF EXISTS "messages_count_truncate" ON "messages";--> statement-breakpoint
DROP TRIGGER IF EXISTS "websites_language_insert" ON "websites";--> statement-breakpoint
DROP TRIGGER IF EXISTS "websites_language_delete" ON "websites";--> statement-breakpoint
DROP TRIGGER IF EXISTS "websites_language_update" ON "websites";--> statement-breakpoint
DROP FUNCTION IF EXISTS "count_inserted_rows"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "count_deleted_rows"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "count_truncated_rows"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "count_website_languages"();--> statement-breakpoint
DROP TABLE "row_counts";--> statement-breakpoint
DROP TABLE "website_language_counts";
