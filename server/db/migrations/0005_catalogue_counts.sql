CREATE TABLE "place_counts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"resource" text NOT NULL,
	"destination_id" uuid NOT NULL,
	"facet_a" text DEFAULT '' NOT NULL,
	"facet_b" text DEFAULT '' NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "place_counts" ADD CONSTRAINT "place_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "place_counts_cell_idx" ON "place_counts" USING btree ("organization_id","resource","destination_id","facet_a","facet_b");--> statement-breakpoint
CREATE INDEX "activities_search_trgm_idx" ON "activities" USING gin ((coalesce("name", '') || E'\n' || coalesce("slug", '') || E'\n' || coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hotels_search_trgm_idx" ON "hotels" USING gin ((coalesce("name", '') || E'\n' || coalesce("slug", '') || E'\n' || coalesce("address", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hotels_amenities_idx" ON "hotels" USING gin ("amenities");--> statement-breakpoint
-- After each statement on hotels or activities: the change per cell (organization, destination and
-- the two facets given as the trigger's arguments: SQL over the row's columns), appended as rows,
-- then the touched cells folded into one row each, skipping rows another transaction holds.
CREATE FUNCTION place_counts_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  cell text := format('SELECT organization_id, destination_id, %s AS facet_a, %s AS facet_b', TG_ARGV[0], TG_ARGV[1]);
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN format('%s, 1 AS d FROM new_rows', cell)
    WHEN 'DELETE' THEN format('%s, -1 AS d FROM old_rows', cell)
    ELSE format('%s, 1 AS d FROM new_rows UNION ALL %s, -1 AS d FROM old_rows', cell, cell)
  END;
  written integer;
BEGIN
  EXECUTE format($q$
    WITH appended AS (
      INSERT INTO place_counts (organization_id, resource, destination_id, facet_a, facet_b, n)
      SELECT c.organization_id, %L, c.destination_id, c.facet_a, c.facet_b, sum(c.d)::int
      FROM (%s) c
      -- an organization being deleted takes its records along: nothing to count for it
      WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = c.organization_id)
      GROUP BY c.organization_id, c.destination_id, c.facet_a, c.facet_b
      HAVING sum(c.d) <> 0
      RETURNING 1)
    SELECT count(*) FROM appended$q$, TG_TABLE_NAME, changed) INTO written;
  IF written > 0 THEN
    EXECUTE format($q$
      WITH touched AS (SELECT DISTINCT organization_id, destination_id, facet_a, facet_b FROM (%s) c),
      gone AS (
        DELETE FROM place_counts WHERE id IN (
          SELECT p.id FROM place_counts p JOIN touched t USING (organization_id, destination_id, facet_a, facet_b)
          WHERE p.resource = %L FOR UPDATE OF p SKIP LOCKED)
        RETURNING *)
      INSERT INTO place_counts (organization_id, resource, destination_id, facet_a, facet_b, n)
      SELECT organization_id, resource, destination_id, facet_a, facet_b, sum(n)::int FROM gone
      GROUP BY organization_id, resource, destination_id, facet_a, facet_b
      HAVING sum(n) <> 0$q$, changed, TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE TRIGGER place_counts_insert AFTER INSERT ON hotels REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION place_counts_track('stars::text', $$''$$);--> statement-breakpoint
CREATE TRIGGER place_counts_update AFTER UPDATE ON hotels REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION place_counts_track('stars::text', $$''$$);--> statement-breakpoint
CREATE TRIGGER place_counts_delete AFTER DELETE ON hotels REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION place_counts_track('stars::text', $$''$$);--> statement-breakpoint
CREATE TRIGGER place_counts_insert AFTER INSERT ON activities REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION place_counts_track('category', 'difficulty');--> statement-breakpoint
CREATE TRIGGER place_counts_update AFTER UPDATE ON activities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION place_counts_track('category', 'difficulty');--> statement-breakpoint
CREATE TRIGGER place_counts_delete AFTER DELETE ON activities REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION place_counts_track('category', 'difficulty');--> statement-breakpoint
-- `search` of hotels and activities: the rows whose own text (the trigram-indexed expression of
-- schema.ts searchText) contains the pattern, or whose destination matches (its name, country or
-- region's name: matching_places, a few dozen rows), or (hotels) that have the search as an
-- amenity. They run as the tables' owner and scope themselves by the organization setting, for the
-- reason given for vendor_search() in 0004_performance.sql (no organization set: no rows), and
-- answer whole rows, so the list reads each match once.
CREATE FUNCTION matching_places(pattern text) RETURNS uuid[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(d.id), '{}') FROM destinations d JOIN regions r ON r.id = d.region_id
  WHERE d.organization_id = nullif(current_setting('app.org_id', true), '')::uuid AND (d.name ILIKE pattern OR d.country ILIKE pattern OR r.name ILIKE pattern)
$$;--> statement-breakpoint
CREATE FUNCTION hotel_search(pattern text, word text) RETURNS SETOF hotels
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public ROWS 500 AS $$
  SELECT * FROM hotels h
  WHERE h.organization_id = nullif(current_setting('app.org_id', true), '')::uuid
    AND ((coalesce(h.name, '') || E'\n' || coalesce(h.slug, '') || E'\n' || coalesce(h.address, '')) ILIKE pattern
         OR h.amenities @> ARRAY[word]
         OR h.destination_id = ANY (matching_places(pattern)))
$$;--> statement-breakpoint
CREATE FUNCTION activity_search(pattern text) RETURNS SETOF activities
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public ROWS 500 AS $$
  SELECT * FROM activities a
  WHERE a.organization_id = nullif(current_setting('app.org_id', true), '')::uuid
    AND ((coalesce(a.name, '') || E'\n' || coalesce(a.slug, '') || E'\n' || coalesce(a.description, '')) ILIKE pattern
         OR a.destination_id = ANY (matching_places(pattern)))
$$;--> statement-breakpoint
-- The records there already.
INSERT INTO place_counts (organization_id, resource, destination_id, facet_a, facet_b, n)
SELECT organization_id, 'hotels', destination_id, stars::text, '', count(*)::int FROM hotels GROUP BY 1, 3, 4;--> statement-breakpoint
INSERT INTO place_counts (organization_id, resource, destination_id, facet_a, facet_b, n)
SELECT organization_id, 'activities', destination_id, category, difficulty, count(*)::int FROM activities GROUP BY 1, 3, 4, 5;
