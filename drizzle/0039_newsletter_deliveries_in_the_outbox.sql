DROP INDEX "newsletter_deliveries_due_idx";--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD COLUMN "sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD COLUMN "failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "newsletter_send_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD CONSTRAINT "outbox_mails_newsletter_send_id_newsletter_sends_id_fk" FOREIGN KEY ("newsletter_send_id") REFERENCES "public"."newsletter_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_pending_idx" ON "newsletter_deliveries" USING btree ("send_id","id") WHERE "newsletter_deliveries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_mails_newsletter_send_idx" ON "outbox_mails" USING btree ("newsletter_send_id","status") WHERE "outbox_mails"."newsletter_send_id" is not null;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" DROP COLUMN "lease_until";--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" DROP COLUMN "sent_at";