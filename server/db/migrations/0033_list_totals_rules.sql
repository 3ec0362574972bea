-- The lists' kept totals (issue 32, docs/performance.md "Stats in constant time"): each list's stats
-- and totals are sums of a few rows per group, written by these triggers in the transaction that
-- changes the listed rows, whatever changes them (routes, jobs, cancellations, raw SQL).
--
-- A group's total is the sum of its rows. A writer folds the group's rows that no other transaction
-- holds into one row, adding its own change (`FOR UPDATE SKIP LOCKED`): writers never wait for each
-- other (no hot row: twenty payments at once in one organization and month do not queue here, and
-- no two writers can deadlock on totals), and a group keeps about as many rows as it has writers at
-- once. A row whose count and sums come to zero is not kept. tests/api/list-totals.test.ts holds
-- every total to a recount after random sequences through the API.

-- ---------- the folds: one per table, the group's key and the change ----------

CREATE FUNCTION booking_totals_add(org uuid, p_month date, p_status text, p_type text, dn int) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  WITH gone AS (
    DELETE FROM booking_totals WHERE id IN (
      SELECT id FROM booking_totals
      WHERE organization_id = org AND departure_month = p_month AND status = p_status AND tour_type = p_type
      FOR UPDATE SKIP LOCKED)
    RETURNING n)
  INSERT INTO booking_totals (organization_id, departure_month, status, tour_type, n)
  SELECT org, p_month, p_status, p_type, coalesce(sum(n), 0) + dn FROM gone
  HAVING coalesce(sum(n), 0) + dn <> 0;
$fn$;
--> statement-breakpoint
CREATE FUNCTION receipt_totals_add(org uuid, p_month date, p_status text, p_method text, dn int, d_amount bigint) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  WITH gone AS (
    DELETE FROM receipt_totals WHERE id IN (
      SELECT id FROM receipt_totals
      WHERE organization_id = org AND month = p_month AND status = p_status AND payment_method = p_method
      FOR UPDATE SKIP LOCKED)
    RETURNING n, amount)
  INSERT INTO receipt_totals (organization_id, month, status, payment_method, n, amount)
  SELECT org, p_month, p_status, p_method, coalesce(sum(n), 0) + dn, coalesce(sum(amount), 0) + d_amount FROM gone
  HAVING coalesce(sum(n), 0) + dn <> 0 OR coalesce(sum(amount), 0) + d_amount <> 0;
$fn$;
--> statement-breakpoint
CREATE FUNCTION invoice_totals_add(org uuid, p_issued date, p_due date, p_settled boolean, dn int, d_total bigint, d_paid bigint) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  WITH gone AS (
    DELETE FROM invoice_totals WHERE id IN (
      SELECT id FROM invoice_totals
      WHERE organization_id = org AND issued_month = p_issued AND due_month = p_due AND settled = p_settled
      FOR UPDATE SKIP LOCKED)
    RETURNING n, total, paid)
  INSERT INTO invoice_totals (organization_id, issued_month, due_month, settled, n, total, paid)
  SELECT org, p_issued, p_due, p_settled, coalesce(sum(n), 0) + dn, coalesce(sum(total), 0) + d_total, coalesce(sum(paid), 0) + d_paid FROM gone
  HAVING coalesce(sum(n), 0) + dn <> 0 OR coalesce(sum(total), 0) + d_total <> 0 OR coalesce(sum(paid), 0) + d_paid <> 0;
$fn$;
--> statement-breakpoint
CREATE FUNCTION operation_totals_add(org uuid, p_month date, p_status text, p_vouchers int, p_drafts int, p_unsent int, p_expenses int, p_unpaid int,
                                     dn int, d_revenue bigint, d_expense bigint) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  WITH gone AS (
    DELETE FROM operation_totals WHERE id IN (
      SELECT id FROM operation_totals
      WHERE organization_id = org AND departure_month = p_month AND status = p_status AND voucher_count = p_vouchers AND draft_count = p_drafts
        AND unsent_count = p_unsent AND expense_count = p_expenses AND unpaid_count = p_unpaid
      FOR UPDATE SKIP LOCKED)
    RETURNING n, revenue, expense)
  INSERT INTO operation_totals (organization_id, departure_month, status, voucher_count, draft_count, unsent_count, expense_count, unpaid_count, n, revenue, expense)
  SELECT org, p_month, p_status, p_vouchers, p_drafts, p_unsent, p_expenses, p_unpaid,
         coalesce(sum(n), 0) + dn, coalesce(sum(revenue), 0) + d_revenue, coalesce(sum(expense), 0) + d_expense FROM gone
  HAVING coalesce(sum(n), 0) + dn <> 0 OR coalesce(sum(revenue), 0) + d_revenue <> 0 OR coalesce(sum(expense), 0) + d_expense <> 0;
