ALTER TABLE "messages" ADD COLUMN "project_type" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "budget" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "timeline" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "website" text;