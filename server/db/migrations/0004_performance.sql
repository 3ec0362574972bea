-- Vendor search (ILIKE '%…%') through trigram indexes: pg_trgm ships with PostgreSQL's contrib
-- (the embedded PostgreSQL and the system PostgreSQL 15 both have it) and is a trusted extension:
-- the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "vendor_stats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"hotels" integer DEFAULT 0 NOT NULL,
	"flights" integer DEFAULT 0 NOT NULL,
	"transfers" integer DEFAULT 0 NOT NULL,
	"activities" integer DEFAULT 0 NOT NULL,
	"visa" integer DEFAULT 0 NOT NULL,
	"land_part" integer DEFAULT 0 NOT NULL,
	"others" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_stats" ADD CONSTRAINT "vendor_stats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_stats_org_idx" ON "vendor_stats" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "activities_org_destination_idx" ON "activities" USING btree ("organization_id","destination_id");--> statement-breakpoint
CREATE INDEX "hotels_org_destination_idx" ON "hotels" USING btree ("organization_id","destination_id");--> statement-breakpoint
CREATE INDEX "vendors_name_trgm_idx" ON "vendors" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendors_contact_person_trgm_idx" ON "vendors" USING gin ("contact_person" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendors_email_trgm_idx" ON "vendors" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendors_phone_trgm_idx" ON "vendors" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
-- Row-level security keeps a tenant's ILIKE from using an index: ILIKE is not leakproof, so
-- PostgreSQL evaluates it only after the policy, row by row, and never as an index condition.
-- This function runs the search as the tables' owner (no row-level security) and scopes it itself
-- with the setting the policy reads (no organization set: no rows), so the trigram indexes serve
-- it. The vendor list selects from it, aliased as vendors, when it has a search.
CREATE FUNCTION vendor_search(pattern text) RETURNS SETOF vendors
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public ROWS 100
AS $$
  SELECT * FROM public.vendors
  WHERE organization_id = nullif(current_setting('app.org_id', true), '')::uuid
    AND (name ILIKE pattern OR contact_person ILIKE pattern OR email ILIKE pattern OR phone ILIKE pattern)
$$;--> statement-breakpoint
-- Folds an organization's vendor_stats rows into one, skipping rows another transaction holds
-- (they fold later): writers never wait for each other here, and the sum never changes.
CREATE FUNCTION vendor_stats_fold(orgs uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM vendor_stats WHERE id IN (
      SELECT id FROM vendor_stats WHERE organization_id = ANY (orgs) FOR UPDATE SKIP LOCKED)
    RETURNING *)
  INSERT INTO vendor_stats (organization_id, total, active, hotels, flights, transfers, activities, visa, land_part, others)
  SELECT organization_id, sum(total), sum(active), sum(hotels), sum(flights), sum(transfers), sum(activities), sum(visa), sum(land_part), sum(others)
  FROM gone GROUP BY organization_id
$$;--> statement-breakpoint
-- After each statement on vendors: the change in counts per organization (inserted rows count +1,
-- deleted -1, an update both), written as one row when not all zero, then folded.
CREATE FUNCTION vendor_stats_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT organization_id, status, services, 1 AS d FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT organization_id, status, services, -1 AS d FROM old_rows'
    ELSE 'SELECT organization_id, status, services, 1 AS d FROM new_rows
          UNION ALL SELECT organization_id, status, services, -1 AS d FROM old_rows'
  END;
  orgs uuid[];
