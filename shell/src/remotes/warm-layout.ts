/**
 * Issue 9, the part of a first visit the hidden render cannot warm: the browser's own.
 *
 * A warm page (warm-pages.tsx) is drawn into a document of its own, which has no layout. A
 * trace of the first visit to the users list at CPU 4x then still spent about twice the warm
 * switch's time in Layout (309-357 ms against 137-176 ms, three rounds): Chromium shapes every
 * word and resolves every font of the page's 50 rows the first time it lays them out, and
 * keeps the result for a while (font and shape caches outlive the elements, though not for
 * ever: laid out 25 s before the visit, about half the gain was left; 1 s before, all of it).
 * After the same page had been laid out once, hidden, the first visit's Layout fell to the
 * warm switch's (127-155 ms) and its first / warm ratio from 1.45 to 1.07 in that experiment
 * (README "Benchmarks").
 *
 * So once a warm page is drawn, its DOM is copied into the console's document and laid out,
 * a slice at a time, one slice per idle period, each slice attached, measured and removed in
 * the same synchronous task. That is what keeps it from everyone: no frame is ever painted
 * with it, no event, focus or accessibility update happens while it is there, and no locator,
 * axe run or find-in-page can run in the middle of the task. `aria-hidden` and `opacity: 0` are
 * only a second line, should a paint ever happen.
 * It warms the style engine too (computed styles are cached by the rules an element matches and
 * its parent's style). For that the holder adds no inherited value of its own, so the copy's
 * elements inherit what the page's will (a slice still differs where selectors look at
 * siblings, as `:last-child`). Until 2026-11-25 the holder was `inert`, `visibility: hidden`
 * and `pointer-events: none`, all inherited, and a first visit's style recalculation still
 * cost 2-3x the warm switch's for the same elements (README "Benchmarks", session 10).
 * The copy ("inert" in the names below: it loads and runs nothing; not the `inert` attribute)
 * loads and changes nothing: images, frames, media and SVG
 * references lose their sources, inline styles holding a `url(` or `image-set(` are dropped,
 * and form controls lose their `name` (a checked radio would uncheck the page's own radio of
 * the same name). Custom elements would run their `connectedCallback`: the console has none.
 * When every slice of a page is laid out, a `performance.mark('warm-layout <path>')` says so
 * (the navigation bench waits for the five marks).
 */

/** The holder's style: none of these properties is inherited. */
const HOLDER_STYLE = 'position:fixed;left:0;top:0;opacity:0;contain:layout paint;overflow:hidden;z-index:-1;';

/** Elements per slice: about 15 ms unthrottled on this 2-core machine, 60 at CPU 4x. */
const SLICE_ELEMENTS = 100;

