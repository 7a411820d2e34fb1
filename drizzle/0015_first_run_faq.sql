-- The first-run FAQ now lives in server/first-run/faq.ts, stored at start by the first-run step
-- (server/first-run/first-run.ts) while the settings row 'first_run:faq' is missing.
-- A list exactly as 0007_faqs_seed left it (15 entries, none edited, same order and texts: the
-- digest below is of that list) is first-run content nobody touched, on a new database or an old
-- one: it is removed, and the first-run step stores the current list in its place.
-- Any other list is the owner's: the marker is set, so the first-run step never adds to it, even
-- one the owner emptied.
INSERT INTO "settings" ("key", "value")
SELECT 'first_run:faq', now()::text
WHERE NOT EXISTS (
  SELECT 1 FROM (
    SELECT
      count(*) AS "entries",
      bool_and("updated_at" = "created_at") AS "unedited",
      md5(string_agg("position" || E'\n' || "question" || E'\n' || "answer", E'\n\n' ORDER BY "position")) AS "digest"
    FROM "faqs"
  ) AS "list"
  WHERE "entries" = 15 AND "unedited" AND "digest" = 'c67470836292fa4c791f1db66bf6d1fc'
)
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
DELETE FROM "faqs" WHERE NOT EXISTS (SELECT 1 FROM "settings" WHERE "key" = 'first_run:faq');