$fn$;
--> statement-breakpoint
CREATE FUNCTION operation_member_totals_add(org uuid, p_member uuid, p_status text, p_vouchers int, p_drafts int, p_unsent int, p_expenses int, p_unpaid int,
                                            dn int, d_revenue bigint, d_expense bigint) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  WITH gone AS (
    DELETE FROM operation_member_totals WHERE id IN (
      SELECT id FROM operation_member_totals
      WHERE organization_id = org AND member_id = p_member AND status = p_status AND voucher_count = p_vouchers AND draft_count = p_drafts
        AND unsent_count = p_unsent AND expense_count = p_expenses AND unpaid_count = p_unpaid
      FOR UPDATE SKIP LOCKED)
    RETURNING n, revenue, expense)
  INSERT INTO operation_member_totals (organization_id, member_id, status, voucher_count, draft_count, unsent_count, expense_count, unpaid_count, n, revenue, expense)
  SELECT org, p_member, p_status, p_vouchers, p_drafts, p_unsent, p_expenses, p_unpaid,
         coalesce(sum(n), 0) + dn, coalesce(sum(revenue), 0) + d_revenue, coalesce(sum(expense), 0) + d_expense FROM gone
  HAVING coalesce(sum(n), 0) + dn <> 0 OR coalesce(sum(revenue), 0) + d_revenue <> 0 OR coalesce(sum(expense), 0) + d_expense <> 0;
$fn$;
--> statement-breakpoint
CREATE FUNCTION vendor_transaction_totals_add(org uuid, p_vendor uuid, p_month date, p_direction text, p_status text, dn int, d_amount bigint) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  WITH gone AS (
    DELETE FROM vendor_transaction_totals WHERE id IN (
      SELECT id FROM vendor_transaction_totals
      WHERE vendor_id = p_vendor AND month = p_month AND direction = p_direction AND status = p_status
      FOR UPDATE SKIP LOCKED)
    RETURNING n, amount)
  INSERT INTO vendor_transaction_totals (organization_id, vendor_id, month, direction, status, n, amount)
  SELECT org, p_vendor, p_month, p_direction, p_status, coalesce(sum(n), 0) + dn, coalesce(sum(amount), 0) + d_amount FROM gone
  HAVING coalesce(sum(n), 0) + dn <> 0 OR coalesce(sum(amount), 0) + d_amount <> 0;
$fn$;
--> statement-breakpoint
CREATE FUNCTION expense_totals_add(org uuid, p_month date, p_category text, p_method text, dn int) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  WITH gone AS (
    DELETE FROM expense_totals WHERE id IN (
      SELECT id FROM expense_totals
      WHERE organization_id = org AND month = p_month AND category = p_category AND payment_method = p_method
      FOR UPDATE SKIP LOCKED)
    RETURNING n)
  INSERT INTO expense_totals (organization_id, month, category, payment_method, n)
  SELECT org, p_month, p_category, p_method, coalesce(sum(n), 0) + dn FROM gone
  HAVING coalesce(sum(n), 0) + dn <> 0;
$fn$;
--> statement-breakpoint

-- ---------- what each row adds: the triggers ----------
-- A row deleted with its organization (the only deletion these tables allow) takes its totals
-- along by the cascade: nothing to subtract, and nothing may be written for an organization going.

