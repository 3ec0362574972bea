-- The organization clock (server/db/clock.ts): now(), unless a test set the instant in
-- clock_override. Security definer: the tenant role reads the time, never the table.
CREATE FUNCTION clock_now() RETURNS timestamptz
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $fn$
  SELECT coalesce((SELECT at FROM clock_override WHERE id), now())
$fn$;
--> statement-breakpoint
-- session_open (migration 0004) also answers the organization's date by its clock and time zone:
-- an expired subscription is judged where the organization is, not in UTC.
DROP FUNCTION session_open(text);
--> statement-breakpoint
CREATE FUNCTION session_open(session_token_hash text)
RETURNS TABLE ("sessionId" uuid, "lastSeenAt" timestamptz, "expiresAt" timestamptz, "memberId" uuid, "memberName" text,
  "department" text, "organizationId" uuid, "roleId" uuid, "roleName" text, "isOwner" boolean, "permissions" jsonb,
  "visibility" jsonb, "subStatus" text, "subPeriodEnd" date, "orgToday" text)
LANGUAGE plpgsql AS $fn$
BEGIN
  SELECT s.id, s.last_seen_at, s.expires_at, m.id, m.name, m.department, m.organization_id,
         r.id, r.name, r.is_owner, r.permissions, r.visibility, sub.status, sub.period_end,
         to_char(clock_now() AT TIME ZONE o.time_zone, 'YYYY-MM-DD')
  INTO "sessionId", "lastSeenAt", "expiresAt", "memberId", "memberName", "department", "organizationId",
       "roleId", "roleName", "isOwner", "permissions", "visibility", "subStatus", "subPeriodEnd", "orgToday"
  FROM sessions s
  JOIN members m ON m.id = s.member_id
  JOIN roles r ON r.id = m.role_id
  JOIN organizations o ON o.id = m.organization_id
  LEFT JOIN subscriptions sub ON sub.organization_id = m.organization_id
  WHERE s.token_hash = session_token_hash AND s.revoked_at IS NULL AND m.is_active
  LIMIT 1;
  IF FOUND THEN
    PERFORM set_config('app.org_id', "organizationId"::text, true);
    RETURN NEXT;
  END IF;
END $fn$;
