-- Replies sent before threads existed become each message's first reply, and count as read.
UPDATE "messages" SET "replies" = jsonb_build_array(jsonb_build_object(
    'text', "reply_content",
    'sentAt', to_char("replied_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
  "read_at" = "replied_at"
  WHERE "reply_content" IS NOT NULL AND "replied_at" IS NOT NULL;--> statement-breakpoint
-- The inbox search (name, e-mail, subject, text, any substring, ILIKE) through a trigram index.
-- pg_trgm is a trusted extension: a database owner without superuser rights may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin (
  ("full_name" || ' ' || "email" || ' ' || "subject" || ' ' || "message") gin_trgm_ops);
