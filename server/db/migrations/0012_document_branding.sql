CREATE TABLE "organization_logos" (
	"organization_id" uuid PRIMARY KEY DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_logos_type_ck" CHECK ("organization_logos"."content_type" in ('image/png', 'image/jpeg')),
	CONSTRAINT "organization_logos_size_ck" CHECK ("organization_logos"."size" = octet_length("organization_logos"."content") and "organization_logos"."size" <= 1048576)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "organization_logos" ADD CONSTRAINT "organization_logos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;