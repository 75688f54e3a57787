/**
 * Issue 9, the part of a first visit the hidden render cannot warm: the browser's own.
 *
 * A warm page (warm-pages.tsx) is drawn into a document of its own, which has no layout. A
 * trace of the first visit to the users list at CPU 4x then still spent about twice the warm
 * switch's time in Layout (309-357 ms against 137-176 ms, three rounds): Chromium shapes every
 * word and resolves every font of the page's 50 rows the first time it lays them out, and
 * keeps the result for the next layout (font and shape caches live as long as the page, not
 * as long as the elements). After the same page had been laid out once, hidden, the first
 * visit's Layout fell to 138-156 ms and its first / warm ratio from 1.52 to 1.21 (README
 * "Benchmarks").
 *
 * So once a warm page is drawn, its DOM is copied into the console's document and laid out,
 * invisibly, a slice at a time, one slice per idle period, each slice attached, measured and
 * removed in the same task: no frame is ever painted with it, no event reaches it, and no
 * locator, screen reader or find-in-page can meet it (it is also `inert`, `aria-hidden` and
 * `visibility: hidden`, off to the side). The copy loads nothing: images, frames and media
 * lose their sources, and inline styles holding a `url(` are dropped.
 */

/** Elements laid out per slice: about 20 ms unthrottled on this 2-core machine. */
export const SLICE_ELEMENTS = 150;

/** Elements that would load something or run; dropped from the copy. */
const DROPPED = 'script, iframe, frame, object, embed, video, audio, link, style, template';
/** Attributes that make an element fetch or act when it is attached. */
const FETCHING_ATTRIBUTES = ['src', 'srcset', 'poster', 'data', 'autofocus', 'autoplay', 'background'];

/**
 * A deep copy of `root` that loads nothing once attached: its top elements shown (the
 * `<Activity>` hid them with an inline `display: none`), images without sources.
 */
export function inertCopy(root: Element): Element {
  const copy = root.cloneNode(true) as Element;
  // (A page whose top element had an inline display of its own loses it here: no matter for
  // warming fonts and text.)
  for (const child of Array.from(copy.children)) (child as HTMLElement).style?.removeProperty('display');
  for (const el of Array.from(copy.querySelectorAll(DROPPED))) el.remove();
  for (const el of [copy, ...Array.from(copy.querySelectorAll('*'))]) {
    for (const name of FETCHING_ATTRIBUTES) el.removeAttribute(name);
    if (el.getAttribute('style')?.includes('url(')) el.removeAttribute('style');
  }
  return copy;
}

const count = (el: Element) => el.getElementsByTagName('*').length + 1;

/**
 * Splits `root` (a copy, see inertCopy) into slices of about `max` elements. Each slice keeps
 * the chain of its ancestors up to `root` (shallow copies, with their classes and attributes)
 * so the page's selectors (`.ant-table-tbody > tr > td`) and inherited fonts still apply.
 */
export function slicesOf(root: Element, max = SLICE_ELEMENTS): Element[] {
  const slices: Element[] = [];
  const visit = (el: Element, chain: Element[]) => {
    if (count(el) <= max) {
      slices.push(wrap(chain, [el]));
      return;
    }
    const path = [...chain, el];
    let group: Element[] = [];
    let size = 0;
    const flush = () => {
      if (group.length > 0) slices.push(wrap(path, group));
      group = [];
      size = 0;
    };
    for (const child of Array.from(el.children)) {
      const n = count(child);
      if (n > max) {
        flush();
        visit(child, path);
      } else {
        if (size + n > max) flush();
        group.push(child);
        size += n;
      }
    }
    flush();
  };
  visit(root, []);
  return slices;
}

/** Shallow copies of `chain` nested in order, with deep copies of `children` in the last. */
function wrap(chain: Element[], children: Element[]): Element {
  const copies = chain.map((el) => el.cloneNode(false) as Element);
  copies.forEach((copy, i) => copies[i + 1] && copy.append(copies[i + 1]!));
  const leaf = copies[copies.length - 1];
  const nodes = children.map((child) => child.cloneNode(true));
  if (!leaf) return nodes.length === 1 ? (nodes[0] as Element) : wrapIn(nodes);
  leaf.append(...nodes);
  return copies[0]!;
}

function wrapIn(nodes: Node[]): Element {
  const div = nodes[0]!.ownerDocument!.createElement('div');
  div.append(...nodes);
  return div;
}

/**
 * Attaches `slice` to the console's document out of sight, forces its style and layout, and
 * removes it, all in this task. `width` is the content area's, so lines wrap as they will.
 */
export function layOutOnce(slice: Element, width: number, doc: Document = document): void {
  const holder = doc.createElement('div');
  holder.setAttribute('aria-hidden', 'true');
  holder.inert = true;
  holder.style.cssText =
    `position:fixed;left:-${width + 100}px;top:0;width:${width}px;visibility:hidden;` +
    'pointer-events:none;contain:layout paint;z-index:-1';
  holder.append(doc.adoptNode(slice));
  doc.body.append(holder);
  try {
    holder.getBoundingClientRect();
    void holder.offsetHeight;
  } finally {
    holder.remove();
  }
}

/** What a warm page's DOM looks like while the page still waits for something. */
const UNSETTLED = '.ant-skeleton, .ant-spin-spinning, [aria-busy="true"]';

type Idle = (run: () => void) => () => void;

const onIdle: Idle = (run) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
};

/**
 * Once the hidden page inside `container` is drawn (an element, nothing loading; checked at
 * each idle period, `tries` at most), lays a copy of it out in slices, one per idle period.
 * Returns a cancel function (sign-out, or the page dropped).
 */
export function warmLayoutWhenDrawn(
  container: Element,
  { width = () => document.querySelector('main')?.clientWidth || 1000, tries = 30, idle = onIdle } = {},
): () => void {
  let cancel: () => void = () => undefined;
  let stopped = false;
  const layOutSlices = (slices: Element[]) => {
    const next = slices.shift();
    if (!next || stopped) return;
    layOutOnce(next, width());
    cancel = idle(() => layOutSlices(slices));
  };
  const waitForPage = (left: number) => {
    if (stopped || left === 0) return;
    const drawn = container.firstElementChild && !container.querySelector(UNSETTLED);
    if (!drawn) {
      cancel = idle(() => waitForPage(left - 1));
      return;
    }
    const slices = slicesOf(inertCopy(container));
    cancel = idle(() => layOutSlices(slices));
  };
  cancel = idle(() => waitForPage(tries));
  return () => {
    stopped = true;
    cancel();
  };
}
