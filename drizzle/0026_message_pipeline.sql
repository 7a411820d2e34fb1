ALTER TABLE "messages" ADD COLUMN "stage" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "notes" jsonb DEFAULT '[]'::jsonb NOT NULL;