CREATE TABLE "invoice_due_day_totals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid DEFAULT nullif(current_setting('app.org_id', true), '')::uuid NOT NULL,
	"due_day" date NOT NULL,
	"issued_month" date NOT NULL,
	"n" integer NOT NULL,
	"total" bigint NOT NULL,
	"paid" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_due_day_totals" ADD CONSTRAINT "invoice_due_day_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_due_day_totals_group_idx" ON "invoice_due_day_totals" USING btree ("organization_id","due_day","issued_month");--> statement-breakpoint

-- The unsettled invoices by due day (issue 32): folded as invoice_totals is (0033_list_totals_rules.sql),
-- by the same apply, so that this month's unsettled invoices split at today over kept rows.
CREATE FUNCTION invoice_due_day_totals_add(org uuid, p_day date, p_issued date, dn int, d_total bigint, d_paid bigint) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  WITH gone AS (
    DELETE FROM invoice_due_day_totals WHERE id IN (
      SELECT id FROM invoice_due_day_totals
      WHERE organization_id = org AND due_day = p_day AND issued_month = p_issued
      FOR UPDATE SKIP LOCKED)
    RETURNING n, total, paid)
  INSERT INTO invoice_due_day_totals (organization_id, due_day, issued_month, n, total, paid)
  SELECT org, p_day, p_issued, coalesce(sum(n), 0) + dn, coalesce(sum(total), 0) + d_total, coalesce(sum(paid), 0) + d_paid FROM gone
  HAVING coalesce(sum(n), 0) + dn <> 0 OR coalesce(sum(total), 0) + d_total <> 0 OR coalesce(sum(paid), 0) + d_paid <> 0;
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_totals_apply(inv booking_invoices, grand_total bigint, paid_amount bigint, sgn int) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
  SELECT invoice_totals_add(inv.organization_id, date_trunc('month', inv.issued_on)::date, date_trunc('month', inv.due_date)::date,
                            grand_total - paid_amount <= 0, sgn, sgn * inv.total, sgn * least(paid_amount, inv.total));
  SELECT invoice_due_day_totals_add(inv.organization_id, inv.due_date, date_trunc('month', inv.issued_on)::date,
                                    sgn, sgn * inv.total, sgn * least(paid_amount, inv.total))
  WHERE grand_total - paid_amount > 0;
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_totals_recount(org uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $fn$
BEGIN
  DELETE FROM booking_totals WHERE organization_id = org;
  INSERT INTO booking_totals (organization_id, departure_month, status, tour_type, n)
  SELECT organization_id, date_trunc('month', departure)::date, status, tour_type, count(*)
  FROM bookings WHERE organization_id = org GROUP BY 1, 2, 3, 4;

  DELETE FROM receipt_totals WHERE organization_id = org;
  INSERT INTO receipt_totals (organization_id, month, status, payment_method, n, amount)
  SELECT organization_id, date_trunc('month', paid_on)::date, status, payment_method, count(*), sum(amount)
  FROM booking_payments WHERE organization_id = org GROUP BY 1, 2, 3, 4;

  DELETE FROM invoice_totals WHERE organization_id = org;
  INSERT INTO invoice_totals (organization_id, issued_month, due_month, settled, n, total, paid)
  SELECT i.organization_id, date_trunc('month', i.issued_on)::date, date_trunc('month', i.due_date)::date, b.grand_total - b.paid_amount <= 0,
         count(*), sum(i.total), sum(least(b.paid_amount, i.total))
  FROM booking_invoices i JOIN bookings b ON b.id = i.booking_id WHERE i.organization_id = org GROUP BY 1, 2, 3, 4;

  DELETE FROM invoice_due_day_totals WHERE organization_id = org;
  INSERT INTO invoice_due_day_totals (organization_id, due_day, issued_month, n, total, paid)
  SELECT i.organization_id, i.due_date, date_trunc('month', i.issued_on)::date, count(*), sum(i.total), sum(least(b.paid_amount, i.total))
  FROM booking_invoices i JOIN bookings b ON b.id = i.booking_id WHERE i.organization_id = org AND b.grand_total - b.paid_amount > 0 GROUP BY 1, 2, 3;

  DELETE FROM operation_totals WHERE organization_id = org;
  INSERT INTO operation_totals (organization_id, departure_month, status, voucher_count, draft_count, unsent_count, expense_count, unpaid_count, n, revenue, expense)
  SELECT o.organization_id, date_trunc('month', o.departure)::date, o.status, (o.voucher_count > 0)::int, (o.draft_count > 0)::int, (o.unsent_count > 0)::int,
         (o.expense_count > 0)::int, (o.unpaid_count > 0)::int, count(*), sum(o.revenue), sum(o.vouchers_cost + o.expenses_cost)
  FROM booking_operations o WHERE o.organization_id = org GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;

  DELETE FROM operation_member_totals WHERE organization_id = org;
  INSERT INTO operation_member_totals (organization_id, member_id, status, voucher_count, draft_count, unsent_count, expense_count, unpaid_count, n, revenue, expense)
  SELECT o.organization_id, m.member_id, o.status, (o.voucher_count > 0)::int, (o.draft_count > 0)::int, (o.unsent_count > 0)::int,
         (o.expense_count > 0)::int, (o.unpaid_count > 0)::int, count(*), sum(o.revenue), sum(o.vouchers_cost + o.expenses_cost)
  FROM booking_operations o
  CROSS JOIN LATERAL (SELECT DISTINCT x AS member_id FROM unnest(array[o.assigned_to, o.converted_by]) x WHERE x IS NOT NULL) m
  WHERE o.organization_id = org GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;

  DELETE FROM vendor_transaction_totals WHERE organization_id = org;
  INSERT INTO vendor_transaction_totals (organization_id, vendor_id, month, direction, status, n, amount)
  SELECT organization_id, vendor_id, date_trunc('month', date)::date, direction, status, count(*), sum(amount)
  FROM vendor_transactions WHERE organization_id = org GROUP BY 1, 2, 3, 4, 5;

  DELETE FROM expense_totals WHERE organization_id = org;
  INSERT INTO expense_totals (organization_id, month, category, payment_method, n)
  SELECT organization_id, date_trunc('month', date)::date, category, payment_method, count(*)
  FROM expenses WHERE organization_id = org GROUP BY 1, 2, 3, 4;
END $fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION invoice_due_day_totals_add(uuid, date, date, int, bigint, bigint) FROM public;
--> statement-breakpoint
SELECT list_totals_recount(id) FROM organizations;
