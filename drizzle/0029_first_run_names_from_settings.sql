-- The first-run page texts and FAQ now name the owner through placeholders ({ownerName},
-- {businessName}, {location}, {foundingYear}: common/site-names.ts) filled from the site settings
-- when a page is rendered. Texts stored before name the sample owner literally: the sample names,
-- and the sample place and year in the first-run sentences that carry them, become placeholders,
-- so a site whose owner changes the settings no longer shows the sample identity anywhere. Words
-- an owner wrote themselves are left alone.
UPDATE "pages" SET "content" = replace(replace(replace(replace(replace(
  "content"::text,
  'Rivera Web Studio', '{businessName}'),
  'Alex Rivera', '{ownerName}'),
  'developer in Portland, Oregon, building', 'developer in {location}, building'),
  'web studio in Portland, Oregon. Since 2017 I have', 'web studio in {location}. Since {foundingYear} I have'),
  'I went independent in 2017.', 'I went independent in {foundingYear}.')::jsonb
WHERE "content"::text LIKE '%Rivera%' OR "content"::text LIKE '%Portland, Oregon%';
--> statement-breakpoint
UPDATE "faqs" SET "question" = 'Do you work with clients outside {location}?'
WHERE "question" = 'Do you work with clients outside Portland?';
--> statement-breakpoint
-- The first-run SEO description (a setting) names the sample owner the same way.
UPDATE "settings" SET "value" = replace("value",
  '"seoDescription":"Rivera Web Studio is the practice of Alex Rivera, a freelance',
  '"seoDescription":"{businessName} is the practice of {ownerName}, a freelance')
WHERE "key" = 'site';
