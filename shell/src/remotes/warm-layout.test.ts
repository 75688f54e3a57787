import { afterEach, describe, expect, it, vi } from 'vitest';
import { inertCopy, layOutOnce, slicesOf, warmLayoutWhenDrawn } from './warm-layout';

/** A page as the hidden `<Activity>` leaves it: its top element hidden inline. */
function drawnPage(html: string): Element {
  const doc = document.implementation.createHTMLDocument('');
  const container = doc.createElement('div');
  container.innerHTML = html;
  for (const child of Array.from(container.children)) (child as HTMLElement).style.setProperty('display', 'none', 'important');
  return container;
}

const table = (rows: number) =>
  `<section class="page"><h1>Users</h1><table class="ant-table"><tbody class="ant-table-tbody">${Array.from(
    { length: rows },
    (_, i) => `<tr data-row="${i}"><td><img src="/avatar/${i}.png" alt=""><b>User ${i}</b></td><td>${i}</td></tr>`,
  ).join('')}</tbody></table></section>`;

/** Idle periods run by hand. */
function manualIdle() {
  const queue: (() => void)[] = [];
  const idle = (run: () => void) => {
    queue.push(run);
    return () => {
      const i = queue.indexOf(run);
      if (i >= 0) queue.splice(i, 1);
    };
  };
  const runAll = (max = 1000) => {
    for (let i = 0; i < max && queue.length > 0; i++) queue.shift()!();
  };
  return { idle, queue, runAll };
}

describe('inertCopy', () => {
  it('shows the hidden top elements and keeps nothing that would load or run', () => {
    const page = drawnPage(
      `<div class="top" style="color: red"><img src="/a.png" srcset="/a2.png 2x" alt="a"><iframe src="/x"></iframe>` +
        `<script>1</script><video src="/v.mp4" poster="/p.png" autoplay></video><input autofocus>` +
        `<span style="background-image: url(/bg.png)">bg</span><style>body{color:red}</style><link rel="stylesheet" href="/s.css"></div>`,
    );
    const copy = inertCopy(page);
    const top = copy.firstElementChild as HTMLElement;
    expect(top.style.display).toBe('');
    expect(top.style.color).toBe('red');
    expect(copy.querySelector('img')?.getAttribute('alt')).toBe('a');
    expect(copy.querySelectorAll('[src], [srcset], [poster], [autofocus], [autoplay]')).toHaveLength(0);
    expect(copy.querySelectorAll('script, iframe, video, style, link')).toHaveLength(0);
    expect(copy.querySelector('span')?.getAttribute('style')).toBeNull();
    expect(copy.querySelector('span')?.textContent).toBe('bg');
    // The page itself is untouched.
    expect((page.firstElementChild as HTMLElement).style.display).toBe('none');
    expect(page.querySelector('img')?.getAttribute('src')).toBe('/a.png');
  });
});

describe('slicesOf', () => {
  it('a small page is one slice', () => {
    const copy = inertCopy(drawnPage(table(2)));
    const slices = slicesOf(copy, 150);
    expect(slices).toHaveLength(1);
    expect(slices[0]!.querySelectorAll('tr')).toHaveLength(2);
  });

  it('cuts a large page into slices of at most max elements, each under the chain of its ancestors, every row once', () => {
    const copy = inertCopy(drawnPage(table(50)));
    const slices = slicesOf(copy, 40);
    expect(slices.length).toBeGreaterThan(5);
    const rows: string[] = [];
    for (const slice of slices) {
      // Each slice's own content (below its ancestor chain) stays under the limit.
      expect(slice.getElementsByTagName('*').length).toBeLessThanOrEqual(40 + 4);
      for (const row of Array.from(slice.querySelectorAll('tr'))) {
        rows.push(row.getAttribute('data-row')!);
        // The selectors the page's styles use still match: tbody > tr inside the table.
        expect(row.parentElement?.matches('.ant-table > .ant-table-tbody')).toBe(true);
        expect(row.closest('section.page')).not.toBeNull();
      }
    }
    expect(rows).toEqual(Array.from({ length: 50 }, (_, i) => String(i)));
    expect(slices.some((slice) => slice.querySelector('h1')?.textContent === 'Users')).toBe(true);
  });
});

describe('layOutOnce', () => {
  it('lays the slice out hidden from people, tests and screen readers, and leaves the document as it was', () => {
    document.body.innerHTML = '<main>console</main>';
    const seen: { ariaHidden: string | null; inert: boolean; visibility: string; text: string }[] = [];
    const measure = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      seen.push({
        ariaHidden: this.getAttribute('aria-hidden'),
        inert: this.inert,
        visibility: this.style.visibility,
        text: document.body.textContent ?? '',
      });
      return new DOMRect();
    });
    const slice = slicesOf(inertCopy(drawnPage(table(1))))[0]!;
    layOutOnce(slice, 800);
    expect(seen).toEqual([{ ariaHidden: 'true', inert: true, visibility: 'hidden', text: 'consoleUsersUser 00' }]);
    expect(document.body.innerHTML).toBe('<main>console</main>');
    measure.mockRestore();
  });
});

describe('warmLayoutWhenDrawn', () => {
  afterEach(() => vi.restoreAllMocks());

  it('waits until the page is drawn and loaded, then lays it out one slice per idle period', () => {
    const { idle, queue, runAll } = manualIdle();
    const laidOut = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const container = document.implementation.createHTMLDocument('').createElement('div');
    warmLayoutWhenDrawn(container, { idle, width: () => 900 });
    // Nothing drawn yet, then a skeleton: it waits.
    queue.shift()!();
    container.innerHTML = '<div class="ant-skeleton"></div>';
    queue.shift()!();
    expect(laidOut).not.toHaveBeenCalled();
    container.innerHTML = table(50);
    queue.shift()!();
    expect(laidOut).not.toHaveBeenCalled();
    queue.shift()!();
    expect(laidOut).toHaveBeenCalledTimes(1);
    runAll();
    expect(laidOut.mock.calls.length).toBe(slicesOf(inertCopy(container)).length);
    expect(queue).toHaveLength(0);
  });

  it('stops when cancelled (sign-out) and gives up on a page that never settles', () => {
    const { idle, queue, runAll } = manualIdle();
    const laidOut = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const container = document.implementation.createHTMLDocument('').createElement('div');
    container.innerHTML = table(50);
    const cancel = warmLayoutWhenDrawn(container, { idle });
    queue.shift()!();
    queue.shift()!();
    expect(laidOut).toHaveBeenCalledTimes(1);
    cancel();
    runAll();
    expect(laidOut).toHaveBeenCalledTimes(1);

    const loading = document.implementation.createHTMLDocument('').createElement('div');
    loading.innerHTML = '<div aria-busy="true"></div>';
    warmLayoutWhenDrawn(loading, { idle, tries: 3 });
    runAll();
    expect(queue).toHaveLength(0);
    expect(laidOut).toHaveBeenCalledTimes(1);
  });
});
