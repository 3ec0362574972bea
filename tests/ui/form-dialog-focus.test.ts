import { afterEach, describe, expect, it } from 'vitest';
import { focusFirstField } from '../../src/ui/form-dialog';

function dialog() {
  document.body.innerHTML = '<div class="p-dialog"><div class="p-dialog-header"><button>Close</button></div><form><input id="first" /><textarea id="second"></textarea></form></div><input id="outside" />';
  return { form: document.querySelector('form')!, first: document.getElementById('first')!, second: document.getElementById('second')!, outside: document.getElementById('outside')! };
}

describe('a form dialog puts the cursor in its first field when shown', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('from the page behind it', () => {
    const d = dialog();
    d.outside.focus();
    expect(focusFirstField(d.form)).toBe(true);
    expect(document.activeElement).toBe(d.first);
  });

  it('but not away from a field the person already chose while it was opening', () => {
    const d = dialog();
    d.second.focus();
    expect(focusFirstField(d.form)).toBe(true);
    expect(document.activeElement).toBe(d.second);
  });
});
