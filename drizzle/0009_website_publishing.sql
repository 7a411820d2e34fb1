CREATE SEQUENCE "public"."websites_position_seq" INCREMENT BY -1 MINVALUE -2147483648 MAXVALUE 0 START WITH 0 CACHE 1;--> statement-breakpoint
DROP INDEX "websites_created_at_idx";--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "unused_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "position" integer DEFAULT nextval('websites_position_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "previous_slugs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "websites_position_idx" ON "websites" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "websites_published_position_idx" ON "websites" USING btree ("position","id") WHERE "websites"."published";--> statement-breakpoint
CREATE INDEX "websites_featured_position_idx" ON "websites" USING btree ("position","id") WHERE "websites"."published" and "websites"."featured";--> statement-breakpoint
CREATE INDEX "websites_previous_slugs_idx" ON "websites" USING gin ("previous_slugs");