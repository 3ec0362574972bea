-- The operations' money rules that Drizzle cannot express (docs/operations.md). The database holds
-- them, so no code path, and no raw SQL, can break them.

-- A payment raises what its voucher or expense has been paid; their CHECKs refuse more than the
-- cost. It pays a voucher or expense of its own operation, and never a void voucher.
CREATE FUNCTION operation_payment_apply() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  owner uuid;
  state text;
BEGIN
  IF NEW.voucher_id IS NOT NULL THEN
    UPDATE vouchers SET paid_amount = paid_amount + NEW.amount, updated_at = now()
      WHERE id = NEW.voucher_id RETURNING operation_id, status INTO owner, state;
    IF state = 'void' THEN
      RAISE EXCEPTION 'voucher % is void: it takes no payment', NEW.voucher_id
        USING ERRCODE = '23514', CONSTRAINT = 'operation_payments_not_void';
    END IF;
  ELSE
    UPDATE additional_expenses SET paid_amount = paid_amount + NEW.amount, updated_at = now()
      WHERE id = NEW.expense_id RETURNING operation_id INTO owner;
  END IF;
  IF owner IS DISTINCT FROM NEW.operation_id THEN
    RAISE EXCEPTION 'payment % pays a record of another operation', NEW.id
      USING ERRCODE = '23514', CONSTRAINT = 'operation_payments_same_operation';
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER operation_payments_apply AFTER INSERT ON operation_payments FOR EACH ROW EXECUTE FUNCTION operation_payment_apply();
--> statement-breakpoint

-- Payments are facts: never changed, never deleted (an organization's deletion takes them along).
CREATE FUNCTION operation_payment_immutable() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'an operation payment never changes'
    USING ERRCODE = '23514', CONSTRAINT = 'operation_payments_immutable';
END $fn$;
--> statement-breakpoint
CREATE TRIGGER operation_payments_immutable BEFORE UPDATE OR DELETE ON operation_payments FOR EACH ROW EXECUTE FUNCTION operation_payment_immutable();
--> statement-breakpoint

-- The operation's totals and counts, recomputed from its vouchers and expenses whenever one of
-- them changes (a few rows per operation), in the writing transaction.
CREATE FUNCTION operation_refresh(op uuid) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  UPDATE booking_operations o SET
    vouchers_cost = v.cost,
    expenses_cost = e.cost,
    paid_out = v.paid + e.paid,
    voucher_count = v.counted,
    draft_count = v.drafts,
    unsent_count = v.unsent,
    expense_count = e.counted,
    unpaid_count = v.unpaid + e.unpaid,
    updated_at = now()
  FROM
    (SELECT coalesce(sum(CASE WHEN status = 'void' THEN paid_amount ELSE cost END), 0) AS cost,
            coalesce(sum(paid_amount), 0) AS paid,
            count(*) FILTER (WHERE status <> 'void') AS counted,
            count(*) FILTER (WHERE status = 'draft') AS drafts,
            count(*) FILTER (WHERE status = 'confirmed') AS unsent,
            count(*) FILTER (WHERE status <> 'void' AND paid_amount < cost) AS unpaid
       FROM vouchers WHERE operation_id = op) v,
    (SELECT coalesce(sum(amount), 0) AS cost,
            coalesce(sum(paid_amount), 0) AS paid,
            count(*) AS counted,
            count(*) FILTER (WHERE paid_amount < amount) AS unpaid
       FROM additional_expenses WHERE operation_id = op) e
  WHERE o.id = op;
$fn$;
--> statement-breakpoint
CREATE FUNCTION operation_child_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM operation_refresh(OLD.operation_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.operation_id IS DISTINCT FROM OLD.operation_id) THEN
    PERFORM operation_refresh(NEW.operation_id);
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER vouchers_refresh_operation AFTER INSERT OR UPDATE OR DELETE ON vouchers FOR EACH ROW EXECUTE FUNCTION operation_child_changed();
--> statement-breakpoint
CREATE TRIGGER additional_expenses_refresh_operation AFTER INSERT OR UPDATE OR DELETE ON additional_expenses FOR EACH ROW EXECUTE FUNCTION operation_child_changed();
--> statement-breakpoint

-- The board's seven stats over an organization's operations without a filter on their bookings:
-- read from this index alone (an index-only scan), not from the table.
CREATE INDEX booking_operations_stats_idx ON booking_operations (organization_id, status) INCLUDE (revenue, vouchers_cost, expenses_cost);
