CREATE TABLE "vendor_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"date" date NOT NULL,
	"reference" text,
	"description" text,
	"linked_type" text,
	"linked_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_transactions_direction_ck" CHECK ("vendor_transactions"."direction" in ('incoming', 'outgoing')),
	CONSTRAINT "vendor_transactions_status_ck" CHECK ("vendor_transactions"."status" in ('paid', 'pending')),
	CONSTRAINT "vendor_transactions_amount_ck" CHECK ("vendor_transactions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"name" text NOT NULL,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"contact_person" text,
	"email" text,
	"phone" text,
	"address" text,
	"notes" text,
	"bank_details" jsonb,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_status_ck" CHECK ("vendors"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "vendor_transactions" ADD CONSTRAINT "vendor_transactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_transactions" ADD CONSTRAINT "vendor_transactions_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_transactions_vendor_date_idx" ON "vendor_transactions" USING btree ("vendor_id","date","id");--> statement-breakpoint
CREATE INDEX "vendor_transactions_linked_idx" ON "vendor_transactions" USING btree ("linked_type","linked_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_org_name_uq" ON "vendors" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "vendors_org_status_idx" ON "vendors" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "vendors_org_email_idx" ON "vendors" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE INDEX "vendors_services_idx" ON "vendors" USING gin ("services");