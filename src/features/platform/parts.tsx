import { useTranslation } from 'react-i18next';

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
