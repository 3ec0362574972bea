import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { todayIn } from '../../domain/calendar';
import { newIdempotencyKey } from '../../api/common/idempotency';
import { reverseEntryInput, type JournalEntry, type ReverseEntryInput } from '../../api/finance/contract';
import { useReverseEntry } from '../../api/finance/save-finance';
import { useAuth } from '../../ui/auth';
import { FormDialog } from '../../ui/form-dialog';
import { contractResolver } from '../../ui/form-resolver';
import { applyServerIssues, DateField, TextField } from '../../ui/form-fields';
import { useMoneyRefusal } from './parts';

/** Undo an entry with a reversing one (the finance area's own entries: other income, opening balances). */
export function ReverseDialog({ entry, onClose }: { entry: JournalEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const reverse = useReverseEntry();
  const refused = useMoneyRefusal();
  const [key] = useState(newIdempotencyKey);
  const { control, handleSubmit, setError, formState } = useForm<{ date: string; memo: string }, unknown, ReverseEntryInput>({
    // An empty memo is no memo.
    resolver: contractResolver(reverseEntryInput, { toInput: ({ date, memo }: { date: string; memo: string }) => ({ date, memo: memo || undefined }) }),
    defaultValues: { date: todayIn(organization.timeZone), memo: '' },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await reverse.mutateAsync({ entryId: entry._id, input, key });
      toast.success(t('finance.journal.reversedToast'));
      onClose();
    } catch (error) {
      applyServerIssues(error, setError as never);
      refused(error);
    }
  });
  return (
    <FormDialog id="reverse-form" header={t('finance.journal.reverseTitle')} onClose={onClose} onSubmit={submit} formState={formState} width={520}>
      <p className="muted" style={{ margin: 0 }}>{t('finance.journal.reverseHint')}</p>
      <DateField control={control} name="date" label={t('finance.journal.date')} />
      <TextField control={control} name="memo" label={t('finance.journal.reverseMemo')} autoComplete="off" />
    </FormDialog>
  );
}
