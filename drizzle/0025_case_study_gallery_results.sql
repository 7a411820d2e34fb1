ALTER TABLE "websites" ADD COLUMN "gallery" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "results" jsonb DEFAULT '[]'::jsonb NOT NULL;