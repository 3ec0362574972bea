ALTER TABLE "activities" ADD CONSTRAINT "activities_org_id_uq" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_org_id_uq" UNIQUE("organization_id","id");--> statement-breakpoint
CREATE TABLE "customized_tour_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"tour_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"date" date NOT NULL,
	"destination_id" uuid NOT NULL,
	"hotel_id" uuid,
	"room_type" text,
	"rooms" integer,
	"activities" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"transfers" text,
	"meals" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	CONSTRAINT "customized_tour_days_position_ck" CHECK ("customized_tour_days"."position" >= 1),
	CONSTRAINT "customized_tour_days_hotel_ck" CHECK (("customized_tour_days"."hotel_id" is null and "customized_tour_days"."room_type" is null and "customized_tour_days"."rooms" is null) or ("customized_tour_days"."hotel_id" is not null and "customized_tour_days"."room_type" is not null and "customized_tour_days"."rooms" >= 1))
);
--> statement-breakpoint
CREATE TABLE "customized_tour_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"tour_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"day" integer,
	"description" text NOT NULL,
	"hotel_id" uuid,
	"room_type" text,
	"activity_id" uuid,
	"vendor_id" uuid,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"unit_cost" bigint NOT NULL,
	"markup_type" text NOT NULL,
	"markup" bigint NOT NULL,
	"unit_price" bigint NOT NULL,
	"line_cost" bigint NOT NULL,
	"line_sell" bigint NOT NULL,
	CONSTRAINT "customized_tour_lines_position_ck" CHECK ("customized_tour_lines"."position" >= 1 and ("customized_tour_lines"."day" is null or "customized_tour_lines"."day" >= 1))
);
--> statement-breakpoint
CREATE TABLE "customized_tour_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"tour_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"total_sell" bigint NOT NULL,
	"currency" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" uuid,
	"sent_to" text,
	"cc" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text,
	"message" text,
	CONSTRAINT "customized_tour_versions_version_ck" CHECK ("customized_tour_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "customized_tours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"query_id" uuid,
	"title" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"regions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"destinations" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"departure" date NOT NULL,
	"arrival" date NOT NULL,
	"total_nights" integer GENERATED ALWAYS AS (arrival - departure) STORED NOT NULL,
	"adults" integer NOT NULL,
	"children" integer DEFAULT 0 NOT NULL,
	"infants" integer DEFAULT 0 NOT NULL,
	"point_of_contact" uuid,
	"notes" text,
	"currency" text NOT NULL,
	"total_cost" bigint DEFAULT 0 NOT NULL,
	"total_sell" bigint DEFAULT 0 NOT NULL,
	"booking_id" uuid,
	"booked_version" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customized_tours_org_id_uq" UNIQUE("organization_id","id"),
	CONSTRAINT "customized_tours_org_id_currency_uq" UNIQUE("organization_id","id","currency"),
	CONSTRAINT "customized_tours_dates_ck" CHECK ("customized_tours"."departure" <= "customized_tours"."arrival" and "customized_tours"."departure" >= '1900-01-01' and "customized_tours"."arrival" <= '2200-12-31'),
	CONSTRAINT "customized_tours_pax_ck" CHECK ("customized_tours"."adults" >= 1 and "customized_tours"."children" >= 0 and "customized_tours"."infants" >= 0),
	CONSTRAINT "customized_tours_version_ck" CHECK ("customized_tours"."version" >= 1 and "customized_tours"."revision" >= 1),
	CONSTRAINT "customized_tours_currency_ck" CHECK ("customized_tours"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "customized_tours_booking_ck" CHECK (("customized_tours"."booking_id" is null) = ("customized_tours"."booked_version" is null))
);
--> statement-breakpoint
ALTER TABLE "customized_tour_days" ADD CONSTRAINT "customized_tour_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tour_days" ADD CONSTRAINT "customized_tour_days_tour_fk" FOREIGN KEY ("organization_id","tour_id") REFERENCES "public"."customized_tours"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tour_days" ADD CONSTRAINT "customized_tour_days_destination_fk" FOREIGN KEY ("organization_id","destination_id") REFERENCES "public"."destinations"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tour_days" ADD CONSTRAINT "customized_tour_days_hotel_fk" FOREIGN KEY ("organization_id","hotel_id") REFERENCES "public"."hotels"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tour_lines" ADD CONSTRAINT "customized_tour_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tour_lines" ADD CONSTRAINT "customized_tour_lines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tour_lines" ADD CONSTRAINT "customized_tour_lines_tour_fk" FOREIGN KEY ("organization_id","tour_id","currency") REFERENCES "public"."customized_tours"("organization_id","id","currency") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tour_lines" ADD CONSTRAINT "customized_tour_lines_hotel_fk" FOREIGN KEY ("organization_id","hotel_id") REFERENCES "public"."hotels"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tour_lines" ADD CONSTRAINT "customized_tour_lines_activity_fk" FOREIGN KEY ("organization_id","activity_id") REFERENCES "public"."activities"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tour_versions" ADD CONSTRAINT "customized_tour_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tour_versions" ADD CONSTRAINT "customized_tour_versions_sent_by_members_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tour_versions" ADD CONSTRAINT "customized_tour_versions_tour_fk" FOREIGN KEY ("organization_id","tour_id") REFERENCES "public"."customized_tours"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tours" ADD CONSTRAINT "customized_tours_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tours" ADD CONSTRAINT "customized_tours_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tours" ADD CONSTRAINT "customized_tours_query_id_lead_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."lead_queries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tours" ADD CONSTRAINT "customized_tours_point_of_contact_members_id_fk" FOREIGN KEY ("point_of_contact") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customized_tours" ADD CONSTRAINT "customized_tours_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customized_tour_days_position_uq" ON "customized_tour_days" USING btree ("tour_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "customized_tour_days_date_uq" ON "customized_tour_days" USING btree ("tour_id","date");--> statement-breakpoint
CREATE INDEX "customized_tour_days_destination_idx" ON "customized_tour_days" USING btree ("destination_id");--> statement-breakpoint
CREATE INDEX "customized_tour_days_hotel_idx" ON "customized_tour_days" USING btree ("hotel_id");--> statement-breakpoint
CREATE INDEX "customized_tour_days_activities_gin" ON "customized_tour_days" USING gin ("activities");--> statement-breakpoint
CREATE UNIQUE INDEX "customized_tour_lines_position_uq" ON "customized_tour_lines" USING btree ("tour_id","position");--> statement-breakpoint
CREATE INDEX "customized_tour_lines_hotel_idx" ON "customized_tour_lines" USING btree ("hotel_id");--> statement-breakpoint
CREATE INDEX "customized_tour_lines_activity_idx" ON "customized_tour_lines" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "customized_tour_lines_vendor_idx" ON "customized_tour_lines" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customized_tour_versions_uq" ON "customized_tour_versions" USING btree ("tour_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "customized_tours_booking_uq" ON "customized_tours" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "customized_tours_lead_idx" ON "customized_tours" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "customized_tours_org_created_idx" ON "customized_tours" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "customized_tours_org_updated_idx" ON "customized_tours" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "customized_tours_org_departure_idx" ON "customized_tours" USING btree ("organization_id","departure");--> statement-breakpoint
CREATE INDEX "customized_tours_org_arrival_idx" ON "customized_tours" USING btree ("organization_id","arrival");--> statement-breakpoint
CREATE INDEX "customized_tours_org_status_idx" ON "customized_tours" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "customized_tours_org_contact_idx" ON "customized_tours" USING btree ("organization_id","point_of_contact");--> statement-breakpoint
CREATE INDEX "customized_tours_regions_gin" ON "customized_tours" USING gin ("regions");--> statement-breakpoint
CREATE INDEX "customized_tours_destinations_gin" ON "customized_tours" USING gin ("destinations");
