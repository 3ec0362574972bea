CREATE TABLE "lead_rotation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"last_member_id" uuid
);
--> statement-breakpoint
ALTER TABLE "lead_rotation" ADD CONSTRAINT "lead_rotation_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_rotation_org_uq" ON "lead_rotation" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "activities_org_price_idx" ON "activities" USING btree ("organization_id","price_per_person");--> statement-breakpoint
CREATE INDEX "activities_org_duration_idx" ON "activities" USING btree ("organization_id","duration_minutes");