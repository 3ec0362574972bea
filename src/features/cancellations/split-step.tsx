import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { REFUND_SOURCES } from '../../api/cancellations/contract';
import { addDays } from '../../domain/calendar';
import type { SplitIssue } from '../../domain/cancellation';
import { currencyDigits, fromMinorUnits } from '../../domain/money';
import { approvalKept, approvalRefundType, approvalSplitIssues, type ApprovalContext, type ApprovalEvent, type ApprovalSplit } from '../../machines/cancellation-approval-machine';
import { DROPDOWN_PT } from '../../ui/form-fields';
import { BCP47, isLocale } from '../../ui/i18n';
import { typedMinorUnits } from '../../ui/money-field';
import { StatusTag } from '../../ui/status-tag';
import { moneyAccountKey, useOrgFormatters } from './parts';

type Field = keyof ApprovalSplit;

/**
 * The split step of the guided decision: the total refund, money back from a money account, a
 * credit note with its last valid day. What is wrong shows as it is typed, by the rule the server
 * applies (`refundSplitIssues`), each message under the field it names; the refund type (full when
 * everything paid goes back) and what the organization keeps follow the total.
 */
export function SplitStep({ context, send, currency }: { context: ApprovalContext; send: (event: ApprovalEvent) => void; currency: string }) {
  const { t, i18n } = useTranslation();
  const fmt = useOrgFormatters();
  const id = useId();
  const digits = currencyDigits(currency);
  const locale = isLocale(i18n.language) ? BCP47[i18n.language] : i18n.language;
  const { split, quote } = context;
  const money = (n: number) => fmt.money(n, currency);
  const issues = approvalSplitIssues(context);
  const issueOf = (field: Field) => issues.find((i) => i.path === field);
  const set = (patch: Partial<ApprovalSplit>) => send({ type: 'SET_SPLIT', split: patch });
  const refundType = approvalRefundType(context);

  const say = (i: SplitIssue) =>
    t(`cancellations.split.issues.${i.path}.${i.code}`, {
      max: money(Number(i.params.max ?? 0)),
      total: money(split.totalRefundAmount),
      sum: money(split.sourceAccountAmount + split.creditNoteAmount),
      moneyBack: money(split.sourceAccountAmount),
      credit: money(split.creditNoteAmount),
      after: fmt.date(String(i.params.after ?? context.today)),
    });

  /** A new total: the money back takes the difference, the credit note stays as it is while it fits. */
  const setTotal = (total: number) => {
    const credit = Math.min(split.creditNoteAmount, total);
    set({ totalRefundAmount: total, creditNoteAmount: credit, sourceAccountAmount: total - credit });
  };
  const validUntilDefault = split.validUntil ?? addDays(context.today, 365);

  const moneyInput = (field: 'totalRefundAmount' | 'sourceAccountAmount' | 'creditNoteAmount', label: string, onValue: (minor: number) => void) => {
    const issue = issueOf(field);
    const inputId = `${id}-${field}`;
    return (
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        <InputNumber
          inputId={inputId}
          mode="currency"
          currency={currency}
          locale={locale}
          minFractionDigits={digits}
          maxFractionDigits={digits}
          min={0}
          value={fromMinorUnits(split[field], digits)}
          onChange={(e) => onValue(typedMinorUnits(e.value, digits) ?? 0)}
          onValueChange={(e) => onValue(typedMinorUnits(e.value, digits) ?? 0)}
          invalid={!!issue}
          aria-invalid={!!issue}
          aria-describedby={issue ? `${inputId}-issue` : undefined}
        />
        {issue && (
          <small id={`${inputId}-issue`} className="field-error">
            {say(issue)}
          </small>
        )}
      </div>
    );
  };

  const sourceIssue = issueOf('refundSource');
  const validIssue = issueOf('validUntil');

  return (
    <div className="stack" data-testid="split-step">
      <fieldset className="split-group">
        <legend>{t('cancellations.split.total')}</legend>
        <p className="muted" style={{ margin: 0 }}>
          {t('cancellations.split.totalHint', { paid: money(quote.paid), refundable: money(quote.refundable) })}
        </p>
        {moneyInput('totalRefundAmount', t('cancellations.split.totalRefund'), (minor) => set({ totalRefundAmount: minor }))}
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

      <fieldset className="split-group">
        <legend>{t('cancellations.split.howBack')}</legend>
        <div className="row">
          <Button type="button" size="small" outlined label={t('cancellations.split.allMoney')} onClick={() => set({ sourceAccountAmount: split.totalRefundAmount, creditNoteAmount: 0 })} />
          <Button
            type="button"
            size="small"
            outlined
            label={t('cancellations.split.allCredit')}
            onClick={() => set({ sourceAccountAmount: 0, creditNoteAmount: split.totalRefundAmount, validUntil: validUntilDefault })}
          />
          <Button
            type="button"
            size="small"
            outlined
            label={t('cancellations.split.half')}
            onClick={() => {
              const half = Math.floor(split.totalRefundAmount / 2);
              set({ sourceAccountAmount: half, creditNoteAmount: split.totalRefundAmount - half, validUntil: validUntilDefault });
            }}
          />
        </div>
        <div className="split-columns">
          <div className="stack" style={{ gap: '0.5rem' }}>
            <h3 className="split-heading">{t('cancellations.split.moneyBack')}</h3>
            {moneyInput('sourceAccountAmount', t('cancellations.split.moneyBackAmount'), (minor) => set({ sourceAccountAmount: minor }))}
            <div className="field">
              <label htmlFor={`${id}-source`}>{t('cancellations.split.account')}</label>
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
              {sourceIssue && (
                <small id={`${id}-source-issue`} className="field-error">
                  {say(sourceIssue)}
                </small>
              )}
            </div>
          </div>
          <div className="stack" style={{ gap: '0.5rem' }}>
            <h3 className="split-heading">{t('cancellations.split.creditNote')}</h3>
            {moneyInput('creditNoteAmount', t('cancellations.split.creditNoteAmount'), (minor) => set({ creditNoteAmount: minor, ...(minor > 0 && !split.validUntil ? { validUntil: validUntilDefault } : {}) }))}
            <div className="field">
              <label htmlFor={`${id}-valid`}>{t('cancellations.split.validUntil')}</label>
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
              {validIssue ? (
                <small id={`${id}-valid-issue`} className="field-error">
                  {say(validIssue)}
                </small>
              ) : (
                <small id={`${id}-valid-hint`} className="muted">
                  {t('cancellations.split.validUntilHint')}
                </small>
              )}
            </div>
          </div>
        </div>
        {/* The split as it stands, said once for whoever does not see the fields' colours. */}
        <p role="status" aria-live="polite" className={issues.length ? 'field-error' : 'muted'} style={{ margin: 0 }} data-testid="split-status">
          {issues.length ? t('cancellations.split.issuesCount', { count: issues.length }) : t('cancellations.split.holds', { moneyBack: money(split.sourceAccountAmount), credit: money(split.creditNoteAmount) })}
        </p>
      </fieldset>
    </div>
  );
}
