import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { Skeleton } from 'primereact/skeleton';
import { toast } from 'sonner';
import type { AppModule } from '../../api/admin/modules/contract';
import { useModules } from '../../api/admin/modules/get-modules';
import { useReorderModules, useUpdateModule } from '../../api/admin/modules/save-modules';
import { useCan } from '../../ui/auth';
import en from '../../ui/i18n/locales/en';

function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Module setup: drag and drop, or the arrow buttons (keyboard), change the menu order at once. */
export function ModulesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const modules = useModules();
  const reorder = useReorderModules();
  const updateModule = useUpdateModule();
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const editable = can('modules', 'update');
  const list = modules.data ?? [];
  const label = (m: AppModule) => (m.name === en.menu[m.key] ? t(`menu.${m.key}`) : m.name);

  function move(from: number, to: number) {
    if (to < 0 || to >= list.length || from === to) return;
    const next = moved(list, from, to);
    reorder.mutate(next, { onSuccess: () => toast.success(t('modules.reordered'), { id: 'modules-reordered' }) });
    setAnnouncement(`${label(list[from]!)}: ${to + 1} / ${list.length}`);
  }

  return (
    <section className="stack">
      <div className="page-header">
        <h1>{t('modules.title')}</h1>
      </div>
      <p className="muted">{t('modules.hint')}</p>
      <div aria-live="polite" className="visually-hidden">
        {announcement}
      </div>
      {modules.isPending ? (
        <Skeleton height="20rem" />
      ) : (
        <ol className="module-list" data-testid="module-list">
          {list.map((m, i) => (
            <li
              key={m._id}
              className={`module-row${dragIndex === i ? ' dragging' : ''}${overIndex === i && dragIndex !== i ? ' drop-target' : ''}`}
              draggable={editable}
              data-module={m.key}
              onDragStart={(e) => {
                setDragIndex(i);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', m._id);
              }}
              onDragOver={(e) => {
                if (dragIndex === null) return;
                e.preventDefault();
                setOverIndex(i);
              }}
              onDragLeave={() => setOverIndex((o) => (o === i ? null : o))}
              onDrop={(e) => {
                e.preventDefault();
                if (dragIndex !== null) move(dragIndex, i);
                setDragIndex(null);
                setOverIndex(null);
              }}
              onDragEnd={() => {
                setDragIndex(null);
                setOverIndex(null);
              }}
            >
              {editable && (
                <span className="drag-handle" aria-hidden="true" title={t('modules.dragHandle', { name: label(m) })}>
                  <i className="pi pi-bars" />
                </span>
              )}
              <i className={m.icon} aria-hidden="true" />
              <span className="grow">{label(m)}</span>
              <label className="row" style={{ gap: '0.4rem' }}>
                <span className="muted">{t('modules.visible')}</span>
                <InputSwitch
                  checked={m.isActive}
                  disabled={!editable}
                  aria-label={`${t('modules.visible')}: ${label(m)}`}
                  onChange={(e) => updateModule.mutate({ _id: m._id, isActive: !!e.value }, { onSuccess: () => toast.success(t('modules.updated')) })}
                />
              </label>
              {editable && (
                <>
                  <Button type="button" icon="pi pi-arrow-up" rounded text aria-label={t('modules.moveUp', { name: label(m) })} disabled={i === 0 || reorder.isPending} onClick={() => move(i, i - 1)} />
                  <Button type="button" icon="pi pi-arrow-down" rounded text aria-label={t('modules.moveDown', { name: label(m) })} disabled={i === list.length - 1 || reorder.isPending} onClick={() => move(i, i + 1)} />
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
