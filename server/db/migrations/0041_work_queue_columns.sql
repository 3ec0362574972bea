CREATE TABLE "work_queue_totals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"kind" text NOT NULL,
	"seller" uuid,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "first_open_due" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "travellers_to_name" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_queue_totals" ADD CONSTRAINT "work_queue_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_queue_totals_group_idx" ON "work_queue_totals" USING btree ("organization_id","kind","seller");--> statement-breakpoint
CREATE INDEX "follow_ups_open_assignee_due_idx" ON "follow_ups" USING btree ("organization_id","assignee_id","due_at","id") WHERE "follow_ups"."responded_at" is null;--> statement-breakpoint
CREATE INDEX "leads_to_assign_idx" ON "leads" USING btree ("organization_id","created_at","id") WHERE "leads"."assigned_to" is null and "leads"."status" in ('new', 'contacted', 'qualified', 'quoted');--> statement-breakpoint
CREATE INDEX "booking_payments_to_verify_idx" ON "booking_payments" USING btree ("organization_id","paid_on","id") WHERE "booking_payments"."status" in ('submitted');--> statement-breakpoint
CREATE INDEX "bookings_to_invoice_idx" ON "bookings" USING btree ("organization_id","arrival","id") WHERE "bookings"."status" in ('completed');--> statement-breakpoint
CREATE INDEX "bookings_installment_due_idx" ON "bookings" USING btree ("organization_id","first_open_due","converted_by","id") WHERE "bookings"."status" in ('pendingVerification', 'verified', 'completed', 'invoiced') and "bookings"."first_open_due" is not null;--> statement-breakpoint
CREATE INDEX "bookings_to_verify_idx" ON "bookings" USING btree ("organization_id","departure","id") WHERE "bookings"."status" in ('pendingVerification') and "bookings"."travellers_to_name" = 0;--> statement-breakpoint
CREATE INDEX "booking_operations_to_complete_idx" ON "booking_operations" USING btree ("organization_id","arrival","id") WHERE "booking_operations"."status" in ('pending') and "booking_operations"."draft_count" = 0 and "booking_operations"."unsent_count" = 0 and "booking_operations"."unpaid_count" = 0;--> statement-breakpoint
CREATE INDEX "vouchers_org_status_start_idx" ON "vouchers" USING btree ("organization_id","status","service_start_date","id");