import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { systemMemo } from '../../src/api/finance/contract';
import { useSystemMemo } from '../../src/ui/format';
import { changeLanguage, initI18n } from '../../src/ui/i18n';

/**
 * The books' memos in the reader's language (issue 31): what the system wrote is said from its key
 * and values (a salary's month named in the language), a person's own words stay as written.
 */
function Memo({ text, code }: { text: string | null; code: Parameters<ReturnType<typeof useSystemMemo>>[1] }) {
  const memo = useSystemMemo();
  return <p>{memo(text, code)}</p>;
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('useSystemMemo', () => {
  const voucher = systemMemo('voucherPayment', { voucher: 'VCH-2031-0004', booking: 'BK-12' });
  const salary = systemMemo('salary', { month: '2031-03' });

  it('says a system memo in the reader’s language and keeps a person’s words', async () => {
    await changeLanguage('de');
    render(
      <>
          <Memo text={voucher.text} code={{ key: voucher.key, params: voucher.params }} />
          <Memo text={salary.text} code={{ key: salary.key, params: salary.params }} />
          <Memo text="Miete Büro März" code={null} />
      </>,
    );
    expect(screen.getByText('Zahlung für Voucher VCH-2031-0004 (BK-12)')).toBeTruthy();
    expect(screen.getByText('Gehalt, März 2031')).toBeTruthy();
    expect(screen.getByText('Miete Büro März')).toBeTruthy();
    expect(screen.queryByText(voucher.text)).toBeNull();
  });

  it('writes the English text the books keep from the same key', () => {
    expect(voucher.text).toBe('Voucher VCH-2031-0004 (BK-12)');
    expect(systemMemo('vendorRefund', { voucher: '', booking: 'BK-3' }).text).toBe('Vendor refund (BK-3)');
  });
});
