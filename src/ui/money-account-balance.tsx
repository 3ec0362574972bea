import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../api/client';
import { chartQueryOptions } from '../api/finance/get-finance';
import { useCan } from './auth';
import { useOrgFormatters } from './org-format';
import { applyServerIssues } from './form-fields';

/*
 * What a money account holds, under the payment method of a form that spends money (an expense, a
 * salary, the month's salaries, a payment to a vendor): read from the chart (`GET /account/chart`,
 * which also says which accounts the organization never lets go below zero), so only for those who
 * may read the books. A payment that would take the account below zero is warned about, not
 * blocked: the server refuses it only where the organization chose to (409
 * `ACCOUNT_WOULD_GO_NEGATIVE`), and the form then shows the server's words (`moneyRefusalMessage`).
 */

/**
 * The chosen method's account and what it holds now; a warning when `amount` would take it below
 * zero, saying whether it will be refused. `givesBack` is money the same request returns to that
 * account first (a correction reverses the old payment before paying anew).
 */
export function MoneyAccountBalance({ method, amount, givesBack = 0 }: { method: string | undefined; amount: number | null | undefined; givesBack?: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useOrgFormatters();
  const chart = useQuery({ ...chartQueryOptions(), enabled: can('account', 'view') });
  const account = method ? chart.data?.find((a) => a.paymentMethod === method) : undefined;
  if (!account) return null;
  const name = t(`finance.accounts.money.${account.paymentMethod}`);
  const after = account.balance + givesBack - (amount ?? 0);
  const below = (amount ?? 0) > 0 && after < 0;
  const tone = below ? (account.neverBelowZero ? 'danger' : 'warning') : 'info';
  return (
    <div className="money-balance-note" data-tone={tone} data-testid="money-account-balance" role="status">
      <i className={below ? 'pi pi-exclamation-triangle' : account.neverBelowZero ? 'pi pi-shield' : 'pi pi-wallet'} aria-hidden="true" />
      <div>
        <span>{t('finance.balanceNote.holds', { account: name, amount: fmt.money(account.balance, account.currency) })}</span>{' '}
        {below ? (
          <>
            <strong>{t('finance.balanceNote.below', { account: name, amount: fmt.money(after, account.currency) })}</strong>{' '}
            <span>{t(account.neverBelowZero ? 'finance.balanceNote.refused' : 'finance.balanceNote.allowed', { account: name })}</span>
          </>
        ) : (
          account.neverBelowZero && <span className="muted">{t('finance.balanceNote.guarded', { account: name })}</span>
        )}
      </div>
    </div>
  );
}

/** The server's refusal of a payment that would take a guarded account below zero, in the member's language; undefined for any other error. */
export const moneyRefusalMessage = (error: unknown) => (error instanceof ApiError && error.code === 'ACCOUNT_WOULD_GO_NEGATIVE' ? errorMessage(error) : undefined);

type SetRootError = (name: 'root', error: { type: string; message: string }) => void;

/** An account the organization never lets go below zero: the server's words about the whole form (the balance line warned before). */
export function showMoneyRefusal(error: unknown, setError: SetRootError) {
  const belowZero = moneyRefusalMessage(error);
  if (belowZero) setError('root', { type: 'server', message: belowZero });
}

/** A payment form's failure: each field's issue under its field, a refusal to go below zero about the whole form. */
export function applyPaymentIssues(error: unknown, setError: SetRootError) {
  applyServerIssues(error, setError as never);
  showMoneyRefusal(error, setError);
}
