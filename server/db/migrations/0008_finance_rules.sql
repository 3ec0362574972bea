-- The money kit's rules that Drizzle cannot express (docs/finance.md). The database holds them,
-- so no code path, and no raw SQL, can break them.

-- The chart of accounts every organization has. Idempotent: a later migration that adds an
-- account replaces this function and calls it again for every organization.
-- Keep in step with CHART_OF_ACCOUNTS in src/api/finance/contract.ts (tests/api/finance.test.ts compares them).
CREATE FUNCTION create_chart_of_accounts(org uuid) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  INSERT INTO accounts (organization_id, key, code, type, normal_side, payment_method)
  SELECT org, a.key, a.code, a.type, a.side, a.method FROM (VALUES
    ('money:cash',          '1010', 'asset',     'debit',  'cash'),
    ('money:bank-transfer', '1020', 'asset',     'debit',  'bank-transfer'),
    ('money:card',          '1030', 'asset',     'debit',  'card'),
    ('money:cheque',        '1040', 'asset',     'debit',  'cheque'),
    ('money:online',        '1050', 'asset',     'debit',  'online'),
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
CREATE FUNCTION organizations_chart() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  PERFORM create_chart_of_accounts(NEW.id);
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER organizations_chart AFTER INSERT ON organizations FOR EACH ROW EXECUTE FUNCTION organizations_chart();
--> statement-breakpoint
SELECT create_chart_of_accounts(id) FROM organizations;
--> statement-breakpoint

-- Every entry, at commit: at least two lines, debits equal to credits, every line in the entry's
-- currency. A constraint trigger deferred to commit, so an entry is written line by line inside
-- its transaction and judged whole. SECURITY DEFINER: it sees every line of the entry whatever
-- the caller's row-level security.
CREATE FUNCTION journal_entry_balanced() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  entry uuid;
  entry_currency text;
  lines integer;
  debits numeric;
  credits numeric;
  other_currency integer;
BEGIN
  IF TG_TABLE_NAME = 'journal_entries' THEN
    entry := NEW.id;
  ELSE
    entry := NEW.entry_id;
  END IF;
  SELECT currency INTO entry_currency FROM journal_entries WHERE id = entry;
  SELECT count(*), coalesce(sum(debit), 0), coalesce(sum(credit), 0), count(*) FILTER (WHERE currency <> entry_currency)
    INTO lines, debits, credits, other_currency
    FROM journal_lines WHERE entry_id = entry;
  IF lines < 2 THEN
    RAISE EXCEPTION 'journal entry % has % line(s); an entry needs at least two', entry, lines
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_balanced';
  END IF;
  IF debits <> credits THEN
    RAISE EXCEPTION 'journal entry % is unbalanced: debits % <> credits %', entry, debits, credits
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_balanced';
  END IF;
  IF other_currency > 0 THEN
    RAISE EXCEPTION 'journal entry % mixes currencies: every line must be in %', entry, entry_currency
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_balanced';
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced();
--> statement-breakpoint

-- A reversal undoes an entry once (the unique index on reverses_entry_id); a reversal itself is
-- not reversed again (post the movement anew instead).
CREATE FUNCTION journal_reversal_check() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF NEW.reverses_entry_id IS NOT NULL
     AND EXISTS (SELECT 1 FROM journal_entries WHERE id = NEW.reverses_entry_id AND reverses_entry_id IS NOT NULL) THEN
    RAISE EXCEPTION 'journal entry % is itself a reversal and cannot be reversed', NEW.reverses_entry_id
      USING ERRCODE = '23514', CONSTRAINT = 'journal_reversal_of_reversal';
  END IF;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_reversal BEFORE INSERT ON journal_entries FOR EACH ROW EXECUTE FUNCTION journal_reversal_check();
--> statement-breakpoint

-- Posted books never change: UPDATE, DELETE and TRUNCATE are refused on entries, lines and the
-- receipts that point at them. The one exception is an organization being deleted: its rows go
-- with it (the cascade runs after the organization row is gone).
CREATE FUNCTION journal_immutable() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION '% on % is refused: posted entries never change; post a reversing entry instead', TG_OP, TG_TABLE_NAME
    USING ERRCODE = '55000';
END $fn$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_immutable BEFORE UPDATE OR DELETE ON journal_entries FOR EACH ROW EXECUTE FUNCTION journal_immutable();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries FOR EACH STATEMENT EXECUTE FUNCTION journal_immutable();
--> statement-breakpoint
CREATE TRIGGER journal_lines_immutable BEFORE UPDATE OR DELETE ON journal_lines FOR EACH ROW EXECUTE FUNCTION journal_immutable();
--> statement-breakpoint
CREATE TRIGGER journal_lines_no_truncate BEFORE TRUNCATE ON journal_lines FOR EACH STATEMENT EXECUTE FUNCTION journal_immutable();
--> statement-breakpoint
CREATE TRIGGER other_incomes_immutable BEFORE UPDATE OR DELETE ON other_incomes FOR EACH ROW EXECUTE FUNCTION journal_immutable();
--> statement-breakpoint
CREATE TRIGGER other_incomes_no_truncate BEFORE TRUNCATE ON other_incomes FOR EACH STATEMENT EXECUTE FUNCTION journal_immutable();
