import type { FieldValues } from 'react-hook-form';
import type { BaseProps } from './form-fields';
import { MoneyField } from './money-field';
import { useOrgFormatters } from './org-format';

/*
 * What a payment form says before it is sent: how much is still owed (a voucher's or an expense's
 * cost less what was paid to the vendor; a booking's open balance), in the organization's formatters
 * and the member's language, and an amount above it refused under the field. The server keeps its
 * own refusal (409 PAYMENT_EXCEEDS_OWED, PAYMENT_EXCEEDS_BALANCE) for what changed meanwhile.
 */

/** What is owed and how the form's language says it: the line above the amount, and the refusal under it. */
export interface OwedWords {
  /** Minor units. */
  owed: number;
  currency: string;
  /** The line above the amount, from the owed amount formatted ("Still owed: $800.00"). */
  says: (amount: string) => string;
  /** The issue under the field, read after its label ("must not be more than is still owed ($800.00)"). */
  refuses: (amount: string) => string;
}

export interface Owed extends OwedWords {
  /** The line above the amount. */
  line: string;
  /** The issue an amount earns: the refusal above what is owed, nothing otherwise. */
  check: (amount: unknown) => string | undefined;
}

/** What is owed, said and checked in the organization's formatters. */
export function useOwed(words: OwedWords): Owed {
  const fmt = useOrgFormatters();
  const amount = fmt.money(words.owed, words.currency);
  return {
    ...words,
    line: words.says(amount),
    check: (value) => (typeof value === 'number' && value > words.owed ? words.refuses(amount) : undefined),
  };
}

/**
 * A payment's amount with what is owed said above it, and an amount above it refused under the field
 * as it is typed. The form refuses it on sending too: `refuseAboveOwed` in its submit handler.
 */
export function OwedAmountField<T extends FieldValues>({ owed, ...field }: Omit<BaseProps<T>, 'hint'> & { owed: Owed }) {
  return (
    <>
      <p className="muted" style={{ margin: 0 }} data-testid="payment-owed">
        {owed.line}
      </p>
      <MoneyField {...field} currency={owed.currency} check={owed.check} />
    </>
  );
}

/** On sending: an amount above what is owed is put under the field (`setError`) and not sent (true). */
export function refuseAboveOwed(owed: Owed, amount: number, setError: (name: 'amount', error: { type: string; message: string }) => void): boolean {
  const issue = owed.check(amount);
  if (issue) setError('amount', { type: 'tooLarge', message: issue });
  return !!issue;
}
