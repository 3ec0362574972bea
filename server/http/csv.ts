/**
 * One CSV cell, safe to open in a spreadsheet: a value a spreadsheet would run as a formula (it
 * starts with = + - @, a tab or a return) starts with ' instead (OWASP, "CSV injection"), and a
 * value with a comma, quote or line break is quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Rows of cells as CSV text (RFC 4180 line ends), starting with a UTF-8 byte order mark: without it
 * a spreadsheet opens the file in the machine's legacy code page, and German, Russian or Japanese
 * headers and names come out garbled. (A UTF-8 decoder, `Response.text()` included, drops the mark.)
 */
export const csvText = (rows: string[][]) => '\ufeff' + rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
