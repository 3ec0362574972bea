import { useRef } from 'react';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useLogout } from '../api/admin/auth/logout';
import { useAuth } from './auth';

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');

export function MemberMenu() {
  const { t } = useTranslation();
  const { member } = useAuth();
  const navigate = useNavigate();
  const logout = useLogout();
  const menu = useRef<Menu>(null);

  async function signOut() {
    await logout.mutateAsync().catch(() => undefined);
    navigate('/login', { replace: true });
    toast.success(t('shell.signedOut'));
  }

  return (
    <>
      <Button
        type="button"
        text
        className="p-button-secondary"
        aria-haspopup="menu"
        data-testid="member-menu"
        onClick={(e) => menu.current?.toggle(e)}
      >
        <span className="avatar" aria-hidden="true">{initials(member.name)}</span>
        <span className="visually-hidden">{`${t('shell.memberMenu')}: ${member.name}`}</span>
      </Button>
      <Menu
        ref={menu}
        popup
        aria-label={t('shell.memberMenu')}
        model={[
          { label: member.name, disabled: true, className: 'muted' },
          { separator: true },
          { label: t('shell.profile'), icon: 'pi pi-user', command: () => navigate('/profile') },
          { label: t('shell.preferences'), icon: 'pi pi-sliders-v', command: () => navigate('/preferences') },
          { separator: true },
          { label: t('shell.signOut'), icon: 'pi pi-sign-out', command: () => void signOut() },
        ]}
      />
    </>
  );
}
