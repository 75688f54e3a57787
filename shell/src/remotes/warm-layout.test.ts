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

afterEach(() => vi.restoreAllMocks());

describe('inertCopy', () => {
  it('shows the hidden top elements and keeps nothing that would load, run or join a group', () => {
    const page = drawnPage(
      `<div class="top" style="color: red"><img src="/a.png" srcset="/a2.png 2x" alt="a"><iframe src="/x"></iframe>` +
        `<script>1</script><video src="/v.mp4" poster="/p.png" autoplay></video><input autofocus>` +
        `<input type="radio" name="range" checked><a href="/users/detail/1">link</a>` +
        `<svg><image href="/i.png"></image><use href="/s.svg#x"></use></svg>` +
        `<span style="background-image: URL(/bg.png)">bg</span><i style="background: image-set('/x.png' 1x)">i</i>` +
        `<style>body{color:red}</style><link rel="stylesheet" href="/s.css"></div>`,
    );
    const copy = inertCopy(page);
    const top = copy.firstElementChild as HTMLElement;
    expect(top.style.display).toBe('');
    expect(top.style.color).toBe('red');
    expect(copy.querySelector('img')?.getAttribute('alt')).toBe('a');
    expect(copy.querySelectorAll('[src], [srcset], [poster], [autofocus], [autoplay], [name]')).toHaveLength(0);
    expect(copy.querySelectorAll('script, iframe, video, style, link')).toHaveLength(0);
    expect(Array.from(copy.querySelectorAll('svg *')).filter((el) => el.hasAttribute('href'))).toHaveLength(0);
    // A link fetches nothing: it keeps its href (and so its styles).
    expect(copy.querySelector('a')?.getAttribute('href')).toBe('/users/detail/1');
    expect(copy.querySelector('span')?.getAttribute('style')).toBeNull();
    expect(copy.querySelector('i')?.getAttribute('style')).toBeNull();
    expect(copy.querySelector('span')?.textContent).toBe('bg');
    // The page itself is untouched.
    expect((page.firstElementChild as HTMLElement).style.display).toBe('none');
    expect(page.querySelector('img')?.getAttribute('src')).toBe('/a.png');
  });
});

describe('slicesOf', () => {
  it('a small page is one slice, inert and shown', () => {
    const slices = slicesOf(drawnPage(table(2)), 150).map((make) => make());
    expect(slices).toHaveLength(1);
    expect(slices[0]!.querySelectorAll('tr')).toHaveLength(2);
    expect(slices[0]!.querySelectorAll('[src]')).toHaveLength(0);
    expect((slices[0]!.firstElementChild as HTMLElement).style.display).toBe('');
  });

  it('cuts a large page into slices of at most max elements, each under the chain of its ancestors, every row and text once', () => {
    const page = drawnPage(`${table(50)}<p>after the table</p>`);
    page.firstElementChild!.insertBefore(page.ownerDocument.createTextNode('Loose text'), page.firstElementChild!.firstChild);
    const slices = slicesOf(page, 40).map((make) => make());
    expect(slices.length).toBeGreaterThan(5);
    const rows: string[] = [];
    const text = slices.map((slice) => slice.textContent).join('');
    expect(text).toBe(page.textContent);
    for (const slice of slices) {
      expect(slice.querySelectorAll('[src]')).toHaveLength(0);
      // The page's top element (hidden by the Activity) is shown in every slice.
      expect((slice.firstElementChild as HTMLElement).style.display).toBe('');
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
  it('lays the slice out unseen and unheard, and leaves the document as it was', () => {
    document.body.innerHTML = '<main>console</main>';
    const seen: { ariaHidden: string | null; opacity: string; text: string }[] = [];
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      seen.push({ ariaHidden: this.getAttribute('aria-hidden'), opacity: this.style.opacity, text: document.body.textContent ?? '' });
      return new DOMRect();
    });
    const slice = slicesOf(drawnPage(table(1)))[0]!();
    layOutOnce(slice);
    expect(seen).toEqual([{ ariaHidden: 'true', opacity: '0', text: 'consoleUsersUser 00' }]);
    expect(document.body.innerHTML).toBe('<main>console</main>');
  });

  it('the holder adds no inherited value: only non-inherited properties and aria-hidden', () => {
    // With `visibility: hidden`, `pointer-events: none` and `inert` (inherited), every element
    // of the copy had other computed styles than the page's own, and the first visit's style
    // recalculation cost 2-3x the warm switch's for the same elements (README, session 10).
    document.body.innerHTML = '<main>console</main>';
    const measured: HTMLElement[] = [];
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      measured.push(this);
      return new DOMRect();
    });
    layOutOnce(slicesOf(drawnPage(table(1)))[0]!());
    const [holder] = measured;
    const style = holder!.style;
    const declared = Array.from({ length: style.length }, (_, i) => style.item(i));
    const notInherited = /^(position|left|top|width|opacity|contain|overflow(-[xy])?|z-index)$/;
    expect(declared.length).toBeGreaterThan(0);
    expect(declared.filter((name) => !notInherited.test(name))).toEqual([]);
    expect(style.position).toBe('fixed');
    expect(holder!.getAttributeNames()).toEqual(['aria-hidden', 'style']);
  });
});

describe('warmLayoutWhenDrawn', () => {
  it('waits until the page is drawn and loaded, then lays it out one slice per idle period, and says so', () => {
    const { idle, queue, runAll } = manualIdle();
    const laidOut = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const container = document.implementation.createHTMLDocument('').createElement('div');
    warmLayoutWhenDrawn(container, '/users/list', { idle });
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
    expect(performance.getEntriesByName('warm-layout /users/list')).toHaveLength(0);
    runAll();
    expect(laidOut.mock.calls.length).toBe(slicesOf(container).length);
    expect(laidOut.mock.calls.length).toBeGreaterThan(3);
    expect(queue).toHaveLength(0);
    expect(performance.getEntriesByName('warm-layout /users/list')).toHaveLength(1);
  });

  it('stops when cancelled (sign-out) and gives up on a page that never settles', () => {
    const { idle, queue, runAll } = manualIdle();
    const laidOut = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const container = document.implementation.createHTMLDocument('').createElement('div');
    container.innerHTML = table(50);
    const cancel = warmLayoutWhenDrawn(container, '/tasks/list', { idle });
    queue.shift()!();
    queue.shift()!();
    expect(laidOut).toHaveBeenCalledTimes(1);
    // Cancelled while its next slice waits for an idle period: that one never runs.
    cancel();
    expect(queue).toHaveLength(0);
    // Cancelled while a slice is running (the idle period already began): it stops after it.
    const second = document.implementation.createHTMLDocument('').createElement('div');
    second.innerHTML = table(50);
    const noCancel = (run: () => void) => (queue.push(run), () => undefined);
    const stop = warmLayoutWhenDrawn(second, '/settings', { idle: noCancel });
    queue.shift()!();
    queue.shift()!();
    stop();
    runAll();
    expect(laidOut).toHaveBeenCalledTimes(2);

    vi.useFakeTimers();
    const loading = document.implementation.createHTMLDocument('').createElement('div');
    loading.innerHTML = '<div aria-busy="true"></div>';
    warmLayoutWhenDrawn(loading, '/giveaways/list', { idle, waitMs: 1000 });
    queue.shift()!();
    expect(queue).toHaveLength(1);
    vi.advanceTimersByTime(1500);
    runAll();
    expect(queue).toHaveLength(0);
    expect(laidOut).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});
