CREATE TABLE "outbox_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"content" jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "outbox_mails_due_idx" ON "outbox_mails" USING btree ("priority","next_attempt_at") WHERE "outbox_mails"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "outbox_mails_created_idx" ON "outbox_mails" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_mails_attempt_idx" ON "outbox_mails" USING btree ("last_attempt_at");