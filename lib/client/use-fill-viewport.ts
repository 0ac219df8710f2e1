"use client";
import { useLayoutEffect, useState } from "react";

/**
 * The height that lets an element reach from where it starts on the page to the bottom of the
 * window (less `bottom` pixels), never below `min`. The chat uses it so that its question box sits
 * at the bottom of the first screen whatever the header above it wraps to; a CSS calc() would have
 * to know that header's height. Returns a callback ref for the element and the height (null until
 * measured).
 */
export function useFillViewport({ bottom = 16, min = 420 }: { bottom?: number; min?: number } = {}): [(element: HTMLElement | null) => void, number | null] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    let frame = 0;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - bottom)));
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("resize", schedule);
    // Content above that grows later (a description that loads, a banner) moves the element and
    // resizes the body; the element's own height does not change its top, so this settles at once.
    const observer = new ResizeObserver(schedule);
    observer.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("resize", schedule);
      observer.disconnect();
    };
  }, [element, bottom, min]);
  return [setElement, height];
}