CREATE FUNCTION booking_totals_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
      RETURN NULL;
    END IF;
    PERFORM booking_totals_add(OLD.organization_id, date_trunc('month', OLD.departure)::date, OLD.status, OLD.tour_type, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM booking_totals_add(NEW.organization_id, date_trunc('month', NEW.departure)::date, NEW.status, NEW.tour_type, 1);
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER bookings_totals AFTER INSERT OR DELETE ON bookings FOR EACH ROW EXECUTE FUNCTION booking_totals_track();
--> statement-breakpoint
CREATE TRIGGER bookings_totals_update AFTER UPDATE OF status, departure, tour_type ON bookings FOR EACH ROW
  WHEN ((OLD.status, OLD.departure, OLD.tour_type) IS DISTINCT FROM (NEW.status, NEW.departure, NEW.tour_type))
  EXECUTE FUNCTION booking_totals_track();
--> statement-breakpoint

CREATE FUNCTION receipt_totals_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
      RETURN NULL;
    END IF;
    PERFORM receipt_totals_add(OLD.organization_id, date_trunc('month', OLD.paid_on)::date, OLD.status, OLD.payment_method, -1, -OLD.amount);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM receipt_totals_add(NEW.organization_id, date_trunc('month', NEW.paid_on)::date, NEW.status, NEW.payment_method, 1, NEW.amount);
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER booking_payments_totals AFTER INSERT OR DELETE ON booking_payments FOR EACH ROW EXECUTE FUNCTION receipt_totals_track();
--> statement-breakpoint
CREATE TRIGGER booking_payments_totals_update AFTER UPDATE OF status, paid_on, payment_method, amount ON booking_payments FOR EACH ROW
  WHEN ((OLD.status, OLD.paid_on, OLD.payment_method, OLD.amount) IS DISTINCT FROM (NEW.status, NEW.paid_on, NEW.payment_method, NEW.amount))
  EXECUTE FUNCTION receipt_totals_track();
--> statement-breakpoint

-- An invoice's share: its total, what its booking paid of it, settled when the booking owes nothing
-- (the status rule of server/bookings/invoices.ts). It moves when its booking's payments or total do.
CREATE FUNCTION invoice_totals_apply(inv booking_invoices, grand_total bigint, paid_amount bigint, sgn int) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  SELECT invoice_totals_add(inv.organization_id, date_trunc('month', inv.issued_on)::date, date_trunc('month', inv.due_date)::date,
                            grand_total - paid_amount <= 0, sgn, sgn * inv.total, sgn * least(paid_amount, inv.total));
$fn$;
--> statement-breakpoint
CREATE FUNCTION invoice_totals_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  b record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
      RETURN NULL;
    END IF;
    SELECT grand_total, paid_amount INTO b FROM bookings WHERE id = OLD.booking_id;
    PERFORM invoice_totals_apply(OLD, b.grand_total, b.paid_amount, -1);
  ELSE
    SELECT grand_total, paid_amount INTO b FROM bookings WHERE id = NEW.booking_id;
    PERFORM invoice_totals_apply(NEW, b.grand_total, b.paid_amount, 1);
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER booking_invoices_totals AFTER INSERT OR DELETE ON booking_invoices FOR EACH ROW EXECUTE FUNCTION invoice_totals_track();
--> statement-breakpoint
CREATE FUNCTION invoice_totals_booking_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  inv booking_invoices;
BEGIN
  SELECT * INTO inv FROM booking_invoices WHERE booking_id = NEW.id;
  IF FOUND THEN
    PERFORM invoice_totals_apply(inv, OLD.grand_total, OLD.paid_amount, -1);
    PERFORM invoice_totals_apply(inv, NEW.grand_total, NEW.paid_amount, 1);
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER bookings_invoice_totals AFTER UPDATE OF paid_amount, grand_total ON bookings FOR EACH ROW
  WHEN ((OLD.paid_amount, OLD.grand_total) IS DISTINCT FROM (NEW.paid_amount, NEW.grand_total))
  EXECUTE FUNCTION invoice_totals_booking_changed();
--> statement-breakpoint

-- An operation carries its trip's dates and seller (the board's order, "needs me" and totals read them
-- on the operation): its booking's, whatever was written, and again whenever the booking's change.
CREATE FUNCTION operation_booking_take() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  SELECT departure, arrival, converted_by INTO NEW.departure, NEW.arrival, NEW.converted_by FROM bookings WHERE id = NEW.booking_id;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER booking_operations_booking BEFORE INSERT OR UPDATE OF booking_id, departure, arrival, converted_by ON booking_operations
  FOR EACH ROW EXECUTE FUNCTION operation_booking_take();
--> statement-breakpoint
CREATE FUNCTION operation_booking_follow() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  UPDATE booking_operations SET departure = NEW.departure, arrival = NEW.arrival, converted_by = NEW.converted_by WHERE booking_id = NEW.id;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER bookings_operation_follow AFTER UPDATE OF departure, arrival, converted_by ON bookings FOR EACH ROW
  WHEN ((OLD.departure, OLD.arrival, OLD.converted_by) IS DISTINCT FROM (NEW.departure, NEW.arrival, NEW.converted_by))
  EXECUTE FUNCTION operation_booking_follow();
--> statement-breakpoint