/** Elements that would load something or run; dropped from the copy. */
const DROPPED = 'script, iframe, frame, object, embed, video, audio, link, style, template, meta, base';
/** Attributes that make an element fetch, act or join a group when it is attached. */
const ACTING_ATTRIBUTES = ['src', 'srcset', 'poster', 'data', 'autofocus', 'autoplay', 'background', 'name', 'xlink:href', 'ping', 'popover'];
const STYLE_FETCHES = /url\(|image-set\(/i;

/** Makes a copy load nothing once attached (see above); its hidden top elements shown. */
function makeInert(copy: Element): Element {
  for (const el of Array.from(copy.querySelectorAll(DROPPED))) el.remove();
  for (const el of [copy, ...Array.from(copy.querySelectorAll('*'))]) {
    for (const name of ACTING_ATTRIBUTES) el.removeAttribute(name);
    // An <a href> fetches nothing until followed; an SVG <image>/<use>/<feImage> href does.
    if (el.namespaceURI === 'http://www.w3.org/2000/svg') el.removeAttribute('href');
    if (STYLE_FETCHES.test(el.getAttribute('style') ?? '')) el.removeAttribute('style');
  }
  // The <Activity> hid the page's top elements with an inline `display: none` (a page whose
  // top element had an inline display of its own loses it here: no matter for warming).
  for (const el of Array.from(copy.children)) (el as HTMLElement).style?.removeProperty('display');
  return copy;
}

/** A copy of `root` that loads nothing once attached, its hidden top elements shown. */
export function inertCopy(root: Element): Element {
  return makeInert(root.cloneNode(true) as Element);
}

const size = (node: Node) => (node.nodeType === Node.ELEMENT_NODE ? (node as Element).getElementsByTagName('*').length + 1 : 0);

/**
 * Plans `root` (a drawn page's container) as slices of about `max` elements; each slice is
 * made (copied, made inert) only when asked for, so a page is copied once, spread over the
 * idle periods. Each slice keeps the chain of its ancestors up to `root` (shallow copies,
 * with their classes and attributes) so the page's selectors (`.ant-table-tbody > tr > td`)
 * and inherited fonts still apply. Every element and text of the page is in exactly one slice.
 */
export function slicesOf(root: Element, max = SLICE_ELEMENTS): (() => Element)[] {
  const slices: (() => Element)[] = [];
  const plan = (chain: Element[], nodes: Node[]) => slices.push(() => slice(root, chain, nodes));
  const visit = (el: Element, chain: Element[]) => {
    const path = [...chain, el];
    let group: Node[] = [];
    let elements = 0;
    const flush = () => {
      if (group.length > 0) plan(path, group);
      group = [];
      elements = 0;
    };
    for (const child of Array.from(el.childNodes)) {
      const n = size(child);
      if (n > max) {
        flush();
        visit(child as Element, path);
      } else {
        if (elements + n > max) flush();
        group.push(child);
        elements += n;
      }
    }
    flush();
  };
  if (size(root) <= max) plan([], [root]);
  else visit(root, []);
  return slices;
}

/** Shallow copies of `chain` nested in order, deep copies of `nodes` in the last, made inert. */
function slice(root: Element, chain: readonly Element[], nodes: readonly Node[]): Element {
  if (chain.length === 0) return inertCopy(root);
  const copies = chain.map((el) => el.cloneNode(false) as Element);
  copies.forEach((copy, i) => copies[i + 1] && copy.append(copies[i + 1]!));
  copies[copies.length - 1]!.append(...nodes.map((node) => node.cloneNode(true)));
  return makeInert(copies[0]!);
}

/**
 * Attaches `slice` inside `host` (the content area, so the console's fonts are inherited and
 * lines wrap at its width), forces its style and layout, and removes it, all in this task.
 * The holder is `position: fixed`: a tall slice does not make the document taller for that
 * layout (with classic scrollbars a short page would get one, and the whole console would be
 * laid out narrower, then back).
 */
export function layOutOnce(slice: Element, host: HTMLElement = document.querySelector('main') ?? document.body): void {
  const doc = host.ownerDocument;
  const computed = doc.defaultView?.getComputedStyle(host);
  const padding = (parseFloat(computed?.paddingLeft ?? '0') || 0) + (parseFloat(computed?.paddingRight ?? '0') || 0);
  const width = Math.max(320, (host.clientWidth || 1000) - padding);
  const holder = doc.createElement('div');
  holder.setAttribute('aria-hidden', 'true');
  // Only properties that are not inherited (HOLDER_STYLE): the copy's elements inherit what
  // the page's own will, or the style engine's cache of their styles is of no use to the visit.
  holder.style.cssText = `${HOLDER_STYLE}width:${width}px;`;
  holder.append(doc.adoptNode(slice));
  host.append(holder);
  try {
    holder.getBoundingClientRect();
  } finally {
    holder.remove();
  }
}

/** What a warm page's DOM looks like while the page still waits for something. */
const UNSETTLED = '.ant-skeleton, .ant-spin-spinning, [aria-busy="true"]';

/** Runs `run` in a later idle period; returns a cancel function. */
type Idle = (run: () => void) => () => void;

/** Milliseconds an idle period must still have for a slice (about 15 ms of work unthrottled). */
const IDLE_LEFT_MS = 12;

const onIdle: Idle = (run) => {
  if (typeof window.requestIdleCallback !== 'function') {
    const id = setTimeout(run, 200);
    return () => clearTimeout(id);
  }
  let id = 0;
  // No timeout: a slice never runs while the page is busy, only in a real idle period.
  const wait = () => {
    id = window.requestIdleCallback((deadline) => (deadline.timeRemaining() >= IDLE_LEFT_MS ? run() : wait()));
  };
  wait();
  return () => window.cancelIdleCallback(id);
};

/**
 * Once the hidden page inside `container` is drawn (an element, nothing loading; checked in
 * each idle period for `waitMs` at most), lays a copy of it out in slices, one per idle
 * period, then marks `warm-layout <name>`. Returns a cancel function (sign-out, page dropped).
 */
export function warmLayoutWhenDrawn(container: Element, name: string, { waitMs = 30_000, idle = onIdle } = {}): () => void {
  const giveUpAt = performance.now() + waitMs;
  let cancel: () => void = () => undefined;
  let stopped = false;
  const layOutSlices = (slices: (() => Element)[]) => {
    if (stopped) return;
    const next = slices.shift();
    if (!next) {
      performance.mark(`warm-layout ${name}`);
      return;
    }
    layOutOnce(next());
    cancel = idle(() => layOutSlices(slices));
  };
  const waitForPage = () => {
    if (stopped || performance.now() > giveUpAt) return;
    const drawn = container.firstElementChild && !container.querySelector(UNSETTLED);
    if (!drawn) {
      cancel = idle(waitForPage);
      return;
    }
    const slices = slicesOf(container);
    cancel = idle(() => layOutSlices(slices));
  };
  cancel = idle(waitForPage);
  return () => {
    stopped = true;
    cancel();
  };
}
