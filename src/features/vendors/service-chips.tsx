import { useTranslation } from 'react-i18next';
import type { Vendor } from '../../api/vendors/contract';

/** A vendor's service types, translated. */
export function ServiceChips({ services }: { services: Vendor['services'] }) {
  const { t } = useTranslation();
  return (
    <span className="chips">
      {services.map((s) => (
        <span key={s} className="chip">
          {t(`vendors.serviceTypes.${s}`)}
        </span>
      ))}
    </span>
  );
}
