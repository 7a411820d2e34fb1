CREATE TABLE "link_check_days" (
	"website_id" uuid NOT NULL,
	"day" date NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"times" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"worst_ms" integer,
	CONSTRAINT "link_check_days_website_id_day_pk" PRIMARY KEY("website_id","day")
);
--> statement-breakpoint
CREATE TABLE "link_checks" (
	"website_id" uuid PRIMARY KEY NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"checked_link" text,
	"checked_at" timestamp with time zone,
	"ok" boolean,
	"status" integer,
	"final_url" text,
	"ms" integer,
	"tls_days_left" integer,
	"error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"is_down_alerted" boolean DEFAULT false NOT NULL,
	"is_tls_alerted" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "link_check_days" ADD CONSTRAINT "link_check_days_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_checks" ADD CONSTRAINT "link_checks_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_check_days_day_idx" ON "link_check_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "link_checks_due_at_idx" ON "link_checks" USING btree ("due_at");