-- A booking's travellers still to name (`bookings.travellers_to_name`, docs/work-queue.md): those
-- listed without a name and those not listed of its pax, as bookingContext counts them for the
-- booking machine's VERIFY guard. Kept by the database in the transaction that writes the
-- travellers or the pax, so the work queue's bookings to verify are a range on one small index
-- (bookings_to_verify_idx) instead of every booking awaiting verification counted per request.
CREATE FUNCTION booking_travellers_to_name(p_booking uuid, p_pax int) RETURNS int
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $fn$
  SELECT (count(*) FILTER (WHERE name IS NULL) + greatest(0, p_pax - count(*)))::int FROM booking_travellers WHERE booking_id = p_booking;
$fn$;
--> statement-breakpoint
CREATE FUNCTION booking_travellers_to_name_take() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  NEW.travellers_to_name := booking_travellers_to_name(NEW.id, NEW.pax);
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER bookings_travellers_to_name BEFORE INSERT OR UPDATE OF pax, travellers_to_name ON bookings FOR EACH ROW EXECUTE FUNCTION booking_travellers_to_name_take();
--> statement-breakpoint
CREATE FUNCTION booking_travellers_to_name_track() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE bookings SET travellers_to_name = booking_travellers_to_name(id, pax)
    WHERE id = OLD.booking_id AND travellers_to_name IS DISTINCT FROM booking_travellers_to_name(id, pax);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.booking_id IS DISTINCT FROM OLD.booking_id OR TG_OP = 'UPDATE') THEN
    UPDATE bookings SET travellers_to_name = booking_travellers_to_name(id, pax)
    WHERE id = NEW.booking_id AND travellers_to_name IS DISTINCT FROM booking_travellers_to_name(id, pax);
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER booking_travellers_to_name AFTER INSERT OR DELETE ON booking_travellers FOR EACH ROW EXECUTE FUNCTION booking_travellers_to_name_track();
--> statement-breakpoint
CREATE TRIGGER booking_travellers_to_name_update AFTER UPDATE OF booking_id, name ON booking_travellers FOR EACH ROW
  WHEN ((OLD.booking_id, OLD.name) IS DISTINCT FROM (NEW.booking_id, NEW.name))
  EXECUTE FUNCTION booking_travellers_to_name_track();
--> statement-breakpoint

-- The recount (0039, 0041) also counts the travellers to name of the organization's bookings.
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
REVOKE ALL ON FUNCTION booking_travellers_to_name(uuid, int) FROM public;
--> statement-breakpoint
SELECT work_queue_totals_recount(id) FROM organizations;
