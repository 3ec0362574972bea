import { useTranslation } from 'react-i18next';
import type { GroupTour, GroupTourStatus } from '../../../api/tours/group/contract';
import { useFormatters } from '../../../ui/format';
import { StatusTag, type StatusTone } from '../../../ui/status-tag';
import './seats.css';

const STATUS_TONES: Record<GroupTourStatus, StatusTone> = { open: 'info', guaranteed: 'success', 'sold-out': 'warning', closed: 'neutral' };

/** A departure's status (open, guaranteed, sold out, closed) as a tag. */
export function GroupStatusTag({ status }: { status: GroupTourStatus }) {
  const { t } = useTranslation();
  return <StatusTag status={status} tone={STATUS_TONES[status]} label={t(`groupTours.statuses.${status}`)} />;
}

/** How full a departure is, in percent of its capacity (0 to 100), and where its minimum to run sits. */
export function seatShares({ capacity, seatsTaken, minimumToRun }: Pick<GroupTour, 'capacity' | 'seatsTaken' | 'minimumToRun'>) {
  const share = (n: number) => (capacity > 0 ? Math.min(100, Math.max(0, (n / capacity) * 100)) : 0);
  return { taken: share(seatsTaken), minimum: share(minimumToRun) };
}

/**
 * A departure's seats as a bar: filled to the seats taken, marked at the minimum to run, coloured by
 * its status, with the numbers in words beside it (the bar alone would say it by colour only).
 */
export function SeatsBar({ tour, withStatus }: { tour: Pick<GroupTour, 'title' | 'capacity' | 'seatsTaken' | 'seatsFree' | 'minimumToRun' | 'status'>; withStatus?: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const shares = seatShares(tour);
  const summary = t('groupTours.seatsSummary', { taken: fmt.number(tour.seatsTaken), capacity: fmt.number(tour.capacity), free: fmt.number(tour.seatsFree) });
  return (
    <div className={`seats seats--${tour.status}`} data-testid="seats" data-taken={tour.seatsTaken} data-free={tour.seatsFree} data-status={tour.status}>
      <div
        className="seats__track"
        role="progressbar"
        aria-label={t('groupTours.seatsLabel', { name: tour.title })}
        aria-valuemin={0}
        aria-valuemax={tour.capacity}
        aria-valuenow={tour.seatsTaken}
        aria-valuetext={summary}
      >
        <div className="seats__fill" style={{ width: `${shares.taken}%` }} />
        <div className="seats__minimum" style={{ insetInlineStart: `${shares.minimum}%` }} title={t('groupTours.minimumMark', { count: tour.minimumToRun })} />
      </div>
      <div className="row" style={{ gap: '0.5rem', flexWrap: 'nowrap' }}>
        <span className="seats__text">{summary}</span>
        {withStatus && <GroupStatusTag status={tour.status} />}
      </div>
    </div>
  );
}
