-- work_queue_totals_recount (0049) counted each booking's travellers to name by writing -1 into
-- every booking of the organization for its BEFORE trigger to count them: a million bookings
-- rewritten, each firing every trigger on bookings, in one transaction (the bench's recount of its
-- million-booking organization ran for over half an hour). It now writes only the bookings whose
-- count differs, with the count (booking_travellers_to_name's rule, which the BEFORE trigger
-- applies again to those rows). With every kept value computed here, the recount is also right
-- with triggers off (`session_replication_role = replica`, as the bench runs it after its bulk
-- inserts).
CREATE OR REPLACE FUNCTION work_queue_totals_recount(org uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  UPDATE bookings b SET first_open_due = f.due
  FROM (SELECT bk.id, (SELECT min(i.due_date) FROM booking_installments i WHERE i.booking_id = bk.id AND i.paid_amount < i.amount) AS due
        FROM bookings bk WHERE bk.organization_id = org) f
  WHERE b.id = f.id AND b.first_open_due IS DISTINCT FROM f.due;
  UPDATE bookings b SET travellers_to_name = t.n
  FROM (SELECT bk.id, (SELECT (count(*) FILTER (WHERE tr.name IS NULL) + greatest(0, bk.pax - count(*)))::int
                       FROM booking_travellers tr WHERE tr.booking_id = bk.id) AS n
        FROM bookings bk WHERE bk.organization_id = org) t
  WHERE b.id = t.id AND b.travellers_to_name IS DISTINCT FROM t.n;
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
