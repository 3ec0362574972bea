-- The work queue's kept counts per due day (docs/work-queue.md "Counts", docs/performance.md "The
-- work queue (issue 30)"): `work_queue_totals` gains the items' due day, so that the kinds whose
-- items depend on the clock are sums too: overdue is the sum over the days before today, due today
-- the day's row, instead of a walk of every late row on each request.
--
-- - paymentToVerify by the payment's day paid (`paid_on`), bookingToInvoice by the trip's arrival:
--   every row counts, the day says which are overdue;
-- - installmentOverdue:past by the booking's first open due day, for bookings collecting money
--   (statesWithTag(bookingMachine, 'collecting') = pendingVerification, verified, completed,
--   invoiced): an item once that day has passed (less the bookings reminded this week, walked on
--   installment_reminders_created_idx by the reading);
-- - operationToComplete by the trip's arrival, for a pending operation (statesAccepting(operationMachine,
--   'COMPLETE')) with nothing missing and something booked (vouchers or expenses) and no vendor
--   services left unbooked: an item whatever the day; operationToComplete:past the other pending
--   operations with nothing missing: an item once their arrival has passed.
--
-- A kind `K:past` is counted for its days before today only (server/work-queue/registry.ts,
-- `keptByDay`). Written by these triggers in the transaction that changes the record, folded as
-- before (FOR UPDATE SKIP LOCKED: writers never wait for each other); tests/gates/work-queue-property.test.ts
-- holds them to a recount and the queue's counts to its rows.

DROP FUNCTION work_queue_totals_add(uuid, text, uuid, int);
--> statement-breakpoint
CREATE FUNCTION work_queue_totals_add(org uuid, p_kind text, p_seller uuid, p_day date, dn int) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  WITH gone AS (
    DELETE FROM work_queue_totals WHERE id IN (
      SELECT id FROM work_queue_totals
      WHERE organization_id = org AND kind = p_kind AND seller IS NOT DISTINCT FROM p_seller AND day IS NOT DISTINCT FROM p_day
      FOR UPDATE SKIP LOCKED)
    RETURNING n)
  INSERT INTO work_queue_totals (organization_id, kind, seller, day, n)
  SELECT org, p_kind, p_seller, p_day, coalesce(sum(n), 0) + dn FROM gone
  HAVING coalesce(sum(n), 0) + dn <> 0;
$fn$;
--> statement-breakpoint

