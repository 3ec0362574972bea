-- A money account the organization chose never to let go below zero (organizations.never_below_zero,
-- issue 28): a line taking money out of it (a credit) is refused when the account's balance, on the
-- line's date or any later day, would end below zero. The account's row is locked first (FOR NO KEY
-- UPDATE, which the lines' foreign keys do not wait for), so concurrent payments from one account
-- queue here and each reads the balance the previous one committed: twenty at once against a
-- balance covering some of them leave it at zero or above. Accounts not chosen are never locked.
CREATE FUNCTION money_account_not_negative() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  method text;
  chosen text[];
  currency text;
  on_date date;
  month_start date;
  lowest bigint;
BEGIN
  SELECT a.payment_method INTO method FROM accounts a WHERE a.id = NEW.account_id;
  IF method IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT o.never_below_zero, o.currency INTO chosen, currency FROM organizations o WHERE o.id = NEW.organization_id;
  IF NOT (method = ANY (chosen)) THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM accounts a WHERE a.id = NEW.account_id FOR NO KEY UPDATE;
  -- A new statement, a new snapshot (READ COMMITTED): what the previous holder of the lock committed is counted.
  SELECT e.date INTO on_date FROM journal_entries e WHERE e.id = NEW.entry_id;
  month_start := date_trunc('month', on_date)::date;
  WITH opening AS (
    SELECT coalesce(sum(t.debit - t.credit), 0) AS amount FROM ledger_totals t
    WHERE t.organization_id = NEW.organization_id AND t.account_id = NEW.account_id AND t.month < month_start
  ), days AS (
    SELECT e.date, sum(l.debit - l.credit) AS net
    FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
    WHERE l.organization_id = NEW.organization_id AND l.account_id = NEW.account_id AND e.date >= month_start
    GROUP BY e.date
  ), running AS (
    SELECT d.date, (SELECT amount FROM opening) + sum(d.net) OVER (ORDER BY d.date) AS balance FROM days d
  )
  SELECT min(r.balance) INTO lowest FROM running r WHERE r.date >= on_date;
  IF lowest < 0 THEN
    RAISE EXCEPTION 'the money account % would go below zero on or after %', method, on_date
      USING ERRCODE = '23514', CONSTRAINT = 'money_account_not_negative',
            DETAIL = json_build_object('paymentMethod', method, 'balance', lowest + NEW.credit, 'amount', NEW.credit, 'date', on_date, 'currency', currency)::text;
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_money_not_negative AFTER INSERT ON journal_lines FOR EACH ROW WHEN (NEW.credit > 0) EXECUTE FUNCTION money_account_not_negative();
--> statement-breakpoint

-- A member's salary for a month stands once (expenses_salary_uq on member, month and attempt); a
-- reversed salary frees the month. The attempt is the number of that member's salaries for the month
-- reversed so far, set here whatever the insert says: a second standing salary takes the same attempt
-- as the first and the unique index refuses it, under any race.
CREATE FUNCTION expenses_salary_attempt() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  IF NEW.member_id IS NULL THEN
    NEW.salary_attempt := 0;
    RETURN NEW;
  END IF;
  SELECT count(*) INTO NEW.salary_attempt
  FROM expenses x JOIN expense_reversals r ON r.expense_id = x.id
  WHERE x.organization_id = NEW.organization_id AND x.member_id = NEW.member_id AND x.salary_month = NEW.salary_month;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER expenses_salary_attempt BEFORE INSERT ON expenses FOR EACH ROW EXECUTE FUNCTION expenses_salary_attempt();
--> statement-breakpoint
-- A correction reverses the old expense before paying the new one (a salary's month is freed first;
-- the money comes back before it goes out again), naming the new one it is corrected by: checked at commit.
ALTER TABLE expense_reversals ALTER CONSTRAINT expense_reversals_corrected_fk DEFERRABLE INITIALLY DEFERRED;
