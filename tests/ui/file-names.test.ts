import { describe, expect, it } from 'vitest';
import { cleanFileName } from '../../src/api/common/file-name';

/** Issue 26: a file name never hides its real ending behind an override or an invisible character. */
describe('file names as shown', () => {
  it('drops bidirectional overrides, isolates, marks and control characters, and keeps the letters', () => {
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('a\u2066b\u2069c\u200Fd\u200Ee\u061Cf\u202Ag\u202Bh\u202Ci\u202Dj.pdf')).toBe('abcdefghij.pdf');
    expect(cleanFileName('line\nbreak\ttab\u0000nul\u0085next\u2028sep\uFEFFbom.txt')).toBe('linebreaktabnulnextsepbom.txt');
    expect(cleanFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(cleanFileName('إيصال الدفع.pdf')).toBe('إيصال الدفع.pdf');
    expect(cleanFileName('نامه\u200Cها.pdf')).toBe('نامه\u200Cها.pdf');
    expect(cleanFileName('\u202E\u0007', 'proof')).toBe('proof');
  });
});
