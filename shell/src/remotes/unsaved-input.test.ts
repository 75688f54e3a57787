import axios from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearUnsavedInput,
  hasUnsavedInput,
  noteClick,
  noteInput,
  noteKey,
  trackSavedCalls,
} from './unsaved-input';

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

  it('counts clicks on controls that send no input event (switches, antd checkboxes and radios, options, sliders, picker cells)', () => {
    const clicked = (html: string) => {
      clearUnsavedInput();
      noteClick('settings', element(html));
      return hasUnsavedInput('settings');
    };
    expect(clicked('<button role="switch" aria-checked="false"><span data-target></span></button>')).toBe(
      true,
    );
    expect(clicked('<span role="checkbox" data-target></span>')).toBe(true);
    expect(clicked('<label role="radio"><span data-target>A</span></label>')).toBe(true);
    expect(clicked('<div role="option" data-target>Daily</div>')).toBe(true);
    expect(clicked('<div role="slider" data-target></div>')).toBe(true);
    expect(
      clicked('<table><tr><td class="ant-picker-cell"><div data-target>12</div></td></tr></table>'),
    ).toBe(true);
    expect(
      clicked('<td class="ant-picker-cell ant-picker-cell-disabled"><div data-target>1</div></td>'),
    ).toBe(false);
    expect(clicked('<div role="switch" aria-disabled="true" data-target></div>')).toBe(false);
    expect(clicked('<button data-target>Save</button>')).toBe(false);
    expect(clicked('<div data-unsaved-ignore><div role="option" data-target>x</div></div>')).toBe(false);

    clearUnsavedInput();
    noteKey('settings', element('<div role="slider" data-target></div>'), 'Tab');
    expect(hasUnsavedInput('settings')).toBe(false);
    noteKey('settings', element('<div role="slider" data-target></div>'), 'ArrowRight');
    expect(hasUnsavedInput('settings')).toBe(true);
  });

  it('a successful change call clears it; a GET, an /auth call or a refused change does not', async () => {
    const client = axios.create();
    let body: unknown = { code: 200, message: 'ok', data: null };
    client.defaults.adapter = async (config) => ({
      data: body,
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    });
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
