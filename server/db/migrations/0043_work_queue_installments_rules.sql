-- A booking's first open due day (`bookings.first_open_due`, docs/work-queue.md): the earliest due
-- day of its installments not fully paid, or none, kept by the database in the transaction that
-- writes the installments (a plan made or changed, money allocated or released), so the work queue's
-- installments overdue are a range on one index (bookings_installment_due_idx) instead of every open
-- installment grouped per booking on each request. Recomputed from the booking's rows each time:
-- right whatever order a statement's rows are written in.
CREATE FUNCTION booking_first_open_due_refresh(p_booking uuid) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  UPDATE bookings b SET first_open_due = f.due
  FROM (SELECT min(due_date) AS due FROM booking_installments WHERE booking_id = p_booking AND paid_amount < amount) f
  WHERE b.id = p_booking AND b.first_open_due IS DISTINCT FROM f.due;
$fn$;
--> statement-breakpoint
CREATE FUNCTION booking_first_open_due_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM booking_first_open_due_refresh(OLD.booking_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.booking_id IS DISTINCT FROM OLD.booking_id) THEN
    PERFORM booking_first_open_due_refresh(NEW.booking_id);
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER booking_installments_first_open_due AFTER INSERT OR DELETE ON booking_installments FOR EACH ROW EXECUTE FUNCTION booking_first_open_due_track();
--> statement-breakpoint
CREATE TRIGGER booking_installments_first_open_due_update AFTER UPDATE OF booking_id, due_date, amount, paid_amount ON booking_installments FOR EACH ROW
  WHEN ((OLD.booking_id, OLD.due_date, OLD.amount, OLD.paid_amount) IS DISTINCT FROM (NEW.booking_id, NEW.due_date, NEW.amount, NEW.paid_amount))
  EXECUTE FUNCTION booking_first_open_due_track();
--> statement-breakpoint

-- The recount (0039) also sets the first open due days of the organization's bookings (rows written
-- with triggers off: the bench's bulk seed).
CREATE OR REPLACE FUNCTION work_queue_totals_recount(org uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  UPDATE bookings b SET first_open_due = f.due
  FROM (SELECT bk.id, (SELECT min(i.due_date) FROM booking_installments i WHERE i.booking_id = bk.id AND i.paid_amount < i.amount) AS due
        FROM bookings bk WHERE bk.organization_id = org) f
  WHERE b.id = f.id AND b.first_open_due IS DISTINCT FROM f.due;

  DELETE FROM work_queue_totals WHERE organization_id = org;
  INSERT INTO work_queue_totals (organization_id, kind, seller, n)
  SELECT org, 'paymentToVerify', b.converted_by, count(*)
  FROM booking_payments p JOIN bookings b ON b.id = p.booking_id
  WHERE p.organization_id = org AND p.status IN ('submitted') GROUP BY b.converted_by;
  INSERT INTO work_queue_totals (organization_id, kind, seller, n)
  SELECT org, 'bookingToInvoice', converted_by, count(*)
  FROM bookings WHERE organization_id = org AND status IN ('completed') GROUP BY converted_by;
  INSERT INTO work_queue_totals (organization_id, kind, seller, n)
  SELECT org, 'leadToAssign', NULL, count(*)
  FROM leads WHERE organization_id = org AND assigned_to IS NULL AND status IN ('new', 'contacted', 'qualified', 'quoted') HAVING count(*) > 0;
END $fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION booking_first_open_due_refresh(uuid) FROM public;
--> statement-breakpoint
SELECT work_queue_totals_recount(id) FROM organizations;
