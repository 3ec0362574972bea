import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { intBetween } from '../../src/api/common/schemas';
import { contractResolver } from '../../src/ui/form-resolver';
import { NumberField } from '../../src/ui/form-fields';
import { configureApiClient } from '../../src/api/client';
import { changeLanguage, currentLanguage, initI18n, translateApi } from '../../src/ui/i18n';

configure({ asyncUtilTimeout: 5000 });

/**
 * A party size past its maximum (issue 27: "Adults 6000" became 99 on leaving the field, silently):
 * the field keeps what was typed, says the maximum at once in the member's language, and the form
 * refuses to send it. The lead's enquiry and the customized tour ask adults 1–99 with this field.
 */
const schema = v.object({ adults: intBetween(1, 99) });
let sent: unknown[] = [];

function Party() {
  const { control, handleSubmit } = useForm<{ adults: number | undefined }, unknown, { adults: number }>({ resolver: contractResolver(schema), defaultValues: { adults: 2 } });
  return (
    <form noValidate onSubmit={handleSubmit((x) => void sent.push(x))}>
      <NumberField control={control} name="adults" label="Adults" min={1} max={99} />
      <button type="submit">Send</button>
    </form>
  );
}

beforeAll(async () => {
  configureApiClient({ translate: translateApi, language: currentLanguage });
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  sent = [];
});
afterAll(() => changeLanguage('en'));

describe('a number past its range', () => {
  it('keeps 6000 adults as typed, says the maximum under the field, and is not sent', async () => {
    const user = userEvent.setup();
    render(<Party />);
    const adults = screen.getByLabelText('Adults');
    expect(adults.getAttribute('aria-valuemax')).toBe('99');
    await user.clear(adults);
    await user.type(adults, '6000');
    await user.tab();
    expect((adults as HTMLInputElement).value).toBe('6000');
    expect(screen.getByRole('alert').textContent).toBe('Adults must be at most 99');
    expect(adults.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Adults must be at most 99'));
    expect(sent).toEqual([]);
    // Below the least: 0 adults stays 0 and is told the least, not turned into 1.
    await user.clear(adults);
    await user.type(adults, '0');
    await user.tab();
    expect((adults as HTMLInputElement).value).toBe('0');
    expect(screen.getByRole('alert').textContent).toBe('Adults must be at least 1');
    // In range, it goes.
    await user.clear(adults);
    await user.type(adults, '12');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([{ adults: 12 }]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the maximum in the member’s language (Arabic)', async () => {
    await changeLanguage('ae');
    const user = userEvent.setup();
    render(<Party />);
    const adults = screen.getByRole('spinbutton');
    await user.clear(adults);
    await user.type(adults, '6000');
    await user.tab();
    expect(screen.getByRole('alert').textContent).toContain('يجب ألا يزيد على 99');
  });
});
