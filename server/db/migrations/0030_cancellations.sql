CREATE TABLE "vendor_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"voucher_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text NOT NULL,
	"received_on" date NOT NULL,
	"reference" text,
	"entry_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_refunds_amount_ck" CHECK ("vendor_refunds"."amount" > 0),
	CONSTRAINT "vendor_refunds_method_ck" CHECK ("vendor_refunds"."payment_method" in ('cash', 'bank-transfer', 'card', 'cheque', 'online'))
);
--> statement-breakpoint
CREATE TABLE "booking_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"comments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quote" jsonb NOT NULL,
	"requested_by" uuid,
	"refund_type" text,
	"total_refund_amount" bigint,
	"refund_source" text,
	"source_account_amount" bigint,
	"credit_note_amount" bigint,
	"valid_until" date,
	"kept_amount" bigint,
	"currency" text NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_cancellations_status_ck" CHECK ("booking_cancellations"."status" in ('requested', 'approved', 'rejected')),
	CONSTRAINT "booking_cancellations_refund_type_ck" CHECK ("booking_cancellations"."refund_type" is null or "booking_cancellations"."refund_type" in ('full', 'partial')),
	CONSTRAINT "booking_cancellations_split_ck" CHECK (("booking_cancellations"."status" = 'approved') = ("booking_cancellations"."total_refund_amount" is not null)
          and ("booking_cancellations"."total_refund_amount" is null or ("booking_cancellations"."source_account_amount" + "booking_cancellations"."credit_note_amount" = "booking_cancellations"."total_refund_amount"
               and "booking_cancellations"."source_account_amount" >= 0 and "booking_cancellations"."credit_note_amount" >= 0
               and ("booking_cancellations"."source_account_amount" = 0 or "booking_cancellations"."refund_source" is not null)
               and ("booking_cancellations"."credit_note_amount" = 0 or "booking_cancellations"."valid_until" is not null))))
);
--> statement-breakpoint
CREATE TABLE "credit_note_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"credit_note_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_note_redemptions_amount_ck" CHECK ("credit_note_redemptions"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"number" text NOT NULL,
	"cancellation_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"contact_id" uuid,
	"lead_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"used_amount" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"issued_on" date NOT NULL,
	"valid_until" date NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"entry_id" uuid NOT NULL,
	"expiry_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_org_id_uq" UNIQUE("organization_id","id"),
	CONSTRAINT "credit_notes_amount_ck" CHECK ("credit_notes"."amount" > 0 and "credit_notes"."used_amount" between 0 and "credit_notes"."amount"),
	CONSTRAINT "credit_notes_valid_ck" CHECK ("credit_notes"."valid_until" > "credit_notes"."issued_on"),
	CONSTRAINT "credit_notes_status_ck" CHECK ("credit_notes"."status" in ('issued', 'redeemed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"cancellation_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approved_on" date NOT NULL,
	"refunded_on" date,
	"reference" text,
	"entry_id" uuid,
	"processed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_ck" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_status_ck" CHECK ("refunds"."status" in ('pending', 'refunded')),
	CONSTRAINT "refunds_method_ck" CHECK ("refunds"."payment_method" in ('cash', 'bank-transfer', 'card', 'cheque', 'online')),
	CONSTRAINT "refunds_refunded_ck" CHECK (("refunds"."status" = 'refunded') = ("refunds"."refunded_on" is not null and "refunds"."entry_id" is not null)),
	CONSTRAINT "refunds_refunded_on_ck" CHECK ("refunds"."refunded_on" is null or "refunds"."refunded_on" >= "refunds"."approved_on")
);
--> statement-breakpoint
ALTER TABLE "booking_payments" DROP CONSTRAINT "booking_payments_method_ck";--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "credit_note_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "credit_note_number" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_flat_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "vendor_refund_expected" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "vendor_refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_refunds" ADD CONSTRAINT "vendor_refunds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_refunds" ADD CONSTRAINT "vendor_refunds_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_refunds" ADD CONSTRAINT "vendor_refunds_voucher_fk" FOREIGN KEY ("organization_id","voucher_id") REFERENCES "public"."vouchers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_cancellations" ADD CONSTRAINT "booking_cancellations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_cancellations" ADD CONSTRAINT "booking_cancellations_requested_by_members_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_cancellations" ADD CONSTRAINT "booking_cancellations_decided_by_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_cancellations" ADD CONSTRAINT "booking_cancellations_booking_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_redemptions" ADD CONSTRAINT "credit_note_redemptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_redemptions" ADD CONSTRAINT "credit_note_redemptions_note_fk" FOREIGN KEY ("organization_id","credit_note_id") REFERENCES "public"."credit_notes"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_processed_by_members_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_refunds_voucher_idx" ON "vendor_refunds" USING btree ("voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_cancellations_open_uq" ON "booking_cancellations" USING btree ("booking_id") WHERE "booking_cancellations"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "booking_cancellations_org_status_idx" ON "booking_cancellations" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "credit_note_redemptions_note_idx" ON "credit_note_redemptions" USING btree ("credit_note_id");--> statement-breakpoint
CREATE INDEX "credit_note_redemptions_payment_idx" ON "credit_note_redemptions" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_org_number_uq" ON "credit_notes" USING btree ("organization_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_cancellation_uq" ON "credit_notes" USING btree ("cancellation_id");--> statement-breakpoint
CREATE INDEX "credit_notes_org_contact_idx" ON "credit_notes" USING btree ("organization_id","contact_id");--> statement-breakpoint
CREATE INDEX "credit_notes_org_valid_idx" ON "credit_notes" USING btree ("organization_id","status","valid_until");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_cancellation_uq" ON "refunds" USING btree ("cancellation_id");--> statement-breakpoint
CREATE INDEX "refunds_org_status_idx" ON "refunds" USING btree ("organization_id","status","created_at");--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_credit_note_ck" CHECK (("booking_payments"."payment_method" = 'credit-note') = ("booking_payments"."credit_note_id" is not null and "booking_payments"."credit_note_number" is not null));--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_method_ck" CHECK ("booking_payments"."payment_method" in ('cash', 'bank-transfer', 'card', 'cheque', 'online', 'credit-note'));