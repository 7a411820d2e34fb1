-- The inbox counts the messages of each stage on every list; once the embedded database's upkeep
-- has vacuumed (server/db/upkeep.ts) the count reads this index alone (decision 042).
CREATE INDEX "messages_stage_idx" ON "messages" USING btree ("stage") WHERE not "messages"."spam";