-- The bookings' money rules that Drizzle cannot express (docs/bookings.md). The database holds
-- them, so no code path, and no raw SQL, can break them.

-- A plan sums to its booking's grand total, judged at commit (a plan is written row by row).
CREATE FUNCTION booking_plan_balanced() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  booking uuid;
  total bigint;
  planned numeric;
BEGIN
  IF TG_TABLE_NAME = 'bookings' THEN
    booking := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    booking := OLD.booking_id;
  ELSE
    booking := NEW.booking_id;
  END IF;
  SELECT grand_total INTO total FROM bookings WHERE id = booking;
  IF NOT FOUND THEN
    RETURN NULL; -- the booking went with its organization
  END IF;
  SELECT coalesce(sum(amount), 0) INTO planned FROM booking_installments WHERE booking_id = booking;
  IF planned <> total THEN
    RAISE EXCEPTION 'booking %: the installments sum to %, the grand total is %', booking, planned, total
      USING ERRCODE = '23514', CONSTRAINT = 'booking_plan_balanced';
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bookings_plan_balanced AFTER INSERT OR UPDATE OF grand_total ON bookings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION booking_plan_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER booking_installments_plan_balanced AFTER INSERT OR UPDATE OR DELETE ON booking_installments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION booking_plan_balanced();
--> statement-breakpoint

-- An allocation pays an installment of the payment's own booking, and moves the sums the derived
-- statuses are read from: the installment's and the booking's paid amounts. Their CHECKs refuse an
-- installment paid beyond its amount and a booking paid beyond its total.
CREATE FUNCTION payment_allocation_apply() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  paid_booking uuid;
  owed_booking uuid;
BEGIN
  SELECT booking_id INTO paid_booking FROM booking_payments WHERE id = NEW.payment_id;
  SELECT booking_id INTO owed_booking FROM booking_installments WHERE id = NEW.installment_id;
  IF paid_booking IS DISTINCT FROM owed_booking THEN
    RAISE EXCEPTION 'payment % cannot pay an installment of another booking', NEW.payment_id
      USING ERRCODE = '23514', CONSTRAINT = 'payment_allocation_same_booking';
  END IF;
  UPDATE booking_installments SET paid_amount = paid_amount + NEW.amount WHERE id = NEW.installment_id;
  UPDATE bookings SET paid_amount = paid_amount + NEW.amount WHERE id = owed_booking;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER payment_allocations_apply AFTER INSERT ON payment_allocations FOR EACH ROW EXECUTE FUNCTION payment_allocation_apply();
--> statement-breakpoint

-- At commit: a verified payment is allocated exactly, and only a verified payment is allocated.
CREATE FUNCTION payment_allocated() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  payment uuid;
  payment_status text;
  payment_amount bigint;
  allocated numeric;
BEGIN
  IF TG_TABLE_NAME = 'booking_payments' THEN
    payment := NEW.id;
  ELSE
    payment := NEW.payment_id;
  END IF;
  SELECT status, amount INTO payment_status, payment_amount FROM booking_payments WHERE id = payment;
  SELECT coalesce(sum(amount), 0) INTO allocated FROM payment_allocations WHERE payment_id = payment;
  IF (payment_status = 'verified' AND allocated <> payment_amount) OR (payment_status <> 'verified' AND allocated <> 0) THEN
    RAISE EXCEPTION 'payment % (%) of % is allocated %', payment, payment_status, payment_amount, allocated
      USING ERRCODE = '23514', CONSTRAINT = 'payment_allocated';
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER booking_payments_allocated AFTER UPDATE OF status ON booking_payments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payment_allocated();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payment_allocations_allocated AFTER INSERT ON payment_allocations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payment_allocated();
--> statement-breakpoint

-- A payment changes once, from submitted to verified or failed, and only its decision with it;
-- money recorded never disappears (an organization being deleted aside).
CREATE FUNCTION booking_payment_guard() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'a payment is never deleted' USING ERRCODE = '55000';
  END IF;
  IF OLD.status <> 'submitted' OR NEW.status NOT IN ('verified', 'failed')
     OR (NEW.booking_id, NEW.amount, NEW.currency, NEW.payment_method, NEW.paid_on, NEW.created_at)
        IS DISTINCT FROM (OLD.booking_id, OLD.amount, OLD.currency, OLD.payment_method, OLD.paid_on, OLD.created_at) THEN
    RAISE EXCEPTION 'a % payment cannot become %, nor change its amount, method or date', OLD.status, NEW.status USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER booking_payments_guard BEFORE UPDATE OR DELETE ON booking_payments FOR EACH ROW EXECUTE FUNCTION booking_payment_guard();
--> statement-breakpoint

-- Allocations and issued invoices never change or disappear (an organization being deleted aside):
-- an invoice is corrected by a credit note, a payment by a refund.
CREATE FUNCTION booking_record_immutable() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION '% on % is refused: it never changes once written', TG_OP, TG_TABLE_NAME USING ERRCODE = '55000';
END $fn$;
--> statement-breakpoint
CREATE TRIGGER payment_allocations_immutable BEFORE UPDATE OR DELETE ON payment_allocations FOR EACH ROW EXECUTE FUNCTION booking_record_immutable();
--> statement-breakpoint
CREATE TRIGGER payment_allocations_no_truncate BEFORE TRUNCATE ON payment_allocations FOR EACH STATEMENT EXECUTE FUNCTION booking_record_immutable();
--> statement-breakpoint
CREATE TRIGGER booking_invoices_immutable BEFORE UPDATE OR DELETE ON booking_invoices FOR EACH ROW EXECUTE FUNCTION booking_record_immutable();
--> statement-breakpoint
CREATE TRIGGER booking_invoices_no_truncate BEFORE TRUNCATE ON booking_invoices FOR EACH STATEMENT EXECUTE FUNCTION booking_record_immutable();
--> statement-breakpoint

-- The paid sums have one writer, the allocation trigger above: a direct change is refused.
CREATE FUNCTION booking_paid_amount_guard() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.paid_amount IS DISTINCT FROM OLD.paid_amount AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'paid_amount of % is kept from the allocations; it is not written directly', TG_TABLE_NAME USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER bookings_paid_amount_guard BEFORE UPDATE OF paid_amount ON bookings FOR EACH ROW EXECUTE FUNCTION booking_paid_amount_guard();
--> statement-breakpoint
CREATE TRIGGER booking_installments_paid_amount_guard BEFORE UPDATE OF paid_amount ON booking_installments FOR EACH ROW EXECUTE FUNCTION booking_paid_amount_guard();
--> statement-breakpoint
CREATE FUNCTION booking_paid_amount_start() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.paid_amount <> 0 THEN
    RAISE EXCEPTION 'paid_amount of % starts at 0; allocations move it', TG_TABLE_NAME USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER bookings_paid_amount_start BEFORE INSERT ON bookings FOR EACH ROW EXECUTE FUNCTION booking_paid_amount_start();
--> statement-breakpoint
CREATE TRIGGER booking_installments_paid_amount_start BEFORE INSERT ON booking_installments FOR EACH ROW EXECUTE FUNCTION booking_paid_amount_start();
