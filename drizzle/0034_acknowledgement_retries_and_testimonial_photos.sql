ALTER TABLE "contact_acknowledgements" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_acknowledgements" ADD COLUMN "state" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_acknowledgements" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_acknowledgements" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_acknowledgements" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_acknowledgements" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "photo" text;--> statement-breakpoint
ALTER TABLE "contact_acknowledgements" ADD CONSTRAINT "contact_acknowledgements_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_acknowledgements_due_idx" ON "contact_acknowledgements" USING btree ("next_attempt_at") WHERE "contact_acknowledgements"."state" in ('pending', 'sending');