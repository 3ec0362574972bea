CREATE TABLE "additional_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"amount" bigint NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"date" date NOT NULL,
	"vendor_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "additional_expenses_org_id_uq" UNIQUE("organization_id","id"),
	CONSTRAINT "additional_expenses_category_ck" CHECK ("additional_expenses"."category" in ('guide', 'transport', 'meals', 'tickets', 'tips', 'visa', 'insurance', 'other')),
	CONSTRAINT "additional_expenses_amounts_ck" CHECK ("additional_expenses"."amount" >= 0 and "additional_expenses"."paid_amount" between 0 and "additional_expenses"."amount"),
	CONSTRAINT "additional_expenses_currency_ck" CHECK ("additional_expenses"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "booking_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"currency" text NOT NULL,
	"revenue" bigint NOT NULL,
	"planned_cost" bigint,
	"assigned_to" uuid,
	"vouchers_cost" bigint DEFAULT 0 NOT NULL,
	"expenses_cost" bigint DEFAULT 0 NOT NULL,
	"paid_out" bigint DEFAULT 0 NOT NULL,
	"voucher_count" integer DEFAULT 0 NOT NULL,
	"draft_count" integer DEFAULT 0 NOT NULL,
	"unsent_count" integer DEFAULT 0 NOT NULL,
	"expense_count" integer DEFAULT 0 NOT NULL,
	"unpaid_count" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_operations_org_id_uq" UNIQUE("organization_id","id"),
	CONSTRAINT "booking_operations_status_ck" CHECK ("booking_operations"."status" in ('pending', 'completed', 'canceled')),
	CONSTRAINT "booking_operations_completed_ck" CHECK (("booking_operations"."status" = 'completed') = ("booking_operations"."completed_at" is not null)),
	CONSTRAINT "booking_operations_currency_ck" CHECK ("booking_operations"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "booking_operations_sums_ck" CHECK ("booking_operations"."revenue" >= 0 and coalesce("booking_operations"."planned_cost", 0) >= 0 and "booking_operations"."vouchers_cost" >= 0 and "booking_operations"."expenses_cost" >= 0 and "booking_operations"."paid_out" between 0 and "booking_operations"."vouchers_cost" + "booking_operations"."expenses_cost")
);
--> statement-breakpoint
CREATE TABLE "operation_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"voucher_id" uuid,
	"expense_id" uuid,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"notes" text,
	"entry_id" uuid NOT NULL,
	"vendor_transaction_id" uuid,
	"paid_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operation_payments_target_ck" CHECK (("operation_payments"."voucher_id" is null) <> ("operation_payments"."expense_id" is null)),
	CONSTRAINT "operation_payments_amount_ck" CHECK ("operation_payments"."amount" > 0),
	CONSTRAINT "operation_payments_method_ck" CHECK ("operation_payments"."payment_method" in ('cash', 'bank-transfer', 'card', 'cheque', 'online'))
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"number" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"service_type" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"service_start_date" date NOT NULL,
	"service_end_date" date NOT NULL,
	"description" text,
	"pax" integer NOT NULL,
	"cost" bigint NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"confirmation_number" text,
	"tour_line_id" text,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"send_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_org_id_uq" UNIQUE("organization_id","id"),
	CONSTRAINT "vouchers_status_ck" CHECK ("vouchers"."status" in ('draft', 'confirmed', 'sent', 'void')),
	CONSTRAINT "vouchers_service_ck" CHECK ("vouchers"."service_type" in ('hotels', 'flights', 'transfers', 'activities', 'visa', 'land-part', 'others')),
	CONSTRAINT "vouchers_dates_ck" CHECK ("vouchers"."service_end_date" >= "vouchers"."service_start_date"),
	CONSTRAINT "vouchers_pax_ck" CHECK ("vouchers"."pax" between 1 and 1000),
	CONSTRAINT "vouchers_amounts_ck" CHECK ("vouchers"."cost" >= 0 and "vouchers"."paid_amount" between 0 and "vouchers"."cost"),
	CONSTRAINT "vouchers_confirmed_ck" CHECK ("vouchers"."status" not in ('confirmed', 'sent') or ("vouchers"."number" is not null and "vouchers"."confirmation_number" is not null)),
	CONSTRAINT "vouchers_sent_ck" CHECK ("vouchers"."status" <> 'sent' or "vouchers"."sent_at" is not null),
	CONSTRAINT "vouchers_currency_ck" CHECK ("vouchers"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "additional_expenses" ADD CONSTRAINT "additional_expenses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "additional_expenses" ADD CONSTRAINT "additional_expenses_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "additional_expenses" ADD CONSTRAINT "additional_expenses_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "additional_expenses" ADD CONSTRAINT "additional_expenses_operation_fk" FOREIGN KEY ("organization_id","operation_id") REFERENCES "public"."booking_operations"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_operations" ADD CONSTRAINT "booking_operations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_operations" ADD CONSTRAINT "booking_operations_assigned_to_members_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_operations" ADD CONSTRAINT "booking_operations_completed_by_members_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_operations" ADD CONSTRAINT "booking_operations_booking_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_payments" ADD CONSTRAINT "operation_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_payments" ADD CONSTRAINT "operation_payments_vendor_transaction_id_vendor_transactions_id_fk" FOREIGN KEY ("vendor_transaction_id") REFERENCES "public"."vendor_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_payments" ADD CONSTRAINT "operation_payments_paid_by_members_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_payments" ADD CONSTRAINT "operation_payments_operation_fk" FOREIGN KEY ("organization_id","operation_id") REFERENCES "public"."booking_operations"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_payments" ADD CONSTRAINT "operation_payments_voucher_fk" FOREIGN KEY ("organization_id","voucher_id") REFERENCES "public"."vouchers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_payments" ADD CONSTRAINT "operation_payments_expense_fk" FOREIGN KEY ("organization_id","expense_id") REFERENCES "public"."additional_expenses"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_payments" ADD CONSTRAINT "operation_payments_entry_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."journal_entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_operation_fk" FOREIGN KEY ("organization_id","operation_id") REFERENCES "public"."booking_operations"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_send_fk" FOREIGN KEY ("organization_id","send_id") REFERENCES "public"."document_sends"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "additional_expenses_operation_idx" ON "additional_expenses" USING btree ("operation_id","created_at");--> statement-breakpoint
CREATE INDEX "additional_expenses_vendor_idx" ON "additional_expenses" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_operations_booking_uq" ON "booking_operations" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_operations_org_status_idx" ON "booking_operations" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "booking_operations_org_created_idx" ON "booking_operations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_operations_org_assigned_idx" ON "booking_operations" USING btree ("organization_id","assigned_to");--> statement-breakpoint
CREATE UNIQUE INDEX "operation_payments_entry_uq" ON "operation_payments" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "operation_payments_voucher_idx" ON "operation_payments" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "operation_payments_expense_idx" ON "operation_payments" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "operation_payments_operation_idx" ON "operation_payments" USING btree ("operation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_org_number_uq" ON "vouchers" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "vouchers_operation_idx" ON "vouchers" USING btree ("operation_id","created_at");--> statement-breakpoint
CREATE INDEX "vouchers_vendor_idx" ON "vouchers" USING btree ("vendor_id");