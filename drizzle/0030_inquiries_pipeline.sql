CREATE TABLE "contact_acknowledgements" (
	"email" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "project_type" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "budget" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "timeline" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "ack_message_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "stage" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "notes" jsonb DEFAULT '[]'::jsonb NOT NULL;