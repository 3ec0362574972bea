-- The platform sells subscriptions with these statuses (issue 19): trial, active, pastDue,
-- expired, cancelled. The rows written before take the new names, so the checks of the next
-- migration hold.
UPDATE subscriptions SET status = CASE status
  WHEN 'trialing' THEN 'trial'
  WHEN 'past_due' THEN 'pastDue'
  WHEN 'canceled' THEN 'cancelled'
  ELSE status END;
--> statement-breakpoint
UPDATE subscriptions SET plan = 'starter' WHERE plan NOT IN ('starter', 'business', 'enterprise');
--> statement-breakpoint
UPDATE subscriptions SET seats = 1 WHERE seats < 1;
--> statement-breakpoint
-- Organization names become unique (the platform's list is found and ordered by name): a clash
-- made before keeps its first holder's name, the others get a number.
UPDATE organizations o SET name = o.name || ' (' || d.n || ')'
FROM (SELECT id, row_number() OVER (PARTITION BY lower(name) ORDER BY created_at, id) AS n FROM organizations) d
WHERE d.id = o.id AND d.n > 1;
