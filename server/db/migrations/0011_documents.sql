CREATE TABLE "document_send_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"send_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "document_send_attachments_position_uq" UNIQUE("send_id","position"),
	CONSTRAINT "document_send_attachments_size_ck" CHECK ("document_send_attachments"."size" = octet_length("document_send_attachments"."content"))
);
--> statement-breakpoint
CREATE TABLE "document_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"record_type" text NOT NULL,
	"record_id" uuid,
	"record_label" text NOT NULL,
	"document" text NOT NULL,
	"version" integer,
	"language" text NOT NULL,
	"to" text[] NOT NULL,
	"cc" text[] DEFAULT '{}' NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"server_response" text,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "document_sends_org_id_uq" UNIQUE("organization_id","id"),
	CONSTRAINT "document_sends_status_ck" CHECK ("document_sends"."status" in ('queued', 'sent', 'failed', 'outbox')),
	CONSTRAINT "document_sends_to_ck" CHECK (cardinality("document_sends"."to") between 1 and 20),
	CONSTRAINT "document_sends_sent_ck" CHECK (("document_sends"."status" = 'sent') = ("document_sends"."sent_at" is not null)),
	CONSTRAINT "document_sends_failed_ck" CHECK (("document_sends"."status" = 'failed') = ("document_sends"."failed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "document_send_attachments" ADD CONSTRAINT "document_send_attachments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_send_attachments" ADD CONSTRAINT "document_send_attachments_send_fk" FOREIGN KEY ("organization_id","send_id") REFERENCES "public"."document_sends"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_sends" ADD CONSTRAINT "document_sends_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_sends" ADD CONSTRAINT "document_sends_sent_by_members_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_sends_record_idx" ON "document_sends" USING btree ("organization_id","record_type","record_id","created_at");--> statement-breakpoint
CREATE INDEX "document_sends_org_created_idx" ON "document_sends" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "document_sends_org_status_idx" ON "document_sends" USING btree ("organization_id","status","created_at");