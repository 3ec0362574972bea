DROP INDEX "members_email_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "members_org_email_uq" ON "members" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE INDEX "members_email_idx" ON "members" USING btree (lower("email"));