-- A payment waiting for verification: paymentToVerify, its booking's seller's, on its day paid.
CREATE OR REPLACE FUNCTION work_queue_payment_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN ('submitted') THEN
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
      RETURN NULL;
    END IF;
    PERFORM work_queue_totals_add(OLD.organization_id, 'paymentToVerify', (SELECT converted_by FROM bookings WHERE id = OLD.booking_id), OLD.paid_on, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('submitted') THEN
    PERFORM work_queue_totals_add(NEW.organization_id, 'paymentToVerify', (SELECT converted_by FROM bookings WHERE id = NEW.booking_id), NEW.paid_on, 1);
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
DROP TRIGGER booking_payments_work_queue_update ON booking_payments;
--> statement-breakpoint
CREATE TRIGGER booking_payments_work_queue_update AFTER UPDATE OF status, booking_id, paid_on ON booking_payments FOR EACH ROW
  WHEN ((OLD.status, OLD.booking_id, OLD.paid_on) IS DISTINCT FROM (NEW.status, NEW.booking_id, NEW.paid_on))
  EXECUTE FUNCTION work_queue_payment_track();
--> statement-breakpoint

-- A completed trip awaiting its invoice (bookingToInvoice, on its arrival) and a booking collecting
-- money with an open installment (installmentOverdue:past, on its first open due day), its seller's.
-- A booking whose seller changes takes its payments waiting for verification to the new seller's count.
CREATE OR REPLACE FUNCTION work_queue_booking_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  waiting record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
      RETURN NULL;
    END IF;
    IF OLD.status IN ('completed') THEN
      PERFORM work_queue_totals_add(OLD.organization_id, 'bookingToInvoice', OLD.converted_by, OLD.arrival, -1);
    END IF;
    IF OLD.status IN ('pendingVerification', 'verified', 'completed', 'invoiced') AND OLD.first_open_due IS NOT NULL THEN
      PERFORM work_queue_totals_add(OLD.organization_id, 'installmentOverdue:past', OLD.converted_by, OLD.first_open_due, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.status IN ('completed') THEN
      PERFORM work_queue_totals_add(NEW.organization_id, 'bookingToInvoice', NEW.converted_by, NEW.arrival, 1);
    END IF;
    IF NEW.status IN ('pendingVerification', 'verified', 'completed', 'invoiced') AND NEW.first_open_due IS NOT NULL THEN
      PERFORM work_queue_totals_add(NEW.organization_id, 'installmentOverdue:past', NEW.converted_by, NEW.first_open_due, 1);
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.converted_by IS DISTINCT FROM NEW.converted_by THEN
    FOR waiting IN SELECT paid_on, count(*)::int AS n FROM booking_payments WHERE booking_id = NEW.id AND status IN ('submitted') GROUP BY paid_on LOOP
      PERFORM work_queue_totals_add(NEW.organization_id, 'paymentToVerify', OLD.converted_by, waiting.paid_on, -waiting.n);
      PERFORM work_queue_totals_add(NEW.organization_id, 'paymentToVerify', NEW.converted_by, waiting.paid_on, waiting.n);
    END LOOP;
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
DROP TRIGGER bookings_work_queue_update ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_work_queue_update AFTER UPDATE OF status, converted_by, arrival, first_open_due ON bookings FOR EACH ROW
  WHEN ((OLD.status, OLD.converted_by, OLD.arrival, OLD.first_open_due) IS DISTINCT FROM (NEW.status, NEW.converted_by, NEW.arrival, NEW.first_open_due))
  EXECUTE FUNCTION work_queue_booking_track();
--> statement-breakpoint

-- An open lead nobody owns: leadToAssign (no seller, no day: its due is an instant, and those not
-- yet overdue are walked on leads_to_assign_idx).
CREATE OR REPLACE FUNCTION work_queue_lead_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.assigned_to IS NULL AND OLD.status IN ('new', 'contacted', 'qualified', 'quoted') THEN
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
      RETURN NULL;
    END IF;
    PERFORM work_queue_totals_add(OLD.organization_id, 'leadToAssign', NULL, NULL, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.assigned_to IS NULL AND NEW.status IN ('new', 'contacted', 'qualified', 'quoted') THEN
    PERFORM work_queue_totals_add(NEW.organization_id, 'leadToAssign', NULL, NULL, 1);
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint

-- Which count an operation is in: operationToComplete (complete whatever the day),
-- operationToComplete:past (complete once its arrival has passed), or none (server/operations/queue.ts
-- operationToComplete: the machine's COMPLETE on the counts the database keeps on the operation).
CREATE FUNCTION work_queue_operation_kind(status text, draft_count int, unsent_count int, unpaid_count int, voucher_count int, expense_count int, planned_cost bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE WHEN status IN ('pending') AND draft_count = 0 AND unsent_count = 0 AND unpaid_count = 0 THEN
    CASE WHEN voucher_count + expense_count > 0 AND NOT (voucher_count = 0 AND coalesce(planned_cost, 0) > 0)
      THEN 'operationToComplete' ELSE 'operationToComplete:past' END
  END;
$fn$;
--> statement-breakpoint
CREATE FUNCTION work_queue_operation_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  k text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    k := work_queue_operation_kind(OLD.status, OLD.draft_count, OLD.unsent_count, OLD.unpaid_count, OLD.voucher_count, OLD.expense_count, OLD.planned_cost);
    IF k IS NOT NULL THEN
      IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
        RETURN NULL;
      END IF;
      PERFORM work_queue_totals_add(OLD.organization_id, k, OLD.converted_by, OLD.arrival, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    k := work_queue_operation_kind(NEW.status, NEW.draft_count, NEW.unsent_count, NEW.unpaid_count, NEW.voucher_count, NEW.expense_count, NEW.planned_cost);
    IF k IS NOT NULL THEN
      PERFORM work_queue_totals_add(NEW.organization_id, k, NEW.converted_by, NEW.arrival, 1);
    END IF;
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER booking_operations_work_queue AFTER INSERT OR DELETE ON booking_operations FOR EACH ROW EXECUTE FUNCTION work_queue_operation_track();
--> statement-breakpoint
CREATE TRIGGER booking_operations_work_queue_update
  AFTER UPDATE OF status, draft_count, unsent_count, unpaid_count, voucher_count, expense_count, planned_cost, converted_by, arrival ON booking_operations FOR EACH ROW
  WHEN ((OLD.status, OLD.draft_count, OLD.unsent_count, OLD.unpaid_count, OLD.voucher_count, OLD.expense_count, OLD.planned_cost, OLD.converted_by, OLD.arrival)
    IS DISTINCT FROM (NEW.status, NEW.draft_count, NEW.unsent_count, NEW.unpaid_count, NEW.voucher_count, NEW.expense_count, NEW.planned_cost, NEW.converted_by, NEW.arrival))
  EXECUTE FUNCTION work_queue_operation_track();
--> statement-breakpoint

-- The recount (0039, 0043, 0044) with the days and the new kinds.
CREATE OR REPLACE FUNCTION work_queue_totals_recount(org uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  UPDATE bookings b SET first_open_due = f.due
  FROM (SELECT bk.id, (SELECT min(i.due_date) FROM booking_installments i WHERE i.booking_id = bk.id AND i.paid_amount < i.amount) AS due
        FROM bookings bk WHERE bk.organization_id = org) f
  WHERE b.id = f.id AND b.first_open_due IS DISTINCT FROM f.due;
  -- The BEFORE trigger counts them when the column is written.
  UPDATE bookings SET travellers_to_name = -1 WHERE organization_id = org;

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
REVOKE ALL ON FUNCTION work_queue_totals_add(uuid, text, uuid, date, int), work_queue_operation_track() FROM public;
--> statement-breakpoint
SELECT work_queue_totals_recount(id) FROM organizations;
