import { useEffect, useRef } from 'react';

/** Props of {@link CursorBlob}. */
export interface CursorBlobProps {
  /** Diameter in pixels (default 420). */
  size?: number;
}

/**
 * A soft, blurred colour blob behind the page that glides after the pointer. Decorative only:
 * it ignores pointer events and is hidden from assistive technology. The app leaves it out on
 * /canvas and /livecanvas. Motion is reduced to a static glow under prefers-reduced-motion.
 */
export function CursorBlob({ size = 420 }: CursorBlobProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const move = (event: PointerEvent | MouseEvent) => {
      const blob = ref.current;
      if (!blob) return;
      blob.style.transform = `translate(${event.clientX - size / 2}px, ${event.clientY - size / 2}px)`;
    };
    window.addEventListener('pointermove', move, { passive: true });
    return () => window.removeEventListener('pointermove', move);
  }, [size]);

  return (
    <div
      ref={ref}
      className="tb-cursor-blob"
      aria-hidden="true"
      data-testid="cursor-blob"
      style={{ width: size, height: size }}
    />
  );
}