-- An operation's share, by its departure month, and for each of its members (who took it in hand,
-- who sold it; once when they are the same): the counts by their sign only.
CREATE FUNCTION operation_totals_apply(op booking_operations, sgn int) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  v int := (op.voucher_count > 0)::int;
  d int := (op.draft_count > 0)::int;
  u int := (op.unsent_count > 0)::int;
  e int := (op.expense_count > 0)::int;
  p int := (op.unpaid_count > 0)::int;
  expense bigint := op.vouchers_cost + op.expenses_cost;
BEGIN
  PERFORM operation_totals_add(op.organization_id, date_trunc('month', op.departure)::date, op.status, v, d, u, e, p, sgn, sgn * op.revenue, sgn * expense);
  IF op.assigned_to IS NOT NULL THEN
    PERFORM operation_member_totals_add(op.organization_id, op.assigned_to, op.status, v, d, u, e, p, sgn, sgn * op.revenue, sgn * expense);
  END IF;
  IF op.converted_by IS NOT NULL AND op.converted_by IS DISTINCT FROM op.assigned_to THEN
    PERFORM operation_member_totals_add(op.organization_id, op.converted_by, op.status, v, d, u, e, p, sgn, sgn * op.revenue, sgn * expense);
  END IF;
END $fn$;
--> statement-breakpoint
CREATE FUNCTION operation_totals_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM operation_totals_apply(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM operation_totals_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER booking_operations_totals AFTER INSERT OR DELETE ON booking_operations FOR EACH ROW EXECUTE FUNCTION operation_totals_track();
--> statement-breakpoint
CREATE TRIGGER booking_operations_totals_update AFTER UPDATE ON booking_operations FOR EACH ROW
  WHEN ((OLD.status, OLD.revenue, OLD.vouchers_cost + OLD.expenses_cost, OLD.assigned_to, OLD.converted_by, date_trunc('month', OLD.departure),
         OLD.voucher_count > 0, OLD.draft_count > 0, OLD.unsent_count > 0, OLD.expense_count > 0, OLD.unpaid_count > 0)
        IS DISTINCT FROM
        (NEW.status, NEW.revenue, NEW.vouchers_cost + NEW.expenses_cost, NEW.assigned_to, NEW.converted_by, date_trunc('month', NEW.departure),
         NEW.voucher_count > 0, NEW.draft_count > 0, NEW.unsent_count > 0, NEW.expense_count > 0, NEW.unpaid_count > 0))
  EXECUTE FUNCTION operation_totals_track();
--> statement-breakpoint

CREATE FUNCTION vendor_transaction_totals_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
      RETURN NULL;
    END IF;
    PERFORM vendor_transaction_totals_add(OLD.organization_id, OLD.vendor_id, date_trunc('month', OLD.date)::date, OLD.direction, OLD.status, -1, -OLD.amount);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM vendor_transaction_totals_add(NEW.organization_id, NEW.vendor_id, date_trunc('month', NEW.date)::date, NEW.direction, NEW.status, 1, NEW.amount);
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER vendor_transactions_totals AFTER INSERT OR DELETE ON vendor_transactions FOR EACH ROW EXECUTE FUNCTION vendor_transaction_totals_track();
--> statement-breakpoint
CREATE TRIGGER vendor_transactions_totals_update AFTER UPDATE OF vendor_id, date, direction, status, amount ON vendor_transactions FOR EACH ROW
  WHEN ((OLD.vendor_id, OLD.date, OLD.direction, OLD.status, OLD.amount) IS DISTINCT FROM (NEW.vendor_id, NEW.date, NEW.direction, NEW.status, NEW.amount))
  EXECUTE FUNCTION vendor_transaction_totals_track();
--> statement-breakpoint

CREATE FUNCTION expense_totals_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
      RETURN NULL;
    END IF;
    PERFORM expense_totals_add(OLD.organization_id, date_trunc('month', OLD.date)::date, OLD.category, OLD.payment_method, -1);
  ELSE
    PERFORM expense_totals_add(NEW.organization_id, date_trunc('month', NEW.date)::date, NEW.category, NEW.payment_method, 1);
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER expenses_totals AFTER INSERT OR DELETE ON expenses FOR EACH ROW EXECUTE FUNCTION expense_totals_track();
--> statement-breakpoint

-- ---------- the recount ----------
-- An organization's totals counted again from its rows: for the rows there before these triggers,
-- and for rows written with triggers off (the bench's bulk seed). Not the tenant's to call.
CREATE FUNCTION list_totals_recount(org uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  DELETE FROM booking_totals WHERE organization_id = org;
  INSERT INTO booking_totals (organization_id, departure_month, status, tour_type, n)
  SELECT organization_id, date_trunc('month', departure)::date, status, tour_type, count(*)
  FROM bookings WHERE organization_id = org GROUP BY 1, 2, 3, 4;

  DELETE FROM receipt_totals WHERE organization_id = org;
  INSERT INTO receipt_totals (organization_id, month, status, payment_method, n, amount)
  SELECT organization_id, date_trunc('month', paid_on)::date, status, payment_method, count(*), sum(amount)
  FROM booking_payments WHERE organization_id = org GROUP BY 1, 2, 3, 4;

  DELETE FROM invoice_totals WHERE organization_id = org;
  INSERT INTO invoice_totals (organization_id, issued_month, due_month, settled, n, total, paid)
  SELECT i.organization_id, date_trunc('month', i.issued_on)::date, date_trunc('month', i.due_date)::date, b.grand_total - b.paid_amount <= 0,
         count(*), sum(i.total), sum(least(b.paid_amount, i.total))
  FROM booking_invoices i JOIN bookings b ON b.id = i.booking_id WHERE i.organization_id = org GROUP BY 1, 2, 3, 4;

  DELETE FROM operation_totals WHERE organization_id = org;
  INSERT INTO operation_totals (organization_id, departure_month, status, voucher_count, draft_count, unsent_count, expense_count, unpaid_count, n, revenue, expense)
  SELECT o.organization_id, date_trunc('month', o.departure)::date, o.status, (o.voucher_count > 0)::int, (o.draft_count > 0)::int, (o.unsent_count > 0)::int,
         (o.expense_count > 0)::int, (o.unpaid_count > 0)::int, count(*), sum(o.revenue), sum(o.vouchers_cost + o.expenses_cost)
  FROM booking_operations o WHERE o.organization_id = org GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;

  DELETE FROM operation_member_totals WHERE organization_id = org;
  INSERT INTO operation_member_totals (organization_id, member_id, status, voucher_count, draft_count, unsent_count, expense_count, unpaid_count, n, revenue, expense)
  SELECT o.organization_id, m.member_id, o.status, (o.voucher_count > 0)::int, (o.draft_count > 0)::int, (o.unsent_count > 0)::int,
         (o.expense_count > 0)::int, (o.unpaid_count > 0)::int, count(*), sum(o.revenue), sum(o.vouchers_cost + o.expenses_cost)
  FROM booking_operations o
  CROSS JOIN LATERAL (SELECT DISTINCT x AS member_id FROM unnest(array[o.assigned_to, o.converted_by]) x WHERE x IS NOT NULL) m
  WHERE o.organization_id = org GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;

  DELETE FROM vendor_transaction_totals WHERE organization_id = org;
  INSERT INTO vendor_transaction_totals (organization_id, vendor_id, month, direction, status, n, amount)
  SELECT organization_id, vendor_id, date_trunc('month', date)::date, direction, status, count(*), sum(amount)
  FROM vendor_transactions WHERE organization_id = org GROUP BY 1, 2, 3, 4, 5;

  DELETE FROM expense_totals WHERE organization_id = org;
  INSERT INTO expense_totals (organization_id, month, category, payment_method, n)
  SELECT organization_id, date_trunc('month', date)::date, category, payment_method, count(*)
  FROM expenses WHERE organization_id = org GROUP BY 1, 2, 3, 4;
END $fn$;
--> statement-breakpoint
-- The folds run as the tables' owner for the triggers; no one else calls them.
REVOKE ALL ON FUNCTION list_totals_recount(uuid), booking_totals_add(uuid, date, text, text, int), receipt_totals_add(uuid, date, text, text, int, bigint),
  invoice_totals_add(uuid, date, date, boolean, int, bigint, bigint), invoice_totals_apply(booking_invoices, bigint, bigint, int),
  operation_totals_add(uuid, date, text, int, int, int, int, int, int, bigint, bigint), operation_member_totals_add(uuid, uuid, text, int, int, int, int, int, int, bigint, bigint),
  operation_totals_apply(booking_operations, int), vendor_transaction_totals_add(uuid, uuid, date, text, text, int, bigint),
  expense_totals_add(uuid, date, text, text, int) FROM public;
--> statement-breakpoint
SELECT list_totals_recount(id) FROM organizations;
