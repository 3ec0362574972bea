CREATE TABLE "budget_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"category" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_targets_kind_ck" CHECK ("budget_targets"."kind" in ('income', 'expense')),
	CONSTRAINT "budget_targets_amount_ck" CHECK ("budget_targets"."amount" >= 0),
	CONSTRAINT "budget_targets_month_ck" CHECK (extract(day from "budget_targets"."month") = 1),
	CONSTRAINT "budget_targets_category_ck" CHECK ("budget_targets"."category" is null or ("budget_targets"."kind" = 'expense' and "budget_targets"."category" in ('rent', 'utilities', 'marketing', 'travel', 'software', 'salary', 'other')))
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"category" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"date" date NOT NULL,
	"payment_method" text NOT NULL,
	"description" text NOT NULL,
	"vendor_id" uuid,
	"member_id" uuid,
	"salary_month" date,
	"recurring_id" uuid,
	"period" date,
	"receipt_name" text,
	"receipt_type" text,
	"receipt" "bytea",
	"entry_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amount_ck" CHECK ("expenses"."amount" > 0),
	CONSTRAINT "expenses_category_ck" CHECK ("expenses"."category" in ('rent', 'utilities', 'marketing', 'travel', 'software', 'salary', 'other')),
	CONSTRAINT "expenses_method_ck" CHECK ("expenses"."payment_method" in ('cash', 'bank-transfer', 'card', 'cheque', 'online')),
	CONSTRAINT "expenses_salary_ck" CHECK (("expenses"."category" = 'salary') = ("expenses"."member_id" is not null and "expenses"."salary_month" is not null)),
	CONSTRAINT "expenses_receipt_ck" CHECK (("expenses"."receipt" is null) = ("expenses"."receipt_name" is null))
);
--> statement-breakpoint
CREATE TABLE "ledger_totals" (
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"month" date NOT NULL,
	"source_type" text NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_totals_organization_id_account_id_month_source_type_pk" PRIMARY KEY("organization_id","account_id","month","source_type")
);
--> statement-breakpoint
CREATE TABLE "recurring_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"category" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text NOT NULL,
	"description" text NOT NULL,
	"vendor_id" uuid,
	"day_of_month" integer NOT NULL,
	"starts_on" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_expenses_org_id_uq" UNIQUE("organization_id","id"),
	CONSTRAINT "recurring_expenses_amount_ck" CHECK ("recurring_expenses"."amount" > 0),
	CONSTRAINT "recurring_expenses_day_ck" CHECK ("recurring_expenses"."day_of_month" between 1 and 28)
);
--> statement-breakpoint
CREATE TABLE "salary_rates" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salary_rates_amount_ck" CHECK ("salary_rates"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "budget_targets" ADD CONSTRAINT "budget_targets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_targets" ADD CONSTRAINT "budget_targets_updated_by_members_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_entry_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."journal_entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_recurring_fk" FOREIGN KEY ("organization_id","recurring_id") REFERENCES "public"."recurring_expenses"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_totals" ADD CONSTRAINT "ledger_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_rates" ADD CONSTRAINT "salary_rates_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_rates" ADD CONSTRAINT "salary_rates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_rates" ADD CONSTRAINT "salary_rates_updated_by_members_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budget_targets_org_month_kind_uq" ON "budget_targets" USING btree ("organization_id","month","kind",coalesce("category", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_entry_uq" ON "expenses" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_salary_uq" ON "expenses" USING btree ("organization_id","member_id","salary_month") WHERE "expenses"."member_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_recurring_uq" ON "expenses" USING btree ("recurring_id","period") WHERE "expenses"."recurring_id" is not null;--> statement-breakpoint
CREATE INDEX "expenses_org_date_idx" ON "expenses" USING btree ("organization_id","date","id");--> statement-breakpoint
CREATE INDEX "expenses_org_category_date_idx" ON "expenses" USING btree ("organization_id","category","date");--> statement-breakpoint
CREATE INDEX "ledger_totals_org_month_idx" ON "ledger_totals" USING btree ("organization_id","month");