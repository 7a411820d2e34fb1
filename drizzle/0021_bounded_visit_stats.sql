CREATE TABLE "stats_address_hours" (
	"address" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"visitors" integer NOT NULL,
	"last_visitor" text NOT NULL,
	CONSTRAINT "stats_address_hours_address_hour_pk" PRIMARY KEY("address","hour")
);
--> statement-breakpoint
CREATE TABLE "stats_day_keys" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "stats_day_keys_day_kind_key_pk" PRIMARY KEY("day","kind","key")
);
