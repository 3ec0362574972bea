CREATE TABLE "vendor_transaction_totals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"month" date NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_totals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"payment_method" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_totals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"departure_month" date NOT NULL,
	"status" text NOT NULL,
	"tour_type" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_totals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"issued_month" date NOT NULL,
	"due_month" date NOT NULL,
	"settled" boolean NOT NULL,
	"n" integer NOT NULL,
	"total" bigint NOT NULL,
	"paid" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_totals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"month" date NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"n" integer NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_member_totals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"status" text NOT NULL,
	"voucher_count" integer NOT NULL,
	"draft_count" integer NOT NULL,
	"unsent_count" integer NOT NULL,
	"expense_count" integer NOT NULL,
	"unpaid_count" integer NOT NULL,
	"n" integer NOT NULL,
	"revenue" bigint NOT NULL,
	"expense" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_totals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"departure_month" date NOT NULL,
	"status" text NOT NULL,
	"voucher_count" integer NOT NULL,
	"draft_count" integer NOT NULL,
	"unsent_count" integer NOT NULL,
	"expense_count" integer NOT NULL,
	"unpaid_count" integer NOT NULL,
	"n" integer NOT NULL,
	"revenue" bigint NOT NULL,
	"expense" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_operations" ADD COLUMN "departure" date;--> statement-breakpoint
ALTER TABLE "booking_operations" ADD COLUMN "arrival" date;--> statement-breakpoint
ALTER TABLE "booking_operations" ADD COLUMN "converted_by" uuid;--> statement-breakpoint
-- The operations there already take their bookings' dates and seller (hand-written: the dates are new and required).
UPDATE "booking_operations" o SET "departure" = b."departure", "arrival" = b."arrival", "converted_by" = b."converted_by" FROM "bookings" b WHERE b."id" = o."booking_id";--> statement-breakpoint
ALTER TABLE "booking_operations" ALTER COLUMN "departure" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_operations" ALTER COLUMN "arrival" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_transaction_totals" ADD CONSTRAINT "vendor_transaction_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_totals" ADD CONSTRAINT "expense_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_totals" ADD CONSTRAINT "booking_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_totals" ADD CONSTRAINT "invoice_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_totals" ADD CONSTRAINT "receipt_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_member_totals" ADD CONSTRAINT "operation_member_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_totals" ADD CONSTRAINT "operation_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_transaction_totals_group_idx" ON "vendor_transaction_totals" USING btree ("vendor_id","month","direction","status");--> statement-breakpoint
CREATE INDEX "expense_totals_group_idx" ON "expense_totals" USING btree ("organization_id","month","category","payment_method");--> statement-breakpoint
CREATE INDEX "booking_totals_group_idx" ON "booking_totals" USING btree ("organization_id","departure_month","status","tour_type");--> statement-breakpoint
CREATE INDEX "invoice_totals_group_idx" ON "invoice_totals" USING btree ("organization_id","issued_month","due_month","settled");--> statement-breakpoint
CREATE INDEX "receipt_totals_group_idx" ON "receipt_totals" USING btree ("organization_id","month","status","payment_method");--> statement-breakpoint
CREATE INDEX "operation_member_totals_group_idx" ON "operation_member_totals" USING btree ("organization_id","member_id","status");--> statement-breakpoint
CREATE INDEX "operation_totals_group_idx" ON "operation_totals" USING btree ("organization_id","departure_month","status");--> statement-breakpoint
ALTER TABLE "booking_operations" ADD CONSTRAINT "booking_operations_converted_by_members_id_fk" FOREIGN KEY ("converted_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_operations_board_departure_idx" ON "booking_operations" USING btree ("organization_id",("status" <> 'pending'),"departure","id");--> statement-breakpoint
CREATE INDEX "booking_operations_board_arrival_idx" ON "booking_operations" USING btree ("organization_id",("status" <> 'pending'),"arrival","id");