CREATE TABLE "stats_address_hours" (
	"address" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"visitors" integer NOT NULL,
	"last_visitor" text NOT NULL,
	CONSTRAINT "stats_address_hours_address_hour_pk" PRIMARY KEY("address","hour")
);
--> statement-breakpoint
CREATE TABLE "stats_day_figures" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"visitors" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"converted" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_day_figures_day_kind_key_pk" PRIMARY KEY("day","kind","key")
);
--> statement-breakpoint
CREATE TABLE "stats_day_keys" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "stats_day_keys_day_kind_key_pk" PRIMARY KEY("day","kind","key")
);
--> statement-breakpoint
CREATE TABLE "stats_day_visitors" (
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "stats_day_visitors_day_visitor_kind_key_pk" PRIMARY KEY("day","visitor","kind","key")
);
