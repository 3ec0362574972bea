import { useTranslation } from 'react-i18next';
import { useZonedFormatters } from '../../ui/format';

/**
 * The console's formatters. A platform operator belongs to no organization, so the console writes
 * moments on the operator's own clock (the device's zone), named here once; inside an organization
 * every moment is in the organization's zone (`useOrgFormatters`, docs/decisions.md, issue 27).
 */
export function useConsoleFormatters() {
  return useZonedFormatters({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' });
}

/** Active members against seats; more members than seats (after a downgrade) is shown as such. */
export function SeatsUsed({ used, seats }: { used: number; seats: number }) {
  const { t } = useTranslation();
  const over = used > seats;
  return (
    <span className={over ? 'status-tag status-tag--warning' : undefined} title={over ? t('platform.overSeats') : undefined}>
      {t('platform.seatsUsed', { used, seats })}
      {over && <span className="visually-hidden"> {t('platform.overSeats')}</span>}
    </span>
  );
}
