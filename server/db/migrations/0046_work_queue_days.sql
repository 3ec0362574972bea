DROP INDEX "work_queue_totals_group_idx";--> statement-breakpoint
ALTER TABLE "work_queue_totals" ADD COLUMN "day" date;--> statement-breakpoint
CREATE INDEX "installment_reminders_created_idx" ON "installment_reminders" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "work_queue_totals_group_idx" ON "work_queue_totals" USING btree ("organization_id","kind","seller","day");