import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';

/** A create/edit form in a dialog: the form's fields as children, Cancel and Save in the footer. */
export function FormDialog({
  id,
  header,
  onClose,
  onSubmit,
  submitting,
  width = 820,
  children,
}: {
  /** The form's id (the footer's Save button submits it). */
  id: string;
  header: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible
      onHide={onClose}
      header={header}
      style={{ width: `min(${width}px, 95vw)` }}
      footer={
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="button" text label={t('shell.cancel')} onClick={onClose} />
          <Button type="submit" form={id} label={t('shell.save')} icon="pi pi-check" loading={submitting} />
        </div>
      }
    >
      <form id={id} className="stack" onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}
