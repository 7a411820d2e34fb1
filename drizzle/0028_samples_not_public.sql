-- First-run samples speak for someone who has not said them: the sample testimonial is stored
-- pending and the sample journal post a draft (server/first-run/). A site that stored them before,
-- approved and published, and whose owner never touched them (updated_at still equals
-- created_at), gets them hidden the same way. One the owner edited stays as the owner left it.
UPDATE "testimonials" SET "approved" = false, "reviewed_at" = NULL
WHERE "is_sample" AND "updated_at" = "created_at";
--> statement-breakpoint
UPDATE "posts" SET "status" = 'draft', "publish_at" = NULL, "published_at" = NULL
WHERE "is_sample" AND "updated_at" = "created_at";
--> statement-breakpoint
-- The demo portfolio of `npm run seed`, still as seeded: marked as samples, so their made-up links
-- are never checked and the admin's setup list names them.
UPDATE "websites" SET "is_sample" = true
WHERE "updated_at" = "created_at"
  AND "link" = 'https://' || "slug" || '.example.com'
  AND "slug" IN (
    'crumb-and-crust-bakery', 'northside-physiotherapy', 'ellen-marsh-photography',
    'hale-and-whitford-solicitors', 'still-water-yoga', 'copper-kettle-brewing'
  );
