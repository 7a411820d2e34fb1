DROP INDEX "messages_created_at_idx";--> statement-breakpoint
DROP INDEX "websites_created_at_idx";--> statement-breakpoint
CREATE INDEX "messages_created_at_idx" ON "messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "websites_created_at_idx" ON "websites" USING btree ("created_at","id");