-- A booking's contact and qualifying fields move to its inquiry (the messages row at stage
-- "call"), which every booking now has. A booking left without one (its inbox write failed, or
-- the message was deleted) gets one made from its own columns, as the app writes a booked call's
-- inquiry: subject and text name the time in the owner's zone (the settings', else UTC), and no
-- contact notification goes out for it (notified_at is set), as for every booked call.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_message_id_messages_id_fk";
--> statement-breakpoint
UPDATE "bookings" SET "message_id" = gen_random_uuid()
WHERE "message_id" IS NULL OR "message_id" NOT IN (SELECT "id" FROM "messages");
--> statement-breakpoint
WITH "owner" AS (
  SELECT coalesce(
    (
      SELECT "name" FROM pg_timezone_names
      WHERE "name" = (SELECT "value"::jsonb #>> '{booking,timeZone}' FROM "settings" WHERE "key" = 'site')
    ),
    'UTC'
  ) AS "zone"
), "orphans" AS (
  SELECT "bookings".*,
    to_char("start_at" AT TIME ZONE "owner"."zone", 'FMDay FMDD FMMonth YYYY, HH24:MI') || '–' ||
      to_char("end_at" AT TIME ZONE "owner"."zone", 'HH24:MI') || ' (' || "owner"."zone" || ')' AS "call_time"
  FROM "bookings" CROSS JOIN "owner"
  WHERE "message_id" NOT IN (SELECT "id" FROM "messages")
)
INSERT INTO "messages" (
  "id", "full_name", "email", "subject", "message", "project_type", "budget", "timeline",
  "stage", "notified_at", "created_at"
)
SELECT
  "message_id",
  "name",
  "email",
  'Call booked: ' || "call_time",
  "name" || ' booked a ' || "duration_minutes" || '-minute call: ' || "call_time" || '.' || chr(10) ||
    'Their time zone: ' || "time_zone" || '.' ||
    CASE WHEN "location" <> '' THEN chr(10) || 'Where: ' || "location" ELSE '' END ||
    CASE WHEN coalesce("message", '') <> '' THEN chr(10) || chr(10) || "message" ELSE '' END,
  "project_type",
  "budget",
  "timeline",
  'call',
  "created_at",
  "created_at"
FROM "orphans";
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "message_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "email";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "message";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "project_type";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "budget";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "timeline";