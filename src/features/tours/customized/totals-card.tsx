import { useTranslation } from 'react-i18next';
import type { TourTotals } from '../../../api/tours/customized/contract';
import { useFormatters } from '../../../ui/format';
import { usePercent } from '../shared/plan-view';
import './customized.css';

/**
 * The tour's figures: cost, price, margin (amount and share of the price), price per person. The
 * `data-*` attributes carry the minor units, for tests that read the figures.
 */
export function TotalsCard({ totals, currency, tooLarge, live }: { totals: TourTotals | null; currency: string; tooLarge?: boolean; live?: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormatters({ currency });
  const percent = usePercent();
  const none = t('tourPlan.none');
  const figures = totals ?? { cost: 0, sell: 0, margin: 0, marginBasisPoints: null, pax: 0, pricePerPerson: null };
  return (
    <section
      className="card tour-totals"
      aria-labelledby="tour-totals-title"
      data-testid="tour-totals"
      data-cost={figures.cost}
      data-sell={figures.sell}
      data-margin={figures.margin}
      data-per-person={figures.pricePerPerson ?? ''}
    >
      <h2 id="tour-totals-title" className="workflow-panel__title">
        {t('tours.totals.title')}
      </h2>
      {tooLarge ? (
        <p className="field-error" role="alert">
          {t('tours.totals.tooLarge')}
        </p>
      ) : (
        // Read out as they change while the lines are typed.
        <dl className="totals-grid" aria-live={live ? 'polite' : undefined}>
          <div>
            <dt>{t('tours.totals.cost')}</dt>
            <dd className="money">{fmt.money(figures.cost)}</dd>
          </div>
          <div>
            <dt>{t('tours.totals.sell')}</dt>
            <dd className="money">{fmt.money(figures.sell)}</dd>
          </div>
          <div>
            <dt>{t('tours.totals.margin')}</dt>
            <dd>
              <span className="money">{fmt.money(figures.margin)}</span>
              {figures.marginBasisPoints !== null && <div className="muted totals-share">{percent(figures.marginBasisPoints)}</div>}
            </dd>
          </div>
          <div>
            <dt>{t('tours.totals.pricePerPerson')}</dt>
            <dd className="money">{figures.pricePerPerson === null ? none : fmt.money(figures.pricePerPerson)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
