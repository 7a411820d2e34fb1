CREATE TABLE "row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_language_counts" (
	"language_description" text PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
