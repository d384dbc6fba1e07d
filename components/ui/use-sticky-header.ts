'use client';
// A sticky header covers the top of the page, so whatever gets focus (Tab, Shift+Tab, a card moved to with j/k)
// must end below it (WCAG 2.4.7: focus visible). The page's scroll-padding-top follows the header's height as it
// wraps or grows; and since Chromium's own focus scrolling ignores scroll-padding, an element that takes focus
// under the header is scrolled to sit just below it. Both are undone when the screen goes.
import { type RefObject, useEffect } from 'react';

/** Keeps focused elements out from under the header (the element `header` points at). */
export function useStickyHeader(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      root.style.scrollPaddingTop = `${Math.ceil(element.getBoundingClientRect().height) + 12}px`;
    };
    const reveal = (target: HTMLElement) => {
      if (!target.isConnected || target.getBoundingClientRect().top >= element.getBoundingClientRect().bottom) return;
      // Honours scroll-padding: the target's top lands just under the header (also when it is taller than the window).
      target.scrollIntoView({ block: 'start' });
    };
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || element.contains(target)) return;
      reveal(target);
      // The browser may scroll after the event (focus() does): look again once it has.
      requestAnimationFrame(() => reveal(target));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    document.addEventListener('focusin', onFocus);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocus);
      root.style.scrollPaddingTop = '';
    };
  }, [header]);
}
