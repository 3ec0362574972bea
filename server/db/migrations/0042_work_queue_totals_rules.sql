-- The work queue's kept counts (docs/work-queue.md "Counts", issue 30's bench): how many items of a
-- kind an organization has, per seller, for the kinds whose rows depend on the records alone (not on
-- the clock): payments to verify, bookings to invoice, leads to assign. Written by these triggers in
-- the transaction that changes the record, whatever changes it, folded as the lists' totals are
-- (0033_list_totals_rules.sql: `FOR UPDATE SKIP LOCKED`, writers never wait for each other; a group's
-- count is the sum of its rows; a row that comes to zero is not kept). The states are the machines'
-- (statesAccepting(paymentMachine, 'VERIFY') = submitted, statesAccepting(bookingMachine, 'INVOICE') =
-- completed, OPEN_LEAD_STATES); tests/gates/work-queue-property.test.ts holds the counts to a recount.

CREATE FUNCTION work_queue_totals_add(org uuid, p_kind text, p_seller uuid, dn int) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  WITH gone AS (
    DELETE FROM work_queue_totals WHERE id IN (
      SELECT id FROM work_queue_totals
      WHERE organization_id = org AND kind = p_kind AND seller IS NOT DISTINCT FROM p_seller
      FOR UPDATE SKIP LOCKED)
    RETURNING n)
  INSERT INTO work_queue_totals (organization_id, kind, seller, n)
  SELECT org, p_kind, p_seller, coalesce(sum(n), 0) + dn FROM gone
  HAVING coalesce(sum(n), 0) + dn <> 0;
$fn$;
--> statement-breakpoint

-- A payment waiting for verification: paymentToVerify, its booking's seller's.
-- A row deleted with its organization takes its counts along by the cascade (as the lists' totals).
CREATE FUNCTION work_queue_payment_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN ('submitted') THEN
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
      RETURN NULL;
    END IF;
    PERFORM work_queue_totals_add(OLD.organization_id, 'paymentToVerify', (SELECT converted_by FROM bookings WHERE id = OLD.booking_id), -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('submitted') THEN
    PERFORM work_queue_totals_add(NEW.organization_id, 'paymentToVerify', (SELECT converted_by FROM bookings WHERE id = NEW.booking_id), 1);
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER booking_payments_work_queue AFTER INSERT OR DELETE ON booking_payments FOR EACH ROW EXECUTE FUNCTION work_queue_payment_track();
--> statement-breakpoint
CREATE TRIGGER booking_payments_work_queue_update AFTER UPDATE OF status, booking_id ON booking_payments FOR EACH ROW
  WHEN ((OLD.status, OLD.booking_id) IS DISTINCT FROM (NEW.status, NEW.booking_id))
  EXECUTE FUNCTION work_queue_payment_track();
--> statement-breakpoint

-- A completed trip awaiting its invoice: bookingToInvoice, its seller's. A booking whose seller
-- changes takes its payments waiting for verification to the new seller's count.
CREATE FUNCTION work_queue_booking_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  waiting int;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
      RETURN NULL;
    END IF;
    IF OLD.status IN ('completed') THEN
      PERFORM work_queue_totals_add(OLD.organization_id, 'bookingToInvoice', OLD.converted_by, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('completed') THEN
    PERFORM work_queue_totals_add(NEW.organization_id, 'bookingToInvoice', NEW.converted_by, 1);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.converted_by IS DISTINCT FROM NEW.converted_by THEN
    SELECT count(*) INTO waiting FROM booking_payments WHERE booking_id = NEW.id AND status IN ('submitted');
    IF waiting > 0 THEN
      PERFORM work_queue_totals_add(NEW.organization_id, 'paymentToVerify', OLD.converted_by, -waiting);
      PERFORM work_queue_totals_add(NEW.organization_id, 'paymentToVerify', NEW.converted_by, waiting);
    END IF;
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER bookings_work_queue AFTER INSERT OR DELETE ON bookings FOR EACH ROW EXECUTE FUNCTION work_queue_booking_track();
--> statement-breakpoint
CREATE TRIGGER bookings_work_queue_update AFTER UPDATE OF status, converted_by ON bookings FOR EACH ROW
  WHEN ((OLD.status, OLD.converted_by) IS DISTINCT FROM (NEW.status, NEW.converted_by))
  EXECUTE FUNCTION work_queue_booking_track();
--> statement-breakpoint

-- An open lead nobody owns: leadToAssign (no seller: those who give leads out see every lead).
CREATE FUNCTION work_queue_lead_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.assigned_to IS NULL AND OLD.status IN ('new', 'contacted', 'qualified', 'quoted') THEN
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
      RETURN NULL;
    END IF;
    PERFORM work_queue_totals_add(OLD.organization_id, 'leadToAssign', NULL, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.assigned_to IS NULL AND NEW.status IN ('new', 'contacted', 'qualified', 'quoted') THEN
    PERFORM work_queue_totals_add(NEW.organization_id, 'leadToAssign', NULL, 1);
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER leads_work_queue AFTER INSERT OR DELETE ON leads FOR EACH ROW EXECUTE FUNCTION work_queue_lead_track();
--> statement-breakpoint
CREATE TRIGGER leads_work_queue_update AFTER UPDATE OF status, assigned_to ON leads FOR EACH ROW
  WHEN ((OLD.status, OLD.assigned_to) IS DISTINCT FROM (NEW.status, NEW.assigned_to))
  EXECUTE FUNCTION work_queue_lead_track();
--> statement-breakpoint

-- An organization's counts counted again from its rows: for the rows there before these triggers,
-- and for rows written with triggers off (the bench's bulk seed). Not the tenant's to call.
CREATE FUNCTION work_queue_totals_recount(org uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
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
REVOKE ALL ON FUNCTION work_queue_totals_add(uuid, text, uuid, int), work_queue_totals_recount(uuid) FROM public;
--> statement-breakpoint
SELECT work_queue_totals_recount(id) FROM organizations;
