CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_installments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_installments_position_uq" UNIQUE("booking_id","position"),
	CONSTRAINT "booking_installments_org_id_uq" UNIQUE("organization_id","id"),
	CONSTRAINT "booking_installments_amounts_ck" CHECK ("booking_installments"."amount" > 0 and "booking_installments"."paid_amount" between 0 and "booking_installments"."amount")
);
--> statement-breakpoint
CREATE TABLE "booking_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"customer_phone" text,
	"lines" jsonb NOT NULL,
	"subtotal" bigint NOT NULL,
	"tax_rate" integer NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"terms" text,
	"issued_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_invoices_amounts_ck" CHECK ("booking_invoices"."subtotal" >= 0 and "booking_invoices"."tax" >= 0 and "booking_invoices"."subtotal" + "booking_invoices"."tax" = "booking_invoices"."total"),
	CONSTRAINT "booking_invoices_dates_ck" CHECK ("booking_invoices"."due_date" >= "booking_invoices"."issued_on")
);
--> statement-breakpoint
CREATE TABLE "booking_payment_proofs" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "booking_payment_proofs_type_ck" CHECK ("booking_payment_proofs"."content_type" in ('application/pdf', 'image/png', 'image/jpeg'))
);
--> statement-breakpoint
CREATE TABLE "booking_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"notes" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"receipt_number" text,
	"entry_id" uuid,
	"fail_reason" text,
	"submitted_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_payments_org_id_uq" UNIQUE("organization_id","id"),
	CONSTRAINT "booking_payments_amount_ck" CHECK ("booking_payments"."amount" > 0),
	CONSTRAINT "booking_payments_status_ck" CHECK ("booking_payments"."status" in ('submitted', 'verified', 'failed')),
	CONSTRAINT "booking_payments_method_ck" CHECK ("booking_payments"."payment_method" in ('cash', 'bank-transfer', 'card', 'cheque', 'online')),
	CONSTRAINT "booking_payments_verified_ck" CHECK (("booking_payments"."status" = 'verified') = ("booking_payments"."receipt_number" is not null and "booking_payments"."entry_id" is not null)),
	CONSTRAINT "booking_payments_failed_ck" CHECK (("booking_payments"."status" = 'failed') = ("booking_payments"."fail_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "booking_travellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text,
	"type" text NOT NULL,
	"date_of_birth" date,
	"passport_number" text,
	"passport_expiry" date,
	"nationality" text,
	CONSTRAINT "booking_travellers_position_uq" UNIQUE("booking_id","position"),
	CONSTRAINT "booking_travellers_type_ck" CHECK ("booking_travellers"."type" in ('adult', 'child', 'infant'))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bookings_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tour_type" text NOT NULL,
	"tour_id" uuid NOT NULL,
	"tour_version" integer,
	"tour_title" text NOT NULL,
	"tour_snapshot" jsonb NOT NULL,
	"lead_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"customer_phone" text,
	"language" text DEFAULT 'en' NOT NULL,
	"converted_by" uuid,
	"created_by" uuid,
	"status" text DEFAULT 'pendingVerification' NOT NULL,
	"regions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"destinations" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"departure" date NOT NULL,
	"arrival" date NOT NULL,
	"total_nights" integer GENERATED ALWAYS AS (arrival - departure) STORED NOT NULL,
	"pax" integer NOT NULL,
	"price_adult" bigint,
	"price_child" bigint,
	"price_infant" bigint,
	"grand_total" bigint NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"cancellation_policy" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_org_id_uq" UNIQUE("organization_id","id"),
	CONSTRAINT "bookings_tour_type_ck" CHECK ("bookings"."tour_type" in ('customized', 'personalized', 'group')),
	CONSTRAINT "bookings_version_ck" CHECK (("bookings"."tour_type" = 'customized') = ("bookings"."tour_version" is not null)),
	CONSTRAINT "bookings_status_ck" CHECK ("bookings"."status" in ('pendingVerification', 'verified', 'completed', 'invoiced', 'canceled')),
	CONSTRAINT "bookings_dates_ck" CHECK ("bookings"."arrival" >= "bookings"."departure" and "bookings"."arrival" - "bookings"."departure" <= 365),
	CONSTRAINT "bookings_pax_ck" CHECK ("bookings"."pax" between 1 and 1000),
	CONSTRAINT "bookings_amounts_ck" CHECK ("bookings"."grand_total" >= 0 and "bookings"."paid_amount" between 0 and "bookings"."grand_total"),
	CONSTRAINT "bookings_prices_ck" CHECK (coalesce("bookings"."price_adult", 0) >= 0 and coalesce("bookings"."price_child", 0) >= 0 and coalesce("bookings"."price_infant", 0) >= 0),
	CONSTRAINT "bookings_currency_ck" CHECK ("bookings"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "installment_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"installment_id" uuid,
	"stage" text NOT NULL,
	"sent_to" text NOT NULL,
	"balance" bigint NOT NULL,
	"send_id" uuid,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installment_reminders_stage_ck" CHECK ("installment_reminders"."stage" in ('before-due', 'overdue', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"installment_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "payment_allocations_uq" UNIQUE("payment_id","installment_id"),
	CONSTRAINT "payment_allocations_amount_ck" CHECK ("payment_allocations"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_actor_id_members_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_installments" ADD CONSTRAINT "booking_installments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_installments" ADD CONSTRAINT "booking_installments_booking_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_invoices" ADD CONSTRAINT "booking_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_invoices" ADD CONSTRAINT "booking_invoices_issued_by_members_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_invoices" ADD CONSTRAINT "booking_invoices_booking_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payment_proofs" ADD CONSTRAINT "booking_payment_proofs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payment_proofs" ADD CONSTRAINT "booking_payment_proofs_payment_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."booking_payments"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_submitted_by_members_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_decided_by_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_booking_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_entry_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."journal_entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_travellers" ADD CONSTRAINT "booking_travellers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_travellers" ADD CONSTRAINT "booking_travellers_booking_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_converted_by_members_id_fk" FOREIGN KEY ("converted_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_reminders" ADD CONSTRAINT "installment_reminders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_reminders" ADD CONSTRAINT "installment_reminders_sent_by_members_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_reminders" ADD CONSTRAINT "installment_reminders_booking_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_reminders" ADD CONSTRAINT "installment_reminders_send_fk" FOREIGN KEY ("organization_id","send_id") REFERENCES "public"."document_sends"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."booking_payments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_installment_fk" FOREIGN KEY ("organization_id","installment_id") REFERENCES "public"."booking_installments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_installments_open_due_idx" ON "booking_installments" USING btree ("organization_id","due_date") WHERE "booking_installments"."paid_amount" < "booking_installments"."amount";--> statement-breakpoint
CREATE UNIQUE INDEX "booking_invoices_booking_uq" ON "booking_invoices" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_invoices_org_number_uq" ON "booking_invoices" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "booking_invoices_org_issued_idx" ON "booking_invoices" USING btree ("organization_id","issued_on");--> statement-breakpoint
CREATE INDEX "booking_invoices_org_due_idx" ON "booking_invoices" USING btree ("organization_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_org_receipt_uq" ON "booking_payments" USING btree ("organization_id","receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_entry_uq" ON "booking_payments" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "booking_payments_booking_idx" ON "booking_payments" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_payments_org_paid_on_idx" ON "booking_payments" USING btree ("organization_id","paid_on");--> statement-breakpoint
CREATE INDEX "booking_payments_org_status_paid_on_idx" ON "booking_payments" USING btree ("organization_id","status","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_number_uq" ON "bookings" USING btree ("number");--> statement-breakpoint
CREATE INDEX "bookings_org_created_idx" ON "bookings" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_org_converted_created_idx" ON "bookings" USING btree ("organization_id","converted_by","created_at");--> statement-breakpoint
CREATE INDEX "bookings_org_departure_idx" ON "bookings" USING btree ("organization_id","departure");--> statement-breakpoint
CREATE INDEX "bookings_org_arrival_idx" ON "bookings" USING btree ("organization_id","arrival");--> statement-breakpoint
CREATE INDEX "bookings_org_status_arrival_idx" ON "bookings" USING btree ("organization_id","status","arrival");--> statement-breakpoint
CREATE INDEX "bookings_org_lead_idx" ON "bookings" USING btree ("organization_id","lead_id");--> statement-breakpoint
CREATE INDEX "bookings_tour_idx" ON "bookings" USING btree ("tour_id");--> statement-breakpoint
CREATE INDEX "bookings_regions_gin" ON "bookings" USING gin ("regions");--> statement-breakpoint
CREATE INDEX "bookings_destinations_gin" ON "bookings" USING gin ("destinations");--> statement-breakpoint
CREATE UNIQUE INDEX "installment_reminders_once_uq" ON "installment_reminders" USING btree ("installment_id","stage") WHERE "installment_reminders"."stage" <> 'manual';--> statement-breakpoint
CREATE INDEX "installment_reminders_booking_idx" ON "installment_reminders" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_installment_idx" ON "payment_allocations" USING btree ("installment_id");