CREATE TABLE "group_tour_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"day_number" integer NOT NULL,
	"destination_id" uuid NOT NULL,
	"hotel_id" uuid,
	"room_type" text,
	"activity_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"transfers" text,
	"meals" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"tour_id" uuid NOT NULL,
	CONSTRAINT "group_tour_days_day_uq" UNIQUE("tour_id","day_number"),
	CONSTRAINT "group_tour_days_day_ck" CHECK ("group_tour_days"."day_number" between 1 and 366),
	CONSTRAINT "group_tour_days_room_ck" CHECK ("group_tour_days"."room_type" is null or "group_tour_days"."hotel_id" is not null),
	CONSTRAINT "group_tour_days_meals_ck" CHECK ("group_tour_days"."meals" <@ array['breakfast', 'lunch', 'dinner']::text[])
);
--> statement-breakpoint
CREATE TABLE "group_tours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"regions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"destinations" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"point_of_contact" uuid,
	"price_adult" bigint NOT NULL,
	"price_child" bigint NOT NULL,
	"price_infant" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"departure" date NOT NULL,
	"arrival" date NOT NULL,
	"total_nights" integer GENERATED ALWAYS AS (arrival - departure) STORED NOT NULL,
	"capacity" integer NOT NULL,
	"minimum_to_run" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"sales_closed" boolean DEFAULT false NOT NULL,
	"status" text GENERATED ALWAYS AS (case when sales_closed then 'closed' when seats_taken >= capacity then 'sold-out' when seats_taken >= minimum_to_run then 'guaranteed' else 'open' end) STORED NOT NULL,
	CONSTRAINT "group_tours_dates_ck" CHECK ("group_tours"."arrival" >= "group_tours"."departure" and "group_tours"."arrival" - "group_tours"."departure" <= 365),
	CONSTRAINT "group_tours_capacity_ck" CHECK ("group_tours"."capacity" between 1 and 1000),
	CONSTRAINT "group_tours_minimum_ck" CHECK ("group_tours"."minimum_to_run" between 1 and "group_tours"."capacity"),
	CONSTRAINT "group_tours_seats_ck" CHECK ("group_tours"."seats_taken" between 0 and "group_tours"."capacity"),
	CONSTRAINT "group_tours_prices_ck" CHECK ("group_tours"."price_adult" >= 0 and "group_tours"."price_child" >= 0 and "group_tours"."price_infant" >= 0),
	CONSTRAINT "group_tours_currency_ck" CHECK ("group_tours"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "personalized_tour_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"day_number" integer NOT NULL,
	"destination_id" uuid NOT NULL,
	"hotel_id" uuid,
	"room_type" text,
	"activity_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"transfers" text,
	"meals" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"tour_id" uuid NOT NULL,
	CONSTRAINT "personalized_tour_days_day_uq" UNIQUE("tour_id","day_number"),
	CONSTRAINT "personalized_tour_days_day_ck" CHECK ("personalized_tour_days"."day_number" between 1 and 366),
	CONSTRAINT "personalized_tour_days_room_ck" CHECK ("personalized_tour_days"."room_type" is null or "personalized_tour_days"."hotel_id" is not null),
	CONSTRAINT "personalized_tour_days_meals_ck" CHECK ("personalized_tour_days"."meals" <@ array['breakfast', 'lunch', 'dinner']::text[])
);
--> statement-breakpoint
CREATE TABLE "personalized_tour_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"tour_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"day_number" integer,
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
	CONSTRAINT "personalized_tour_lines_position_uq" UNIQUE("tour_id","position"),
	CONSTRAINT "personalized_tour_lines_kind_ck" CHECK ("personalized_tour_lines"."kind" in ('hotels', 'flights', 'transfers', 'activities', 'visa', 'land-part', 'others', 'fee', 'discount')),
	CONSTRAINT "personalized_tour_lines_unit_ck" CHECK ("personalized_tour_lines"."unit" in ('per-person', 'per-room-night', 'per-unit')),
	CONSTRAINT "personalized_tour_lines_amounts_ck" CHECK ("personalized_tour_lines"."quantity" > 0 and "personalized_tour_lines"."unit_cost" >= 0 and "personalized_tour_lines"."markup" >= 0),
	CONSTRAINT "personalized_tour_lines_markup_ck" CHECK ("personalized_tour_lines"."markup_type" = 'amount' or ("personalized_tour_lines"."markup_type" = 'percent' and "personalized_tour_lines"."markup" <= 100000)),
	CONSTRAINT "personalized_tour_lines_item_ck" CHECK ("personalized_tour_lines"."hotel_id" is null or "personalized_tour_lines"."activity_id" is null),
	CONSTRAINT "personalized_tour_lines_day_ck" CHECK ("personalized_tour_lines"."day_number" is null or "personalized_tour_lines"."day_number" between 1 and 366)
);
--> statement-breakpoint
CREATE TABLE "personalized_tours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"regions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"destinations" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"point_of_contact" uuid,
	"price_adult" bigint NOT NULL,
	"price_child" bigint NOT NULL,
	"price_infant" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_nights" integer NOT NULL,
	"inclusions" text[] DEFAULT '{}'::text[] NOT NULL,
	"exclusions" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	CONSTRAINT "personalized_tours_nights_ck" CHECK ("personalized_tours"."total_nights" between 0 and 365),
	CONSTRAINT "personalized_tours_prices_ck" CHECK ("personalized_tours"."price_adult" >= 0 and "personalized_tours"."price_child" >= 0 and "personalized_tours"."price_infant" >= 0),
	CONSTRAINT "personalized_tours_currency_ck" CHECK ("personalized_tours"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "group_tour_days" ADD CONSTRAINT "group_tour_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_tour_days" ADD CONSTRAINT "group_tour_days_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_tour_days" ADD CONSTRAINT "group_tour_days_tour_id_group_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."group_tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_tour_days" ADD CONSTRAINT "group_tour_days_destination_fk" FOREIGN KEY ("organization_id","destination_id") REFERENCES "public"."destinations"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_tours" ADD CONSTRAINT "group_tours_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_tours" ADD CONSTRAINT "group_tours_point_of_contact_members_id_fk" FOREIGN KEY ("point_of_contact") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_tours" ADD CONSTRAINT "group_tours_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_tour_days" ADD CONSTRAINT "personalized_tour_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_tour_days" ADD CONSTRAINT "personalized_tour_days_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_tour_days" ADD CONSTRAINT "personalized_tour_days_tour_id_personalized_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."personalized_tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_tour_days" ADD CONSTRAINT "personalized_tour_days_destination_fk" FOREIGN KEY ("organization_id","destination_id") REFERENCES "public"."destinations"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_tour_lines" ADD CONSTRAINT "personalized_tour_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_tour_lines" ADD CONSTRAINT "personalized_tour_lines_tour_id_personalized_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."personalized_tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_tour_lines" ADD CONSTRAINT "personalized_tour_lines_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_tour_lines" ADD CONSTRAINT "personalized_tour_lines_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_tour_lines" ADD CONSTRAINT "personalized_tour_lines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_tours" ADD CONSTRAINT "personalized_tours_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_tours" ADD CONSTRAINT "personalized_tours_point_of_contact_members_id_fk" FOREIGN KEY ("point_of_contact") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_tours" ADD CONSTRAINT "personalized_tours_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_tour_days_destination_idx" ON "group_tour_days" USING btree ("destination_id");--> statement-breakpoint
CREATE INDEX "group_tour_days_hotel_idx" ON "group_tour_days" USING btree ("hotel_id");--> statement-breakpoint
CREATE INDEX "group_tour_days_activities_gin" ON "group_tour_days" USING gin ("activity_ids");--> statement-breakpoint
CREATE INDEX "group_tours_org_departure_idx" ON "group_tours" USING btree ("organization_id","departure");--> statement-breakpoint
CREATE INDEX "group_tours_org_status_idx" ON "group_tours" USING btree ("organization_id","status","departure");--> statement-breakpoint
CREATE INDEX "group_tours_org_title_idx" ON "group_tours" USING btree ("organization_id",lower("title"));--> statement-breakpoint
CREATE INDEX "group_tours_org_nights_idx" ON "group_tours" USING btree ("organization_id","total_nights");--> statement-breakpoint
CREATE INDEX "group_tours_org_contact_idx" ON "group_tours" USING btree ("organization_id","point_of_contact");--> statement-breakpoint
CREATE INDEX "group_tours_regions_gin" ON "group_tours" USING gin ("regions");--> statement-breakpoint
CREATE INDEX "group_tours_destinations_gin" ON "group_tours" USING gin ("destinations");--> statement-breakpoint
CREATE INDEX "personalized_tour_days_destination_idx" ON "personalized_tour_days" USING btree ("destination_id");--> statement-breakpoint
CREATE INDEX "personalized_tour_days_hotel_idx" ON "personalized_tour_days" USING btree ("hotel_id");--> statement-breakpoint
CREATE INDEX "personalized_tour_days_activities_gin" ON "personalized_tour_days" USING gin ("activity_ids");--> statement-breakpoint
CREATE INDEX "personalized_tour_lines_hotel_idx" ON "personalized_tour_lines" USING btree ("hotel_id");--> statement-breakpoint
CREATE INDEX "personalized_tour_lines_activity_idx" ON "personalized_tour_lines" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "personalized_tour_lines_vendor_idx" ON "personalized_tour_lines" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "personalized_tours_org_title_idx" ON "personalized_tours" USING btree ("organization_id",lower("title"));--> statement-breakpoint
CREATE INDEX "personalized_tours_org_nights_idx" ON "personalized_tours" USING btree ("organization_id","total_nights");--> statement-breakpoint
CREATE INDEX "personalized_tours_org_contact_idx" ON "personalized_tours" USING btree ("organization_id","point_of_contact");--> statement-breakpoint
CREATE INDEX "personalized_tours_org_updated_idx" ON "personalized_tours" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "personalized_tours_regions_gin" ON "personalized_tours" USING gin ("regions");--> statement-breakpoint
CREATE INDEX "personalized_tours_destinations_gin" ON "personalized_tours" USING gin ("destinations");