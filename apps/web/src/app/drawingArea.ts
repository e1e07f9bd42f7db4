import { useEffect, useState } from 'react';
import { MOBILE_USER_AGENT_PATTERN } from '@tabula/domain/protocol';
import { LAYOUT } from './constants';

/** Width and height in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

/** Wider than 768 px is desktop (spec §2 "Layout"). */
export function isDesktop(viewportWidth: number): boolean {
  return viewportWidth > LAYOUT.breakpointPx;
}

/**
 * The drawing area for a viewport: on desktop the 242 px side panel and the 61 px top bar
 * are subtracted; at 768 px or narrower, full width and 103 px less height.
 */
export function drawingAreaSize(viewport: Size): Size {
  if (isDesktop(viewport.width)) {
    return {
      width: Math.max(0, viewport.width - LAYOUT.sidePanelPx),
      height: Math.max(0, viewport.height - LAYOUT.topBarPx),
    };
  }
  return { width: viewport.width, height: Math.max(0, viewport.height - LAYOUT.mobileBarPx) };
}

/** A browser identifying as Mobi, Android, iPhone, iPad or iPod counts as mobile. */
export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_USER_AGENT_PATTERN.test(userAgent);
}

function viewportNow(): Size {
  return { width: window.innerWidth, height: window.innerHeight };
}

/** The window's size, updated on resize. */
export function useViewport(): Size {
  const [size, setSize] = useState(viewportNow);
  useEffect(() => {
    const onResize = () => setSize(viewportNow());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}
