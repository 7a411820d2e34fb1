-- Messages replied to before stages existed stand at "replied", as a reply now moves them.
UPDATE "messages" SET "stage" = 'replied' WHERE "replied_at" IS NOT NULL AND "stage" = 'new';
