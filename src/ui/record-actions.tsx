import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { confirmAction } from './confirm';

/**
 * A record's edit and delete buttons (in a table row or on a card), labelled with the record's
 * name for screen readers. Delete asks first; `onDelete` shows its own toast.
 */
export function RecordActions({
  name,
  onEdit,
  onDelete,
  deleting,
}: {
  name: string;
  /** Absent: no edit button (no permission). */
  onEdit?: () => void;
  /** Absent: no delete button (no permission). */
  onDelete?: () => Promise<void>;
  deleting?: boolean;
}) {
  const { t } = useTranslation();
  const remove = async () => {
    const message = t('records.deleteConfirm', { name });
    if (await confirmAction({ message, header: t('records.delete'), acceptLabel: t('records.delete'), danger: true })) await onDelete!();
  };
  return (
    <div className="row" style={{ flexWrap: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
      {onEdit && <Button type="button" size="small" text rounded icon="pi pi-pencil" aria-label={t('records.editNamed', { name })} onClick={onEdit} />}
      {onDelete && (
        <Button
          type="button"
          size="small"
          text
          rounded
          severity="danger"
          icon="pi pi-trash"
          aria-label={t('records.deleteNamed', { name })}
          loading={deleting}
          onClick={() => void remove()}
        />
      )}
    </div>
  );
}
