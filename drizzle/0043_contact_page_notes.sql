-- The contact page's first-run note said "All fields are required." above optional fields, and its
-- first next step repeated the reply time the confirmation already gives. A contact page still
-- showing either first-run text gets the new one (so an untouched page stays the first run's
-- word for word); a text the owner wrote stays.
UPDATE "pages"
SET "content" = jsonb_set("content", '{formNote}', to_jsonb('Fields marked optional can be left empty.'::text))
WHERE "key" = 'contact' AND "content"->>'formNote' = 'All fields are required.';
--> statement-breakpoint
UPDATE "pages"
SET "content" = jsonb_set("content", '{nextSteps,0}', to_jsonb('My reply comes with a few questions about your goals and your current site.'::text))
WHERE "key" = 'contact'
  AND "content"->'nextSteps'->>0 = 'I reply within one business day with a few questions about your goals.';
