ALTER TABLE "vendor_transactions" ADD COLUMN "description_key" text;--> statement-breakpoint
ALTER TABLE "vendor_transactions" ADD COLUMN "description_params" jsonb;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "memo_key" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "memo_params" jsonb;--> statement-breakpoint
ALTER TABLE "vendor_transactions" ADD CONSTRAINT "vendor_transactions_description_key_ck" CHECK (("vendor_transactions"."description_key" is null) = ("vendor_transactions"."description_params" is null));--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_memo_key_ck" CHECK (("journal_entries"."memo_key" is null) = ("journal_entries"."memo_params" is null));--> statement-breakpoint
-- What the system wrote before this migration gets its key, read back from the English text it
-- wrote (src/api/finance/contract.ts JOURNAL_MEMOS), so screens say old entries in the reader's
-- language too. Posted rows never change otherwise: the immutability triggers are off only for
-- this one statement each, inside the migration's transaction.
ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_immutable;--> statement-breakpoint
UPDATE journal_entries e SET memo_key = k.key, memo_params = k.params
FROM (
  SELECT id,
    CASE
      WHEN reverses_entry_id IS NOT NULL AND memo ~ '^Reversal: ' THEN 'reversal'
      WHEN source_type = 'booking-payment' AND memo ~ '^Booking (\S+)$' THEN 'bookingPayment'
      WHEN source_type = 'revenue-recognition' AND memo ~ '^Trip (\S+) completed$' THEN 'tripCompleted'
      WHEN source_type = 'cancellation' AND memo ~ '^Cancellation (\S+)$' THEN 'cancellation'
      WHEN source_type = 'refund' AND memo ~ '^Refund (\S+)$' THEN 'refund'
      WHEN source_type = 'credit-note' AND memo ~ '^Credit note (\S+) expired$' THEN 'creditNoteExpired'
      WHEN source_type = 'credit-note' AND memo ~ '^Credit note (\S+) given back after it expired$' THEN 'creditNoteGivenBack'
      WHEN source_type = 'salary' AND memo ~ '^Salary (\d{4}-\d{2})$' THEN 'salary'
      WHEN source_type = 'voucher-payment' AND memo ~ '^Voucher (.+) \((\S+)\)$' THEN 'voucherPayment'
      WHEN source_type = 'expense-payment' AND memo ~ '^Expense (.+) \((\S+)\)$' THEN 'expensePayment'
      WHEN source_type = 'vendor-refund' AND memo ~ '^Vendor refund ?(.*) \((\S+)\)$' THEN 'vendorRefund'
    END AS key,
    CASE
      WHEN reverses_entry_id IS NOT NULL AND memo ~ '^Reversal: ' THEN jsonb_build_object('reason', substr(memo, length('Reversal: ') + 1))
      WHEN source_type IN ('booking-payment', 'revenue-recognition', 'refund') THEN jsonb_build_object('booking', (regexp_match(memo, '^\S+ (\S+)'))[1])
      WHEN source_type = 'cancellation' THEN jsonb_build_object('cancellation', (regexp_match(memo, '^Cancellation (\S+)$'))[1])
      WHEN source_type = 'credit-note' THEN jsonb_build_object('creditNote', (regexp_match(memo, '^Credit note (\S+)'))[1])
      WHEN source_type = 'salary' THEN jsonb_build_object('month', (regexp_match(memo, '^Salary (\d{4}-\d{2})$'))[1])
      WHEN source_type = 'voucher-payment' THEN jsonb_build_object('voucher', (regexp_match(memo, '^Voucher (.+) \((\S+)\)$'))[1], 'booking', (regexp_match(memo, '^Voucher (.+) \((\S+)\)$'))[2])
      WHEN source_type = 'expense-payment' THEN jsonb_build_object('expense', (regexp_match(memo, '^Expense (.+) \((\S+)\)$'))[1], 'booking', (regexp_match(memo, '^Expense (.+) \((\S+)\)$'))[2])
      WHEN source_type = 'vendor-refund' THEN jsonb_build_object('voucher', (regexp_match(memo, '^Vendor refund ?(.*) \((\S+)\)$'))[1], 'booking', (regexp_match(memo, '^Vendor refund ?(.*) \((\S+)\)$'))[2])
    END AS params
  FROM journal_entries WHERE memo IS NOT NULL AND memo_key IS NULL
) k
WHERE e.id = k.id AND k.key IS NOT NULL AND k.params IS NOT NULL AND NOT EXISTS (SELECT 1 FROM jsonb_each(k.params) p WHERE p.value = 'null'::jsonb);--> statement-breakpoint
ALTER TABLE journal_entries ENABLE TRIGGER journal_entries_immutable;--> statement-breakpoint
ALTER TABLE vendor_transactions DISABLE TRIGGER vendor_transactions_immutable;--> statement-breakpoint
UPDATE vendor_transactions t SET description_key = e.memo_key, description_params = e.memo_params
FROM journal_entries e
WHERE t.description_key IS NULL AND e.memo_key IS NOT NULL AND e.memo = t.description AND e.organization_id = t.organization_id
  AND e.source_id = t.linked_id;--> statement-breakpoint
UPDATE vendor_transactions SET description_key = 'reversal', description_params = jsonb_build_object('reason', substr(description, length('Reversal: ') + 1))
WHERE description_key IS NULL AND linked_type = 'expense' AND direction = 'incoming' AND description ~ '^Reversal: ';--> statement-breakpoint
ALTER TABLE vendor_transactions ENABLE TRIGGER vendor_transactions_immutable;
