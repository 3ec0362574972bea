-- Cancellations, refunds and credit notes (issue 29; docs/cancellations.md): the rules the database
-- holds whoever writes.

-- What vendors owe back for cancelled trips: an asset until the vendor pays it.
CREATE OR REPLACE FUNCTION create_chart_of_accounts(org uuid) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  INSERT INTO accounts (organization_id, key, code, type, normal_side, payment_method)
  SELECT org, a.key, a.code, a.type, a.side, a.method FROM (VALUES
    ('money:cash',          '1010', 'asset',     'debit',  'cash'),
    ('money:bank-transfer', '1020', 'asset',     'debit',  'bank-transfer'),
    ('money:card',          '1030', 'asset',     'debit',  'card'),
    ('money:cheque',        '1040', 'asset',     'debit',  'cheque'),
    ('money:online',        '1050', 'asset',     'debit',  'online'),
    ('accounts-receivable', '1200', 'asset',     'debit',  NULL),
    ('vendor-prepayments',  '1300', 'asset',     'debit',  NULL),
    ('vendor-refunds-due',  '1310', 'asset',     'debit',  NULL),
    ('customer-deposits',   '2100', 'liability', 'credit', NULL),
    ('credit-notes',        '2200', 'liability', 'credit', NULL),
    ('opening-balance',     '3000', 'equity',    'credit', NULL),
    ('tour-revenue',        '4100', 'income',    'credit', NULL),
    ('cancellation-income', '4200', 'income',    'credit', NULL),
    ('other-income',        '4900', 'income',    'credit', NULL),
    ('vendor-costs',        '5100', 'expense',   'debit',  NULL),
    ('expense:rent',        '6100', 'expense',   'debit',  NULL),
    ('expense:utilities',   '6200', 'expense',   'debit',  NULL),
    ('expense:marketing',   '6300', 'expense',   'debit',  NULL),
    ('expense:travel',      '6400', 'expense',   'debit',  NULL),
    ('expense:software',    '6500', 'expense',   'debit',  NULL),
    ('expense:salary',      '6600', 'expense',   'debit',  NULL),
    ('expense:other',       '6700', 'expense',   'debit',  NULL)
  ) AS a(key, code, type, side, method)
  ON CONFLICT (organization_id, key) DO NOTHING;
$fn$;
--> statement-breakpoint
SELECT create_chart_of_accounts(id) FROM organizations;
--> statement-breakpoint

-- A credit note pays only while it is issued and valid on the payment's day, and never beyond what
-- is left: each redemption moves its used amount (the CHECK 0 ≤ used ≤ amount refuses the rest). A
-- use given back (a negative redemption, its booking cancelled) needs no validity.
CREATE FUNCTION credit_note_redemption_apply() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  note record;
BEGIN
  SELECT status, valid_until INTO note FROM credit_notes WHERE id = NEW.credit_note_id FOR UPDATE;
  IF NEW.amount > 0 AND (note.status <> 'issued' OR NEW.date > note.valid_until) THEN
    RAISE EXCEPTION 'credit note % is % (valid until %): it pays nothing on %', NEW.credit_note_id, note.status, note.valid_until, NEW.date
      USING ERRCODE = '23514', CONSTRAINT = 'credit_note_not_usable';
  END IF;
  UPDATE credit_notes SET used_amount = used_amount + NEW.amount WHERE id = NEW.credit_note_id;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER credit_note_redemptions_apply AFTER INSERT ON credit_note_redemptions FOR EACH ROW EXECUTE FUNCTION credit_note_redemption_apply();
--> statement-breakpoint
CREATE TRIGGER credit_note_redemptions_immutable BEFORE UPDATE OR DELETE ON credit_note_redemptions FOR EACH ROW EXECUTE FUNCTION journal_immutable();
--> statement-breakpoint

