CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"destination_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"category" text NOT NULL,
	"difficulty" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price_per_person" bigint NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_difficulty_ck" CHECK ("activities"."difficulty" in ('easy', 'moderate', 'hard')),
	CONSTRAINT "activities_duration_ck" CHECK ("activities"."duration_minutes" > 0),
	CONSTRAINT "activities_price_ck" CHECK ("activities"."price_per_person" >= 0)
);
--> statement-breakpoint
CREATE TABLE "destinations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"region_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"country" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "destinations_org_id_uq" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "hotels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"destination_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"stars" integer NOT NULL,
	"address" text,
	"room_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hotels_stars_ck" CHECK ("hotels"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regions_org_id_uq" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"customer_name" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"destination_id" uuid,
	"tour_id" uuid,
	"is_published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_ck" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_destination_fk" FOREIGN KEY ("organization_id","destination_id") REFERENCES "public"."destinations"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destinations" ADD CONSTRAINT "destinations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destinations" ADD CONSTRAINT "destinations_region_fk" FOREIGN KEY ("organization_id","region_id") REFERENCES "public"."regions"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_destination_fk" FOREIGN KEY ("organization_id","destination_id") REFERENCES "public"."destinations"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_destination_fk" FOREIGN KEY ("organization_id","destination_id") REFERENCES "public"."destinations"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_org_slug_uq" ON "activities" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE INDEX "activities_org_name_idx" ON "activities" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "activities_destination_idx" ON "activities" USING btree ("destination_id");--> statement-breakpoint
CREATE INDEX "activities_org_category_idx" ON "activities" USING btree ("organization_id","category");--> statement-breakpoint
CREATE INDEX "activities_org_difficulty_idx" ON "activities" USING btree ("organization_id","difficulty");--> statement-breakpoint
CREATE UNIQUE INDEX "destinations_org_slug_uq" ON "destinations" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "destinations_org_name_uq" ON "destinations" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "destinations_region_idx" ON "destinations" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "destinations_org_country_idx" ON "destinations" USING btree ("organization_id",lower("country"));--> statement-breakpoint
CREATE UNIQUE INDEX "hotels_org_slug_uq" ON "hotels" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE INDEX "hotels_org_name_idx" ON "hotels" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "hotels_destination_idx" ON "hotels" USING btree ("destination_id");--> statement-breakpoint
CREATE INDEX "hotels_org_stars_idx" ON "hotels" USING btree ("organization_id","stars");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_org_slug_uq" ON "regions" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_org_name_uq" ON "regions" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "reviews_org_created_idx" ON "reviews" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_destination_idx" ON "reviews" USING btree ("destination_id");