ALTER TABLE "posts" ADD COLUMN "is_slug_automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "is_slug_automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Drafts still under the default slug were never named by the owner: their slugs follow their titles from now on.
UPDATE "posts" SET "is_slug_automatic" = true WHERE "status" = 'draft' AND "published_at" IS NULL AND "slug" ~ '^new-post(-[0-9]+)?$';--> statement-breakpoint
UPDATE "websites" SET "is_slug_automatic" = true WHERE "published" = false AND "slug" ~ '^new-website(-[0-9]+)?$';
