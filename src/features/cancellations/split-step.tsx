import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { REFUND_SOURCES } from '../../api/cancellations/contract';
import { addDays } from '../../domain/calendar';
import type { SplitIssue } from '../../domain/cancellation';
import { approvalKept, approvalRefundType, approvalSplitIssues, type ApprovalContext, type ApprovalEvent, type ApprovalSplit } from '../../machines/cancellation-approval-machine';
import { DROPDOWN_PT } from '../../ui/form-fields';
import { MinorUnitsInput } from '../../ui/money-field';
import { StatusTag } from '../../ui/status-tag';
import { moneyAccountKey, useOrgFormatters } from './parts';

type Field = keyof ApprovalSplit;

interface SplitProps {
  context: ApprovalContext;
  send: (event: ApprovalEvent) => void;
  currency: string;
}

/** What the split's fields share: the amounts in the currency, each field's issue said in words, a change sent to the machine. */
function useSplitForm({ context, send, currency }: SplitProps) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const id = useId();
  const { split } = context;
  const money = (n: number) => fmt.money(n, currency);
  const issues = approvalSplitIssues(context);
  const set = (patch: Partial<ApprovalSplit>) => send({ type: 'SET_SPLIT', split: patch });
  const say = (i: SplitIssue) =>
    t(`cancellations.split.issues.${i.path}.${i.code}`, {
      max: money(Number(i.params.max ?? 0)),
      total: money(split.totalRefundAmount),
      sum: money(split.sourceAccountAmount + split.creditNoteAmount),
      moneyBack: money(split.sourceAccountAmount),
      credit: money(split.creditNoteAmount),
      after: fmt.date(String(i.params.after ?? context.today)),
    });
  const issueOf = (field: Field) => {
    const issue = issues.find((i) => i.path === field);
    return issue && say(issue);
  };
  return { id, split, money, issues, issueOf, set, validUntilDefault: split.validUntil ?? addDays(context.today, 365) };
}

/** A field of the split: its label, its input, and under it what is wrong (else its hint). */
function SplitField({ inputId, label, issue, hint, children }: { inputId: string; label: string; issue?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      {children}
      {issue ? (
        <small id={`${inputId}-issue`} className="field-error">
          {issue}
        </small>
      ) : (
        hint && (
          <small id={`${inputId}-hint`} className="muted">
            {hint}
          </small>
        )
      )}
    </div>
  );
}

/** An amount of the split, in the currency, with its issue. */
function SplitAmount({ form, field, label, currency, onValue }: { form: ReturnType<typeof useSplitForm>; field: 'totalRefundAmount' | 'sourceAccountAmount' | 'creditNoteAmount'; label: string; currency: string; onValue: (minor: number) => void }) {
  const inputId = `${form.id}-${field}`;
  const issue = form.issueOf(field);
  return (
    <SplitField inputId={inputId} label={label} issue={issue}>
      <MinorUnitsInput inputId={inputId} currency={currency} value={form.split[field]} onValue={(minor) => onValue(minor ?? 0)} invalid={!!issue} describedBy={issue ? `${inputId}-issue` : undefined} />
    </SplitField>
  );
}

/** How much goes back: typed, or everything paid, the policy's refundable part, nothing; the refund type and what is kept follow. */
function TotalFieldset(props: SplitProps) {
  const { t } = useTranslation();
  const form = useSplitForm(props);
  const { context, currency } = props;
  const { quote, split } = context;
  const { money, set } = form;
  const refundType = approvalRefundType(context);
  /** A new total: the money back takes the difference, the credit note stays as it is while it fits. */
  const setTotal = (total: number) => {
    const credit = Math.min(split.creditNoteAmount, total);
    set({ totalRefundAmount: total, creditNoteAmount: credit, sourceAccountAmount: total - credit });
  };
  return (
    <fieldset className="split-group">
      <legend>{t('cancellations.split.total')}</legend>
      <p className="muted" style={{ margin: 0 }}>
        {t('cancellations.split.totalHint', { paid: money(quote.paid), refundable: money(quote.refundable) })}
      </p>
      <SplitAmount form={form} field="totalRefundAmount" label={t('cancellations.split.totalRefund')} currency={currency} onValue={(minor) => set({ totalRefundAmount: minor })} />
      <div className="row">
        <Button type="button" size="small" outlined label={t('cancellations.split.everythingPaid', { amount: money(quote.paid) })} onClick={() => setTotal(quote.paid)} />
        <Button type="button" size="small" outlined label={t('cancellations.split.policyRefundable', { amount: money(quote.refundable) })} onClick={() => setTotal(quote.refundable)} />
        <Button type="button" size="small" outlined label={t('cancellations.split.nothing')} onClick={() => setTotal(0)} />
      </div>
      <p style={{ margin: 0 }} data-testid="split-refund-type" data-refund-type={refundType}>
        <StatusTag status={refundType} tone={refundType === 'full' ? 'success' : 'info'} label={t(`cancellations.refundTypes.${refundType}`)} />{' '}
        {t('cancellations.split.kept', { amount: money(approvalKept(context)) })}
      </p>
    </fieldset>
  );
}

