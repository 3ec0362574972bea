DROP INDEX "bookings_to_verify_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "travellers_to_name" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_to_verify_idx" ON "bookings" USING btree ("organization_id","departure","id") WHERE "bookings"."status" in ('pendingVerification') and "bookings"."travellers_to_name" = 0;