-- A credit note's amount, number and links never change; what it has paid is its redemptions' sum.
CREATE FUNCTION credit_note_guard() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN RETURN OLD; END IF;
    RAISE EXCEPTION 'a credit note is never deleted' USING ERRCODE = '55000';
  END IF;
  IF (NEW.number, NEW.amount, NEW.currency, NEW.booking_id, NEW.cancellation_id, NEW.issued_on, NEW.valid_until, NEW.entry_id)
     IS DISTINCT FROM (OLD.number, OLD.amount, OLD.currency, OLD.booking_id, OLD.cancellation_id, OLD.issued_on, OLD.valid_until, OLD.entry_id)
     OR (NEW.used_amount <> OLD.used_amount AND pg_trigger_depth() < 2) THEN
    RAISE EXCEPTION 'a credit note keeps its number, amount, validity and entry; what it paid is its redemptions''' USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER credit_notes_guard BEFORE UPDATE OR DELETE ON credit_notes FOR EACH ROW EXECUTE FUNCTION credit_note_guard();
--> statement-breakpoint

-- A refund changes once, from pending to refunded with its day and entry; its amount never.
CREATE FUNCTION refund_guard() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN RETURN OLD; END IF;
    RAISE EXCEPTION 'a refund is never deleted' USING ERRCODE = '55000';
  END IF;
  IF OLD.status <> 'pending' OR (NEW.amount, NEW.payment_method, NEW.booking_id, NEW.cancellation_id, NEW.approved_on) IS DISTINCT FROM (OLD.amount, OLD.payment_method, OLD.booking_id, OLD.cancellation_id, OLD.approved_on) THEN
    RAISE EXCEPTION 'a % refund cannot change, nor its amount or account', OLD.status USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER refunds_guard BEFORE UPDATE OR DELETE ON refunds FOR EACH ROW EXECUTE FUNCTION refund_guard();
--> statement-breakpoint

-- A decided cancellation stays as it was decided.
CREATE FUNCTION booking_cancellation_guard() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN RETURN OLD; END IF;
    RAISE EXCEPTION 'a cancellation is never deleted' USING ERRCODE = '55000';
  END IF;
  IF OLD.status <> 'requested' THEN
    RAISE EXCEPTION 'a % cancellation does not change', OLD.status USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER booking_cancellations_guard BEFORE UPDATE OR DELETE ON booking_cancellations FOR EACH ROW EXECUTE FUNCTION booking_cancellation_guard();
--> statement-breakpoint

-- What a vendor gave back for a voucher: its sum on the voucher, never more than was paid to it.
CREATE FUNCTION vendor_refund_apply() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  UPDATE vouchers SET vendor_refunded = vendor_refunded + NEW.amount, updated_at = now() WHERE id = NEW.voucher_id;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER vendor_refunds_apply AFTER INSERT ON vendor_refunds FOR EACH ROW EXECUTE FUNCTION vendor_refund_apply();
--> statement-breakpoint
CREATE TRIGGER vendor_refunds_immutable BEFORE UPDATE OR DELETE ON vendor_refunds FOR EACH ROW EXECUTE FUNCTION journal_immutable();
--> statement-breakpoint
ALTER TABLE vouchers ADD CONSTRAINT vouchers_vendor_refund_ck CHECK (vendor_refunded BETWEEN 0 AND paid_amount AND vendor_refund_expected BETWEEN 0 AND cost);
--> statement-breakpoint

-- A credit note's booking and a redemption's payment are the organization's own (the tables are in
-- areas below and above each other: the keys are written here, not in their schema.ts).
ALTER TABLE credit_notes ADD CONSTRAINT credit_notes_booking_fk FOREIGN KEY (organization_id, booking_id) REFERENCES bookings (organization_id, id);
--> statement-breakpoint
ALTER TABLE credit_notes ADD CONSTRAINT credit_notes_cancellation_fk FOREIGN KEY (cancellation_id) REFERENCES booking_cancellations (id);
--> statement-breakpoint
-- Deferred: a payment with a credit note is written after the note's use, which names it.
ALTER TABLE credit_note_redemptions ADD CONSTRAINT credit_note_redemptions_payment_fk FOREIGN KEY (organization_id, payment_id) REFERENCES booking_payments (organization_id, id) DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE refunds ADD CONSTRAINT refunds_booking_fk FOREIGN KEY (organization_id, booking_id) REFERENCES bookings (organization_id, id);
--> statement-breakpoint
ALTER TABLE refunds ADD CONSTRAINT refunds_cancellation_fk FOREIGN KEY (cancellation_id) REFERENCES booking_cancellations (id);
