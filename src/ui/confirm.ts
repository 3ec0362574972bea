import { confirmDialog } from 'primereact/confirmdialog';
import { i18next } from './i18n';

/** A confirmation before a destructive or irreversible action; resolves true when accepted. */
export function confirmAction(options: { message: string; header?: string; acceptLabel?: string; rejectLabel?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    confirmDialog({
      message: options.message,
      header: options.header ?? i18next.t('form.confirm'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: options.acceptLabel ?? i18next.t('form.yes'),
      rejectLabel: options.rejectLabel ?? i18next.t('shell.cancel'),
      // Outlined: white on Lara's solid red is under 4.5:1.
      acceptClassName: options.danger ? 'p-button-danger p-button-outlined' : undefined,
      defaultFocus: 'reject',
      accept: () => resolve(true),
      reject: () => resolve(false),
      onHide: () => resolve(false),
    });
  });
}
