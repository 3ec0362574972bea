import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MODULE_KEYS } from '../../api/permissions';
import { modulePath } from '../../ui/module-paths';
import { ComingSoon } from '../../ui/placeholders';

/** The areas of later issues: the menu already links them, the screens arrive with those issues. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const key = MODULE_KEYS.find((k) => modulePath(k) === pathname);
  return <ComingSoon title={key ? t(`menu.${key}`) : ''} />;
}
