-- Newsletter deliveries move to the outbox (0039 dropped their own retry columns). What the old
-- queue had done is kept: each send carries the mails it had sent or failed as its counts, and
-- those deliveries count as handed over (`queued`), so they are never mailed again. Deliveries not
-- made yet stay `pending`, with the ones an old sender held when it stopped (`sending`): the
-- newsletter job turns them into outbox mails (it renders each mail, which SQL cannot), once each.
UPDATE "newsletter_sends" SET
  "sent" = (
    SELECT count(*) FROM "newsletter_deliveries" AS "d"
    WHERE "d"."send_id" = "newsletter_sends"."id" AND "d"."state" = 'sent'
  ),
  "failed" = (
    SELECT count(*) FROM "newsletter_deliveries" AS "d"
    WHERE "d"."send_id" = "newsletter_sends"."id" AND "d"."state" = 'failed'
  );
--> statement-breakpoint
UPDATE "newsletter_deliveries" SET "state" = 'queued' WHERE "state" IN ('sent', 'failed');
--> statement-breakpoint
UPDATE "newsletter_deliveries" SET "state" = 'pending' WHERE "state" = 'sending';
