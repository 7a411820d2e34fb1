-- The running figures of the visits stored before they existed, as the writes would have kept
-- them: each visitor's share per day, kind and key (page views; messages for 'converted').
INSERT INTO "stats_day_visitors" ("day", "visitor", "kind", "key", "count")
SELECT "day", "visitor", "kind", "key", sum("views")::int
FROM (
  SELECT "day", "visitor", 'total' AS "kind", '' AS "key", "pageviews" AS "views" FROM "visits"
  UNION ALL
  SELECT v."day", v."visitor", 'page', p."path", 1
  FROM "page_views" p JOIN "visits" v ON v."id" = p."visit_id"
  UNION ALL
  SELECT "day", "visitor", 'source', coalesce("source", 'Direct'), "pageviews" FROM "visits"
  UNION ALL
  SELECT "day", "visitor", 'campaign',
    concat_ws(E'\n', coalesce("utm_source", ''), coalesce("utm_medium", ''), coalesce("utm_campaign", '')),
    "pageviews"
  FROM "visits"
  WHERE "utm_source" IS NOT NULL OR "utm_medium" IS NOT NULL OR "utm_campaign" IS NOT NULL
  UNION ALL
  SELECT "day", "visitor", 'device', "device", "pageviews" FROM "visits"
  UNION ALL
  SELECT "day", "visitor", 'country', "country", "pageviews" FROM "visits" WHERE "country" IS NOT NULL
  UNION ALL
  SELECT "day", "visitor", 'converted', '', "messages" FROM "visits" WHERE "messages" > 0
) stored
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- A day keeps its 100 pages, sources and campaigns with the most visitors, as its roll-up does;
-- the others count as "Other" (visits stored before the caps on distinct values may hold more).
WITH ranked AS (
  SELECT "day", "kind", "key", row_number() OVER (
    PARTITION BY "day", "kind" ORDER BY count(*) DESC, sum("count") DESC, "key"
  ) AS "rank"
  FROM "stats_day_visitors"
  WHERE "kind" IN ('page', 'source', 'campaign') AND "key" NOT IN ('Other', E'Other\nOther\nOther')
  GROUP BY 1, 2, 3
),
moved AS (
  DELETE FROM "stats_day_visitors" s USING ranked r
  WHERE s."day" = r."day" AND s."kind" = r."kind" AND s."key" = r."key" AND r."rank" > 100
  RETURNING s."day", s."visitor", s."kind", s."count"
)
INSERT INTO "stats_day_visitors" ("day", "visitor", "kind", "key", "count")
SELECT "day", "visitor", "kind",
  CASE WHEN "kind" = 'campaign' THEN E'Other\nOther\nOther' ELSE 'Other' END, sum("count")::int
FROM moved GROUP BY 1, 2, 3, 4
ON CONFLICT ("day", "visitor", "kind", "key")
  DO UPDATE SET "count" = "stats_day_visitors"."count" + excluded."count";
--> statement-breakpoint
INSERT INTO "stats_day_keys" ("day", "kind", "key")
SELECT DISTINCT "day", "kind", "key" FROM "stats_day_visitors"
WHERE "kind" IN ('page', 'source', 'campaign') AND "key" NOT IN ('Other', E'Other\nOther\nOther')
  AND NOT ("kind" = 'source' AND "key" = 'Direct')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "stats_day_figures" ("day", "kind", "key", "visitors", "pageviews")
SELECT "day", "kind", "key", count(*)::int, sum("count")::int
FROM "stats_day_visitors" WHERE "kind" <> 'converted'
GROUP BY 1, 2, 3;
--> statement-breakpoint
UPDATE "stats_day_figures" f SET "converted" = c."visitors", "messages" = c."messages"
FROM (
  SELECT "day", count(*)::int AS "visitors", sum("count")::int AS "messages"
  FROM "stats_day_visitors" WHERE "kind" = 'converted' GROUP BY 1
) c
WHERE f."day" = c."day" AND f."kind" = 'total' AND f."key" = '';
