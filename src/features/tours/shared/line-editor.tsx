import { useId, useState } from 'react';
import { useFieldArray, useWatch, type FieldErrors } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { activitiesResource } from '../../../api/catalogue/activities/get-activities';
import { hotelsResource } from '../../../api/catalogue/hotels/get-hotels';
import { costDays, type Party } from '../../../domain/tour-costing';
import { fieldMessage } from '../../../ui/form-fields';
import { LineRow } from './line-row';
import { LinesHead } from './plan-view';
import { emptyLine, type LineFormValue, type PlanForm, type PlanFormValues } from './plan-model';

/**
 * The line editor of the customized tour builder and the personalized tour form: a table (a card
 * per line where it is narrow) of priced lines with their live prices, a line added with the
 * default markup, and "price the days": the lines the days' hotels and activities call for, at the
 * catalogue's rates (src/domain/tour-costing.ts), that the lines lack.
 */
export interface LineEditorProps {
  form: PlanForm;
  currency: string;
  errors?: FieldErrors<PlanFormValues>['lines'];
  /** The party lines are costed for: the tour's travellers, or two sharing a room (a personalized tour). */
  party: () => Party;
  /** A new line's markup, in basis points (the organization's default for a customized tour). */
  defaultMarkup: number;
  /** The kind's words: the editor's hint, "price the days" and what it does. */
  texts: { hint: string; fromDays: string; fromDaysHint: string };
  /** Offer each service line's vendor picker: to whoever may edit tours (`TOUR_EDITORS`; the page asks), who reads the names from `GET /vendors/options`. */
  chooseVendors?: boolean;
}

/** The days' hotels and activities with their catalogue rates (cached by the pickers, else fetched). */
function usePriceTheDays({ form, party, defaultMarkup, append }: Pick<LineEditorProps, 'form' | 'party' | 'defaultMarkup'> & { append: (lines: LineFormValue[]) => void }) {
  const queryClient = useQueryClient();
  const [pricing, setPricing] = useState(false);
  const price = async () => {
    setPricing(true);
    try {
      const plan = form.getValues('days');
      const hotelIds = [...new Set(plan.flatMap((d) => (d.hotelId ? [d.hotelId] : [])))];
      const activityIds = [...new Set(plan.flatMap((d) => d.activityIds))];
      const hotels = await Promise.all(hotelIds.map((id) => queryClient.fetchQuery(hotelsResource.detailQueryOptions(id))));
      const activities = await Promise.all(activityIds.map((id) => queryClient.fetchQuery(activitiesResource.detailQueryOptions(id))));
      append(costDays(plan, new Map(hotels.map((h) => [h._id, h])), new Map(activities.map((a) => [a._id, a])), party(), form.getValues('lines') ?? [], defaultMarkup));
    } catch {
      /* the client toasted why */
    } finally {
      setPricing(false);
    }
  };
  return { pricing, price };
}

export function LineEditor({ form, currency, errors, party, defaultMarkup, texts, chooseVendors }: LineEditorProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const days = useWatch({ control: form.control, name: 'days' }) ?? [];
  const { pricing, price } = usePriceTheDays({ form, party, defaultMarkup, append });
  const label = (key: string) => t(`tourPlan.lines.${key}`);
  const rootError = (errors as { message?: string; root?: { message?: string } } | undefined)?.message ?? (errors as { root?: { message?: string } } | undefined)?.root?.message;
  const headers = [label('kind'), label('day'), label('description'), label('quantity'), label('unitCost'), label('markupType'), label('unitPrice'), label('lineSell')];

  return (
    // One landmark named by the title: the lines' scroll box (a section named the same was a second, axe landmark-unique).
    <section className="card stack lines-editor-section">
      <h2 id={titleId} style={{ margin: 0 }}>
        {label('title')}
      </h2>
      <p className="muted" style={{ margin: 0 }}>
        {texts.hint}
      </p>
      {rootError && (
        <small className="field-error" role="alert">
          {fieldMessage(label('title'), rootError)}
        </small>
      )}
      {fields.length === 0 ? (
        <p className="muted">{label('empty')}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={titleId}>
          <table className="lines-table lines-editor stacked-table" data-testid="lines-editor">
            <LinesHead headers={headers} actions={t('tourPlan.actions')} />
            <tbody>
              {fields.map((field, index) => (
                <LineRow key={field.id} chooseVendors={chooseVendors} index={index} form={form} currency={currency} party={party} errors={(errors as FieldErrors<LineFormValue>[] | undefined)?.[index]} onRemove={() => remove(index)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="row">
        <Button type="button" outlined icon="pi pi-plus" label={label('add')} onClick={() => append({ ...emptyLine(), markup: defaultMarkup })} />
        <Button type="button" outlined icon="pi pi-calculator" label={texts.fromDays} title={texts.fromDaysHint} loading={pricing} disabled={days.length === 0} onClick={() => void price()} />
      </div>
    </section>
  );
}
