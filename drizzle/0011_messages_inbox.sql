ALTER TABLE "messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "replies" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "spam" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("created_at") WHERE "messages"."read_at" is null and not "messages"."spam";--> statement-breakpoint
CREATE INDEX "messages_spam_idx" ON "messages" USING btree ("created_at") WHERE "messages"."spam";