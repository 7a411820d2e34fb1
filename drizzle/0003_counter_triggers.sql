-- Exact counts without scanning tables (issue 5, growth): statement-level triggers add or subtract
-- the rows each statement inserted, deleted or truncated, read from its transition tables, so a bulk
-- insert costs one counter update. Writes that bypass triggers (session_replication_role = replica)
-- would leave the counts wrong: restore through `npm run restore`, which fires them.
-- The lock keeps writers out until the triggers exist, so the backfill below misses no row.
LOCK TABLE "users", "websites", "messages" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE FUNCTION "count_inserted_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  SELECT count(*) INTO n FROM new_rows;
  IF n > 0 THEN
    UPDATE "row_counts" SET "total" = "total" + n WHERE "table_name" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "count_deleted_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  SELECT count(*) INTO n FROM old_rows;
  IF n > 0 THEN
    UPDATE "row_counts" SET "total" = "total" - n WHERE "table_name" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "count_truncated_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "total" = 0 WHERE "table_name" = TG_TABLE_NAME;
  IF TG_TABLE_NAME = 'websites' THEN
    UPDATE "website_language_counts" SET "total" = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Groups are kept at zero rather than deleted, so concurrent writers only ever update or insert;
-- readers skip empty groups. Rows are upserted in key order so two writers never deadlock.
CREATE FUNCTION "count_website_languages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "website_language_counts" AS c ("language_description", "total")
      SELECT "language_description", count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT ("language_description") DO UPDATE SET "total" = c."total" + excluded."total";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "website_language_counts" AS c ("language_description", "total")
      SELECT "language_description", -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT ("language_description") DO UPDATE SET "total" = c."total" + excluded."total";
  ELSE
    INSERT INTO "website_language_counts" AS c ("language_description", "total")
      SELECT "language_description", sum(d) FROM (
        SELECT "language_description", 1 AS d FROM new_rows
        UNION ALL
        SELECT "language_description", -1 AS d FROM old_rows
      ) AS changes
      GROUP BY 1 HAVING sum(d) <> 0 ORDER BY 1
      ON CONFLICT ("language_description") DO UPDATE SET "total" = c."total" + excluded."total";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_count_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
CREATE TRIGGER "users_count_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
CREATE TRIGGER "users_count_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "count_truncated_rows"();
--> statement-breakpoint
CREATE TRIGGER "websites_count_insert" AFTER INSERT ON "websites" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
CREATE TRIGGER "websites_count_delete" AFTER DELETE ON "websites" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
CREATE TRIGGER "websites_count_truncate" AFTER TRUNCATE ON "websites" FOR EACH STATEMENT EXECUTE FUNCTION "count_truncated_rows"();
--> statement-breakpoint
CREATE TRIGGER "messages_count_insert" AFTER INSERT ON "messages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_rows"();
--> statement-breakpoint
CREATE TRIGGER "messages_count_delete" AFTER DELETE ON "messages" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_rows"();
--> statement-breakpoint
CREATE TRIGGER "messages_count_truncate" AFTER TRUNCATE ON "messages" FOR EACH STATEMENT EXECUTE FUNCTION "count_truncated_rows"();
--> statement-breakpoint
CREATE TRIGGER "websites_language_insert" AFTER INSERT ON "websites" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_website_languages"();
--> statement-breakpoint
CREATE TRIGGER "websites_language_delete" AFTER DELETE ON "websites" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_website_languages"();
--> statement-breakpoint
CREATE TRIGGER "websites_language_update" AFTER UPDATE ON "websites" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_website_languages"();
--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "total")
  SELECT 'users', count(*) FROM "users"
  UNION ALL SELECT 'websites', count(*) FROM "websites"
  UNION ALL SELECT 'messages', count(*) FROM "messages";
--> statement-breakpoint
INSERT INTO "website_language_counts" ("language_description", "total")
  SELECT "language_description", count(*) FROM "websites" GROUP BY 1;
