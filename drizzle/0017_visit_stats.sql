CREATE TABLE "page_views" (
	"visit_id" uuid NOT NULL,
	"path" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_daily" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"visitors" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"converted" integer NOT NULL,
	"messages" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_digests" (
	"week_start" date PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"landing_page" text NOT NULL,
	"source" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text NOT NULL,
	"country" text,
	"pageviews" integer NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "visit" jsonb;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_views_visit_idx" ON "page_views" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stats_daily_day_kind_key_idx" ON "stats_daily" USING btree ("day","kind","key");--> statement-breakpoint
CREATE INDEX "visits_visitor_idx" ON "visits" USING btree ("visitor","last_seen_at");--> statement-breakpoint
CREATE INDEX "visits_day_idx" ON "visits" USING btree ("day");