ALTER TABLE "notifications" ADD COLUMN "record_id" uuid;--> statement-breakpoint
CREATE INDEX "notifications_record_unread_idx" ON "notifications" USING btree ("record_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
-- Notifications stored before: a payment's or a cancellation's names its record in its link
-- (`/work-queue?record=<id>&kind=…`); a follow-up's links the lead, not the follow-up, and keeps none.
UPDATE "notifications" SET "record_id" = substring("link" from '^/work-queue\?record=([0-9a-f-]{36})')::uuid
WHERE "type" IN ('payment-submitted', 'cancellation-requested') AND "link" ~ '^/work-queue\?record=[0-9a-f-]{36}';--> statement-breakpoint
-- Work already done when this runs: its notifications are read, as they are from now on when it is done.
UPDATE "notifications" n SET "read_at" = now()
WHERE n."read_at" IS NULL AND n."type" = 'payment-submitted'
  AND EXISTS (SELECT 1 FROM "booking_payments" p WHERE p."id" = n."record_id" AND p."status" <> 'submitted');--> statement-breakpoint
UPDATE "notifications" n SET "read_at" = now()
WHERE n."read_at" IS NULL AND n."type" = 'cancellation-requested'
  AND EXISTS (SELECT 1 FROM "booking_cancellations" c WHERE c."id" = n."record_id" AND c."status" <> 'requested');
