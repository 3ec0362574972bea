-- session_open (0004, 0017) also answers the organization's time zone: a signed-in request knows its
-- organization's day without asking again (server/db/clock.ts, organizationTimeZone), one round trip
-- less for every list and page that reads "today".
DROP FUNCTION session_open(text);
--> statement-breakpoint
CREATE FUNCTION session_open(session_token_hash text)
RETURNS TABLE ("sessionId" uuid, "lastSeenAt" timestamptz, "expiresAt" timestamptz, "memberId" uuid, "memberName" text,
  "department" text, "organizationId" uuid, "roleId" uuid, "roleName" text, "isOwner" boolean, "permissions" jsonb,
  "visibility" jsonb, "subStatus" text, "subPeriodEnd" date, "orgToday" text, "orgTimeZone" text)
LANGUAGE plpgsql AS $fn$
BEGIN
  SELECT s.id, s.last_seen_at, s.expires_at, m.id, m.name, m.department, m.organization_id,
         r.id, r.name, r.is_owner, r.permissions, r.visibility, sub.status, sub.period_end,
         to_char(clock_now() AT TIME ZONE o.time_zone, 'YYYY-MM-DD'), o.time_zone
  INTO "sessionId", "lastSeenAt", "expiresAt", "memberId", "memberName", "department", "organizationId",
       "roleId", "roleName", "isOwner", "permissions", "visibility", "subStatus", "subPeriodEnd", "orgToday", "orgTimeZone"
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
