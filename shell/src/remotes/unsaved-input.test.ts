import axios from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { clearUnsavedInput, hasUnsavedInput, noteInput, trackSavedCalls } from './unsaved-input';

afterEach(() => clearUnsavedInput());

function element(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.querySelector('[data-target]')!;
}

describe('unsaved input', () => {
  it('counts editable elements (fields, text areas, selects, checkboxes, rich text), not search boxes or buttons', () => {
    const counts = (html: string) => {
      clearUnsavedInput();
      noteInput('settings', element(html));
      return hasUnsavedInput('settings');
    };
    expect(counts('<input data-target>')).toBe(true);
    expect(counts('<textarea data-target></textarea>')).toBe(true);
    expect(counts('<select data-target></select>')).toBe(true);
    expect(counts('<input type="checkbox" data-target>')).toBe(true);
    expect(counts('<div contenteditable="true" data-target></div>')).toBe(true);
    expect(counts('<input type="search" data-target>')).toBe(false);
    expect(counts('<input role="searchbox" data-target>')).toBe(false);
    expect(counts('<div data-unsaved-ignore><span><input data-target></span></div>')).toBe(false);
    expect(counts('<button data-target>x</button>')).toBe(false);
    expect(hasUnsavedInput('users')).toBe(false);
  });

  it('a successful change call clears it; a GET, an /auth call or a refused change does not', async () => {
    const client = axios.create();
    let body: unknown = { code: 200, message: 'ok', data: null };
    client.defaults.adapter = async (config) => ({ data: body, status: 200, statusText: 'OK', headers: {}, config });
    trackSavedCalls(client);
    const typed = () => noteInput('settings', element('<input data-target>'));

    typed();
    await client.get('/manager/settings');
    await client.post('/auth/step-up', {});
    expect(hasUnsavedInput('settings')).toBe(true);
    body = { code: 400, message: 'Invalid', data: null };
    await client.put('/manager/settings', {});
    expect(hasUnsavedInput('settings')).toBe(true);
    body = { code: 200, message: 'ok', data: null };
    await client.put('/manager/settings', {});
    expect(hasUnsavedInput('settings')).toBe(false);
  });
});
