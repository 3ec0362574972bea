ALTER TABLE "expenses" ADD CONSTRAINT "expenses_org_id_uq" UNIQUE("organization_id","id");--> statement-breakpoint
CREATE TABLE "expense_reversals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"expense_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"corrected_by" uuid,
	"reversed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_reversals_reason_ck" CHECK (length(btrim("expense_reversals"."reason")) > 0)
);
--> statement-breakpoint
ALTER TABLE "expense_reversals" ADD CONSTRAINT "expense_reversals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_reversals" ADD CONSTRAINT "expense_reversals_reversed_by_members_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_reversals" ADD CONSTRAINT "expense_reversals_expense_fk" FOREIGN KEY ("organization_id","expense_id") REFERENCES "public"."expenses"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_reversals" ADD CONSTRAINT "expense_reversals_entry_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."journal_entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_reversals" ADD CONSTRAINT "expense_reversals_corrected_fk" FOREIGN KEY ("organization_id","corrected_by") REFERENCES "public"."expenses"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_reversals_expense_uq" ON "expense_reversals" USING btree ("expense_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_reversals_corrected_uq" ON "expense_reversals" USING btree ("corrected_by");--> statement-breakpoint
-- An expense's reversal never changes (issue 28), as the books it posted; an organization's deletion takes it along.
CREATE TRIGGER expense_reversals_immutable BEFORE UPDATE OR DELETE ON expense_reversals FOR EACH ROW EXECUTE FUNCTION journal_immutable();--> statement-breakpoint
CREATE TRIGGER expense_reversals_no_truncate BEFORE TRUNCATE ON expense_reversals FOR EACH STATEMENT EXECUTE FUNCTION journal_immutable();
