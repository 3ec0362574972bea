-- Leads to assign (0042_work_queue_totals_rules.sql) were counted by a trigger per inserted row: a
-- lead import inserts thousands of leads in one transaction, and each row's fold deleted and wrote
-- the group's row again, so each next fold walked every version the transaction had left behind
-- (quadratic: 50,000 leads took minutes of PostgreSQL time, issue 32's bench). Inserted leads are
-- now counted once per statement, per organization, from the statement's new rows (a transition
-- table); deletes and changes stay per row (one lead at a time). The count is the same sum.
DROP TRIGGER leads_work_queue ON leads;
--> statement-breakpoint
CREATE TRIGGER leads_work_queue AFTER DELETE ON leads FOR EACH ROW EXECUTE FUNCTION work_queue_lead_track();
--> statement-breakpoint
CREATE FUNCTION work_queue_leads_inserted() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  PERFORM work_queue_totals_add(a.organization_id, 'leadToAssign', NULL, NULL, a.n)
  FROM (SELECT organization_id, count(*)::int AS n FROM inserted_leads
        WHERE assigned_to IS NULL AND status IN ('new', 'contacted', 'qualified', 'quoted')
        GROUP BY organization_id) a;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER leads_work_queue_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS inserted_leads
  FOR EACH STATEMENT EXECUTE FUNCTION work_queue_leads_inserted();