/** How it goes back: money from a money account, a credit note with its last valid day, or both; and whether the split holds. */
function HowBackFieldset(props: SplitProps) {
  const { t } = useTranslation();
  const form = useSplitForm(props);
  const { context, currency } = props;
  const { id, split, money, issues, issueOf, set, validUntilDefault } = form;
  const sourceIssue = issueOf('refundSource');
  const validIssue = issueOf('validUntil');
  const half = Math.floor(split.totalRefundAmount / 2);
  return (
    <fieldset className="split-group">
      <legend>{t('cancellations.split.howBack')}</legend>
      <div className="row">
        <Button type="button" size="small" outlined label={t('cancellations.split.allMoney')} onClick={() => set({ sourceAccountAmount: split.totalRefundAmount, creditNoteAmount: 0 })} />
        <Button type="button" size="small" outlined label={t('cancellations.split.allCredit')} onClick={() => set({ sourceAccountAmount: 0, creditNoteAmount: split.totalRefundAmount, validUntil: validUntilDefault })} />
        <Button type="button" size="small" outlined label={t('cancellations.split.half')} onClick={() => set({ sourceAccountAmount: half, creditNoteAmount: split.totalRefundAmount - half, validUntil: validUntilDefault })} />
      </div>
      <div className="split-columns">
        <div className="stack" style={{ gap: '0.5rem' }}>
          <h3 className="split-heading">{t('cancellations.split.moneyBack')}</h3>
          <SplitAmount form={form} field="sourceAccountAmount" label={t('cancellations.split.moneyBackAmount')} currency={currency} onValue={(minor) => set({ sourceAccountAmount: minor })} />
          <SplitField inputId={`${id}-source`} label={t('cancellations.split.account')} issue={sourceIssue}>
            <Dropdown
              inputId={`${id}-source`}
              pt={DROPDOWN_PT}
              value={split.refundSource}
              options={REFUND_SOURCES.map((key) => ({ value: key, label: t(moneyAccountKey(key)) }))}
              placeholder={t('cancellations.split.chooseAccount')}
              onChange={(e) => set({ refundSource: e.value as string })}
              invalid={!!sourceIssue}
              aria-invalid={!!sourceIssue}
              aria-describedby={sourceIssue ? `${id}-source-issue` : undefined}
            />
          </SplitField>
        </div>
        <div className="stack" style={{ gap: '0.5rem' }}>
          <h3 className="split-heading">{t('cancellations.split.creditNote')}</h3>
          <SplitAmount form={form} field="creditNoteAmount" label={t('cancellations.split.creditNoteAmount')} currency={currency} onValue={(minor) => set({ creditNoteAmount: minor, ...(minor > 0 && !split.validUntil ? { validUntil: validUntilDefault } : {}) })} />
          <SplitField inputId={`${id}-valid`} label={t('cancellations.split.validUntil')} issue={validIssue} hint={t('cancellations.split.validUntilHint')}>
            <InputText
              id={`${id}-valid`}
              type="date"
              min={addDays(context.today, 1)}
              value={split.validUntil ?? ''}
              onChange={(e) => set({ validUntil: e.target.value || null })}
              invalid={!!validIssue}
              aria-invalid={!!validIssue}
              aria-describedby={validIssue ? `${id}-valid-issue` : `${id}-valid-hint`}
            />
          </SplitField>
        </div>
      </div>
      {/* The split as it stands, said once for whoever does not see the fields' colours. */}
      <p role="status" aria-live="polite" className={issues.length ? 'field-error' : 'muted'} style={{ margin: 0 }} data-testid="split-status">
        {issues.length ? t('cancellations.split.issuesCount', { count: issues.length }) : t('cancellations.split.holds', { moneyBack: money(split.sourceAccountAmount), credit: money(split.creditNoteAmount) })}
      </p>
    </fieldset>
  );
}

/**
 * The split step of the guided decision: the total refund, money back from a money account, a
 * credit note with its last valid day. What is wrong shows as it is typed, by the rule the server
 * applies (`refundSplitIssues`), each message under the field it names; the refund type (full when
 * everything paid goes back) and what the organization keeps follow the total.
 */
export function SplitStep(props: SplitProps) {
  return (
    <div className="stack" data-testid="split-step">
      <TotalFieldset {...props} />
      <HowBackFieldset {...props} />
    </div>
  );
}
