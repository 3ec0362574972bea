-- The month's finance (issue 28): the journal summed as it is written, expenses that never change,
-- and the salaries module for the organizations that exist.

-- Every line adds itself to its account's month and source (ledger_totals): the statement's
-- opening balance and the summary's months read these rows, never every line. Lines are only ever
-- inserted (journal_immutable refuses the rest), so an insert trigger keeps the sums exact.
CREATE FUNCTION ledger_totals_add() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  INSERT INTO ledger_totals AS t (organization_id, account_id, month, source_type, debit, credit, lines)
  SELECT NEW.organization_id, NEW.account_id, date_trunc('month', e.date)::date, e.source_type, NEW.debit, NEW.credit, 1
  FROM journal_entries e WHERE e.id = NEW.entry_id
  ON CONFLICT (organization_id, account_id, month, source_type) DO UPDATE
    SET debit = t.debit + EXCLUDED.debit, credit = t.credit + EXCLUDED.credit, lines = t.lines + 1;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_totals AFTER INSERT ON journal_lines FOR EACH ROW EXECUTE FUNCTION ledger_totals_add();
--> statement-breakpoint
INSERT INTO ledger_totals (organization_id, account_id, month, source_type, debit, credit, lines)
SELECT l.organization_id, l.account_id, date_trunc('month', e.date)::date, e.source_type, sum(l.debit), sum(l.credit), count(*)
FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- The sums are the trigger's alone.
CREATE FUNCTION ledger_totals_guard() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
    RETURN OLD;
  END IF;
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION '% on ledger_totals is refused: the journal keeps them', TG_OP USING ERRCODE = '55000';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER ledger_totals_guard BEFORE UPDATE OR DELETE ON ledger_totals FOR EACH ROW EXECUTE FUNCTION ledger_totals_guard();
--> statement-breakpoint

-- An expense paid is a fact, like its entry: never changed nor deleted (a mistake is reversed).
CREATE TRIGGER expenses_immutable BEFORE UPDATE OR DELETE ON expenses FOR EACH ROW EXECUTE FUNCTION journal_immutable();
--> statement-breakpoint

-- The salaries module, after expenses, for the organizations that exist (new ones get it at setup).
UPDATE modules m SET position = m.position + 1
WHERE m.position > (SELECT e.position FROM modules e WHERE e.organization_id = m.organization_id AND e.key = 'expenses')
  AND NOT EXISTS (SELECT 1 FROM modules s WHERE s.organization_id = m.organization_id AND s.key = 'salaries');
--> statement-breakpoint
INSERT INTO modules (organization_id, key, name, icon, position)
SELECT e.organization_id, 'salaries', 'Salaries', 'pi pi-money-bill', e.position + 1
FROM modules e WHERE e.key = 'expenses'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE expenses ADD CONSTRAINT expenses_vendor_fk FOREIGN KEY (vendor_id) REFERENCES vendors (id);
--> statement-breakpoint
ALTER TABLE recurring_expenses ADD CONSTRAINT recurring_expenses_vendor_fk FOREIGN KEY (vendor_id) REFERENCES vendors (id);
