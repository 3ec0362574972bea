-- A follow-up's place in the work queue (`follow_ups.in_queue`, docs/work-queue.md): it is open, its
-- lead is open (the lead machine's `open` tag: new, contacted, qualified, quoted), and it is the
-- earliest open follow-up (by due instant, then id) of its lead for its assignee: what
-- server/leads/queue.ts followUpDue names, kept by the database in the transaction that writes the
-- follow-ups or the lead's state, so that a person's follow-ups due are a range on
-- follow_ups_queue_idx instead of every open follow-up checked against its lead's others and joined
-- to its lead (12,500 rows for the bench's operations member). Recomputed from the lead's rows each
-- time: right whatever order a statement's rows are written in.
CREATE FUNCTION follow_ups_queue_refresh(p_lead uuid) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  UPDATE follow_ups f SET in_queue = q.in_queue
  FROM (
    SELECT g.id, (g.responded_at IS NULL AND l.status IN ('new', 'contacted', 'qualified', 'quoted')
      AND g.id = first_value(g.id) OVER (PARTITION BY g.assignee_id ORDER BY g.responded_at IS NOT NULL, g.due_at, g.id)) AS in_queue
    FROM follow_ups g JOIN leads l ON l.id = g.lead_id
    WHERE g.lead_id = p_lead
  ) q
  WHERE f.id = q.id AND f.in_queue IS DISTINCT FROM q.in_queue;
$fn$;
--> statement-breakpoint
CREATE FUNCTION follow_ups_queue_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM follow_ups_queue_refresh(OLD.lead_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.lead_id IS DISTINCT FROM OLD.lead_id) THEN
    PERFORM follow_ups_queue_refresh(NEW.lead_id);
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER follow_ups_queue AFTER INSERT OR DELETE ON follow_ups FOR EACH ROW EXECUTE FUNCTION follow_ups_queue_track();
--> statement-breakpoint
CREATE TRIGGER follow_ups_queue_update AFTER UPDATE OF lead_id, assignee_id, due_at, responded_at ON follow_ups FOR EACH ROW
  WHEN ((OLD.lead_id, OLD.assignee_id, OLD.due_at, OLD.responded_at) IS DISTINCT FROM (NEW.lead_id, NEW.assignee_id, NEW.due_at, NEW.responded_at))
  EXECUTE FUNCTION follow_ups_queue_track();
--> statement-breakpoint
CREATE FUNCTION follow_ups_queue_lead_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  PERFORM follow_ups_queue_refresh(NEW.id);
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER leads_follow_ups_queue AFTER UPDATE OF status ON leads FOR EACH ROW
  WHEN ((OLD.status IN ('new', 'contacted', 'qualified', 'quoted')) IS DISTINCT FROM (NEW.status IN ('new', 'contacted', 'qualified', 'quoted')))
  EXECUTE FUNCTION follow_ups_queue_lead_track();
--> statement-breakpoint

-- The recount (0039 … 0047) also sets the follow-ups' places (rows written with triggers off: the bench's bulk seed).
CREATE OR REPLACE FUNCTION work_queue_totals_recount(org uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  UPDATE bookings b SET first_open_due = f.due
  FROM (SELECT bk.id, (SELECT min(i.due_date) FROM booking_installments i WHERE i.booking_id = bk.id AND i.paid_amount < i.amount) AS due
        FROM bookings bk WHERE bk.organization_id = org) f
  WHERE b.id = f.id AND b.first_open_due IS DISTINCT FROM f.due;
  -- The BEFORE trigger counts them when the column is written.
  UPDATE bookings SET travellers_to_name = -1 WHERE organization_id = org;
  UPDATE follow_ups f SET in_queue = q.in_queue
  FROM (
    SELECT g.id, (g.responded_at IS NULL AND l.status IN ('new', 'contacted', 'qualified', 'quoted')
      AND g.id = first_value(g.id) OVER (PARTITION BY g.lead_id, g.assignee_id ORDER BY g.responded_at IS NOT NULL, g.due_at, g.id)) AS in_queue
    FROM follow_ups g JOIN leads l ON l.id = g.lead_id
    WHERE g.organization_id = org
  ) q
  WHERE f.id = q.id AND f.in_queue IS DISTINCT FROM q.in_queue;

  DELETE FROM work_queue_totals WHERE organization_id = org;
  INSERT INTO work_queue_totals (organization_id, kind, seller, day, n)
  SELECT org, 'paymentToVerify', b.converted_by, p.paid_on, count(*)
  FROM booking_payments p JOIN bookings b ON b.id = p.booking_id
  WHERE p.organization_id = org AND p.status IN ('submitted') GROUP BY b.converted_by, p.paid_on;
  INSERT INTO work_queue_totals (organization_id, kind, seller, day, n)
  SELECT org, 'bookingToInvoice', converted_by, arrival, count(*)
  FROM bookings WHERE organization_id = org AND status IN ('completed') GROUP BY converted_by, arrival;
  INSERT INTO work_queue_totals (organization_id, kind, seller, day, n)
  SELECT org, 'installmentOverdue:past', converted_by, first_open_due, count(*)
  FROM bookings WHERE organization_id = org AND status IN ('pendingVerification', 'verified', 'completed', 'invoiced') AND first_open_due IS NOT NULL
  GROUP BY converted_by, first_open_due;
  INSERT INTO work_queue_totals (organization_id, kind, seller, day, n)
  SELECT org, k, converted_by, arrival, count(*)
  FROM (SELECT work_queue_operation_kind(status, draft_count, unsent_count, unpaid_count, voucher_count, expense_count, planned_cost) AS k, converted_by, arrival
        FROM booking_operations WHERE organization_id = org) o
  WHERE k IS NOT NULL GROUP BY k, converted_by, arrival;
  INSERT INTO work_queue_totals (organization_id, kind, seller, day, n)
  SELECT org, 'leadToAssign', NULL, NULL, count(*)
  FROM leads WHERE organization_id = org AND assigned_to IS NULL AND status IN ('new', 'contacted', 'qualified', 'quoted') HAVING count(*) > 0;
END $fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION follow_ups_queue_refresh(uuid) FROM public;
--> statement-breakpoint
SELECT work_queue_totals_recount(id) FROM organizations;
