-- An allocation moves its booking once (issue 32, the booking flow): the booking's paid amount and
-- its first open due date (0043's booking_first_open_due_refresh) in one update, before the
-- installment's. The installment's own trigger then finds the booking's first open due date right and
-- does not update the booking again: one new version of the booking's row (and its fifteen index
-- entries) per allocation instead of two. The date is the refresh's rule, with this allocation counted.
CREATE OR REPLACE FUNCTION payment_allocation_apply() RETURNS trigger
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
  UPDATE bookings SET paid_amount = paid_amount + NEW.amount,
    first_open_due = (SELECT min(due_date) FROM booking_installments
                      WHERE booking_id = owed_booking AND paid_amount + CASE WHEN id = NEW.installment_id THEN NEW.amount ELSE 0 END < amount)
  WHERE id = owed_booking;
  UPDATE booking_installments SET paid_amount = paid_amount + NEW.amount WHERE id = NEW.installment_id;
  RETURN NULL;
END $fn$;
