DROP INDEX "expenses_salary_uq";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "never_below_zero" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "salary_attempt" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_salary_uq" ON "expenses" USING btree ("organization_id","member_id","salary_month","salary_attempt") WHERE "expenses"."member_id" is not null;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_never_below_zero_ck" CHECK ("organizations"."never_below_zero" <@ array['cash', 'bank-transfer', 'card', 'cheque', 'online']::text[]);