BEGIN
  EXECUTE format($q$
    WITH delta AS (
      SELECT organization_id,
             coalesce(sum(d), 0)::int AS total,
             coalesce(sum(d) FILTER (WHERE status = 'active'), 0)::int AS active,
             coalesce(sum(d) FILTER (WHERE 'hotels' = ANY (services)), 0)::int AS hotels,
             coalesce(sum(d) FILTER (WHERE 'flights' = ANY (services)), 0)::int AS flights,
             coalesce(sum(d) FILTER (WHERE 'transfers' = ANY (services)), 0)::int AS transfers,
             coalesce(sum(d) FILTER (WHERE 'activities' = ANY (services)), 0)::int AS activities,
             coalesce(sum(d) FILTER (WHERE 'visa' = ANY (services)), 0)::int AS visa,
             coalesce(sum(d) FILTER (WHERE 'land-part' = ANY (services)), 0)::int AS land_part,
             coalesce(sum(d) FILTER (WHERE 'others' = ANY (services)), 0)::int AS others
      FROM (%s) changed
      GROUP BY organization_id
    ), written AS (
      INSERT INTO vendor_stats (organization_id, total, active, hotels, flights, transfers, activities, visa, land_part, others)
      SELECT * FROM delta
      WHERE (total, active, hotels, flights, transfers, activities, visa, land_part, others) <> (0, 0, 0, 0, 0, 0, 0, 0, 0)
        -- an organization being deleted takes its vendors along: nothing to count for it
        AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = delta.organization_id)
      RETURNING organization_id)
    SELECT array_agg(organization_id) FROM written$q$, changed) INTO orgs;
  IF orgs IS NOT NULL THEN
    PERFORM vendor_stats_fold(orgs);
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE TRIGGER vendor_stats_insert AFTER INSERT ON vendors REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vendor_stats_track();--> statement-breakpoint
CREATE TRIGGER vendor_stats_update AFTER UPDATE ON vendors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vendor_stats_track();--> statement-breakpoint
CREATE TRIGGER vendor_stats_delete AFTER DELETE ON vendors REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vendor_stats_track();--> statement-breakpoint
-- Every signed-in request's first round trip (server/auth/session.ts, sessionOpening): the caller's
-- session, member, role and subscription, and the transaction's organization set from it for
-- row-level security. PL/pgSQL keeps the query's plan per connection: planning this four-table
-- join cost several times more than running it. Called as the privileged user, before the role
-- switch; no session: no row and nothing set (the API answers 401).
CREATE FUNCTION session_open(session_token_hash text)
RETURNS TABLE ("sessionId" uuid, "lastSeenAt" timestamptz, "expiresAt" timestamptz, "memberId" uuid, "memberName" text,
  "department" text, "organizationId" uuid, "roleId" uuid, "roleName" text, "isOwner" boolean, "permissions" jsonb,
  "visibility" jsonb, "subStatus" text, "subPeriodEnd" date)
LANGUAGE plpgsql AS $fn$
BEGIN
  SELECT s.id, s.last_seen_at, s.expires_at, m.id, m.name, m.department, m.organization_id,
         r.id, r.name, r.is_owner, r.permissions, r.visibility, sub.status, sub.period_end
  INTO "sessionId", "lastSeenAt", "expiresAt", "memberId", "memberName", "department", "organizationId",
       "roleId", "roleName", "isOwner", "permissions", "visibility", "subStatus", "subPeriodEnd"
  FROM sessions s
  JOIN members m ON m.id = s.member_id
  JOIN roles r ON r.id = m.role_id
  LEFT JOIN subscriptions sub ON sub.organization_id = m.organization_id
  WHERE s.token_hash = session_token_hash AND s.revoked_at IS NULL AND m.is_active
  LIMIT 1;
  IF FOUND THEN
    PERFORM set_config('app.org_id', "organizationId"::text, true);
    RETURN NEXT;
  END IF;
END $fn$;
--> statement-breakpoint
-- The vendors there already.
INSERT INTO vendor_stats (organization_id, total, active, hotels, flights, transfers, activities, visa, land_part, others)
SELECT organization_id, count(*)::int, (count(*) FILTER (WHERE status = 'active'))::int,
       (count(*) FILTER (WHERE 'hotels' = ANY (services)))::int,
       (count(*) FILTER (WHERE 'flights' = ANY (services)))::int,
       (count(*) FILTER (WHERE 'transfers' = ANY (services)))::int,
       (count(*) FILTER (WHERE 'activities' = ANY (services)))::int,
       (count(*) FILTER (WHERE 'visa' = ANY (services)))::int,
       (count(*) FILTER (WHERE 'land-part' = ANY (services)))::int,
       (count(*) FILTER (WHERE 'others' = ANY (services)))::int
FROM vendors GROUP BY organization_id;
