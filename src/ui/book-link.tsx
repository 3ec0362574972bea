import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCan } from './auth';
import { modulePath } from './module-paths';

/**
 * "Book": the booking wizard started from a lead, a personalized tour, a departure or a customized tour
 * (`/bookings/new?…`). The page decides whether its record can be booked (an open lead, a published
 * personalized tour, a departure selling seats, a tour whose machine allows BOOK); this adds the permission.
 */
export function BookLink({ from }: { from: { leadId: string } | { tourType: 'personalized' | 'group'; tourId: string } | { tourType: 'customized'; tourId: string; leadId: string } }) {
  const { t } = useTranslation();
  const can = useCan();
  if (!can('bookings', 'create')) return null;
  return (
    <Link to={`${modulePath('bookings')}/new?${new URLSearchParams(from)}`} className="p-button button-link" data-testid="book-link">
      <i className="pi pi-ticket" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
      {t('bookings.book')}
    </Link>
  );
}
