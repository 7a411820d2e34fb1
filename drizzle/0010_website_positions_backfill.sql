-- Websites from before drafts existed were public, so they stay published (the column's default).
-- Their positions follow the order the portfolio showed them in (newest first), and the three the
-- home page showed stay on it as featured. The position sequence counts down from 0, below these.
UPDATE "websites" AS w
  SET "position" = o."n", "featured" = o."n" <= 3
  FROM (
    SELECT "id", row_number() OVER (ORDER BY "created_at" DESC, "id" DESC) AS "n" FROM "websites"
  ) AS o
  WHERE w."id" = o."id";
