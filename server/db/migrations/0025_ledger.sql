CREATE TABLE "document_numbers" (
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"doc_type" text NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_numbers_organization_id_number_pk" PRIMARY KEY("organization_id","number")
);
--> statement-breakpoint
CREATE TABLE "period_locks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"locked_through" date,
	"previous" date,
	"reason" text,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "books_locked_through" date;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "tx_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD COLUMN "verified_seq" integer;--> statement-breakpoint
ALTER TABLE "document_numbers" ADD CONSTRAINT "document_numbers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_locks" ADD CONSTRAINT "period_locks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_locks" ADD CONSTRAINT "period_locks_changed_by_members_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "period_locks_org_created_idx" ON "period_locks" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_booking_seq_uq" ON "booking_payments" USING btree ("booking_id","verified_seq");--> statement-breakpoint
-- The payments verified before: numbered per booking in the order they were decided, then by receipt
-- (the guard that keeps a decided payment unchanged is set aside for this one backfill).
ALTER TABLE "booking_payments" DISABLE TRIGGER "booking_payments_guard";--> statement-breakpoint
UPDATE "booking_payments" p SET "verified_seq" = s.seq FROM (
  SELECT id, row_number() OVER (PARTITION BY booking_id ORDER BY decided_at, split_part(receipt_number, '-', 2)::int, split_part(receipt_number, '-', 3)::int) AS seq
  FROM "booking_payments" WHERE status = 'verified') s
WHERE p.id = s.id;--> statement-breakpoint
ALTER TABLE "booking_payments" ENABLE TRIGGER "booking_payments_guard";--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_seq_ck" CHECK (("booking_payments"."status" = 'verified') = ("booking_payments"."verified_seq" is not null));