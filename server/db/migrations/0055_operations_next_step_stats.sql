-- Statistics on the operations board's next step (nextStepSql, server/operations/lists.ts): a
-- CASE over the operation's status and counts, whose share of the rows PostgreSQL could not know
-- (it took 0.5 % for each step asked for). "Needs me" with the steps of a member's work was
-- estimated at 59 of 6,667 rows at 100,000 operations, so its page sorted every pending operation
-- instead of walking booking_operations_board_departure_idx: 26 ms against 3 (docs/performance.md).
-- An expression's statistics are gathered by ANALYZE (autovacuum) with no cost to writes; the
-- expression is the query's, which a test holds equal (tests/api/operations-next-step-stats.test.ts).
CREATE STATISTICS IF NOT EXISTS "booking_operations_next_step_stats" ON (
  CASE
    WHEN "status" = 'completed' THEN 'done'
    WHEN "status" = 'canceled' THEN 'canceled'
    WHEN "voucher_count" = 0 AND "expense_count" = 0 THEN 'addVouchers'
    WHEN "draft_count" > 0 THEN 'confirmVouchers'
    WHEN "unsent_count" > 0 THEN 'sendVouchers'
    WHEN "unpaid_count" > 0 THEN 'payVendors'
    ELSE 'complete'
  END
) FROM "booking_operations";--> statement-breakpoint
ANALYZE "booking_operations";
