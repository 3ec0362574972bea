-- The ledger's rules an independent audit found missing (issue 28, "Ledger first"). Each is the
-- database's, so no code path and no raw SQL by the application's role can break it.

-- Two accounts for revenue recognised when a trip completes (docs/finance.md): what a customer still
-- owes for a completed trip, and what was paid to vendors for a trip not yet completed.
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

-- An account is what the chart says it is: its key, code, type and normal side never change.
CREATE FUNCTION accounts_immutable() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% on accounts is refused: the chart of accounts never changes', TG_OP USING ERRCODE = '55000';
END $fn$;
--> statement-breakpoint
CREATE TRIGGER accounts_immutable BEFORE UPDATE OR DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION accounts_immutable();
--> statement-breakpoint

-- An entry's lines are written with it, in the transaction that posts it, or never: a line added
-- to an entry posted earlier (even a balanced pair) is refused, so a closed month cannot change.
CREATE FUNCTION journal_lines_with_entry() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM journal_entries WHERE id = NEW.entry_id AND tx_id = pg_current_xact_id()) THEN
    RAISE EXCEPTION 'journal entry % was posted by another transaction: its lines are written with it, never later', NEW.entry_id
      USING ERRCODE = '23514', CONSTRAINT = 'journal_lines_with_entry';
  END IF;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_with_entry BEFORE INSERT ON journal_lines FOR EACH ROW EXECUTE FUNCTION journal_lines_with_entry();
--> statement-breakpoint

-- Closed periods: nothing is posted on or before the organization's lock date.
CREATE FUNCTION journal_period_open() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  locked date;
BEGIN
  SELECT books_locked_through INTO locked FROM organizations WHERE id = NEW.organization_id;
  IF locked IS NOT NULL AND NEW.date <= locked THEN
    RAISE EXCEPTION 'the books are closed through %: nothing is posted on %', locked, NEW.date
      USING ERRCODE = '23514', CONSTRAINT = 'journal_period_locked';
  END IF;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_period_open BEFORE INSERT ON journal_entries FOR EACH ROW EXECUTE FUNCTION journal_period_open();
--> statement-breakpoint

-- The organization's currency is fixed once money has been recorded in it: any row of a table that
-- carries a currency (journal, bookings, payments, tours' prices, vouchers…). Found from the
-- catalog, so a money table added later is covered without anyone remembering.
CREATE FUNCTION organization_currency_fixed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  t record;
  used boolean;
BEGIN
  IF NEW.currency IS NOT DISTINCT FROM OLD.currency THEN
    RETURN NEW;
  END IF;
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'currency' AND NOT a.attisdropped)
      AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped)
    ORDER BY c.relname
  LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE organization_id = $1)', t.relname) INTO used USING OLD.id;
    IF used THEN
      RAISE EXCEPTION 'the currency is fixed: % holds amounts in %', t.relname, OLD.currency
        USING ERRCODE = '23514', CONSTRAINT = 'organizations_currency_fixed';
    END IF;
  END LOOP;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER organizations_currency_fixed BEFORE UPDATE OF currency ON organizations FOR EACH ROW EXECUTE FUNCTION organization_currency_fixed();
--> statement-breakpoint

-- Document numbers are issued by this function only (the application's role may not write the
-- series): the series row is advanced under its lock, held to commit, and the number is recorded
-- in document_numbers, whose key refuses a number issued twice whatever happened to the series.
CREATE FUNCTION next_document_number(p_doc_type text, p_year int) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  org uuid := nullif(current_setting('app.org_id', true), '')::uuid;
  n int;
  prefix text;
  issued text;
BEGIN
  IF org IS NULL THEN
    RAISE EXCEPTION 'next_document_number needs a tenant transaction (app.org_id is not set)';
  END IF;
  prefix := CASE p_doc_type
    WHEN 'receipt' THEN 'RCT'
    WHEN 'voucher' THEN 'VCH'
    WHEN 'credit-note' THEN 'CN'
    WHEN 'invoice' THEN (SELECT invoice_prefix FROM organizations WHERE id = org)
  END;
  IF prefix IS NULL THEN
    RAISE EXCEPTION 'no number series for %', p_doc_type;
  END IF;
  INSERT INTO number_series (organization_id, doc_type, year, last) VALUES (org, p_doc_type, p_year, 1)
  ON CONFLICT (organization_id, doc_type, year) DO UPDATE SET last = number_series.last + 1
  RETURNING last INTO n;
  issued := prefix || '-' || p_year || '-' || lpad(n::text, 4, '0');
  INSERT INTO document_numbers (organization_id, doc_type, number) VALUES (org, p_doc_type, issued);
  RETURN issued;
END $fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION next_document_number(text, int) FROM public;
--> statement-breakpoint
-- The numbers issued before.
INSERT INTO document_numbers (organization_id, doc_type, number)
SELECT organization_id, 'receipt', receipt_number FROM booking_payments WHERE receipt_number IS NOT NULL
UNION ALL SELECT organization_id, 'receipt', number FROM other_incomes
UNION ALL SELECT organization_id, 'invoice', number FROM booking_invoices
UNION ALL SELECT organization_id, 'voucher', number FROM vouchers WHERE number IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Issued numbers never change or disappear (an organization being deleted aside).
CREATE TRIGGER document_numbers_immutable BEFORE UPDATE OR DELETE ON document_numbers FOR EACH ROW EXECUTE FUNCTION journal_immutable();
--> statement-breakpoint
CREATE TRIGGER document_numbers_no_truncate BEFORE TRUNCATE ON document_numbers FOR EACH STATEMENT EXECUTE FUNCTION journal_immutable();
--> statement-breakpoint
-- Each move of the lock date is kept as it was made.
CREATE TRIGGER period_locks_immutable BEFORE UPDATE OR DELETE ON period_locks FOR EACH ROW EXECUTE FUNCTION journal_immutable();
--> statement-breakpoint
-- A vendor transaction is a fact of money paid or received: never rewritten (what a vendor is
-- owed or gave back is a new transaction).
CREATE TRIGGER vendor_transactions_immutable BEFORE UPDATE OR DELETE ON vendor_transactions FOR EACH ROW EXECUTE FUNCTION journal_immutable();
--> statement-breakpoint
-- A voucher's cost is what the vendor confirmed: it changes only while the voucher is a draft.
CREATE FUNCTION voucher_cost_fixed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF NEW.cost IS DISTINCT FROM OLD.cost AND OLD.status <> 'draft' THEN
    RAISE EXCEPTION 'voucher % is %: its cost is fixed', OLD.id, OLD.status
      USING ERRCODE = '23514', CONSTRAINT = 'vouchers_cost_fixed';
  END IF;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER vouchers_cost_fixed BEFORE UPDATE OF cost ON vouchers FOR EACH ROW EXECUTE FUNCTION voucher_cost_fixed();
