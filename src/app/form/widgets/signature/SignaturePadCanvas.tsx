import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';

/** The schema's limit on a drawn signature's data URL (about 200 KB of PNG). */
const MAX_DATA_URL_LENGTH = 273_100;

interface SignaturePadCanvasProps {
  /** The canvas's id: the error summary links to it. */
  id: string;
  /** A drawing already saved (the claimant came back to the page): shown until cleared. */
  initialImage: string | undefined;
  describedBy: string | undefined;
  /** A PNG data URL after each stroke, or undefined once cleared. */
  onDrawn: (image: string | undefined) => void;
  /** The canvas's name for a screen reader. */
  label: string;
  clearLabel: string;
}

/**
 * A PNG of the drawing small enough for the schema: the canvas as it is, or, on a dense
 * screen where that is too big, redrawn at one pixel per CSS pixel.
 */
function exportPng(canvas: HTMLCanvasElement): string {
  const full = canvas.toDataURL('image/png');
  if (full.length <= MAX_DATA_URL_LENGTH) return full;
  const small = document.createElement('canvas');
  small.width = canvas.clientWidth;
  small.height = canvas.clientHeight;
  small.getContext('2d')?.drawImage(canvas, 0, 0, small.width, small.height);
  return small.toDataURL('image/png');
}

/**
 * The drawing surface (signature_pad: pointer events, so mouse, touch and pen alike).
 * Loaded lazily: pages without a signature never download it.
 *
 * The canvas's bitmap is sized to its CSS size times devicePixelRatio, so lines are sharp;
 * setting a canvas's size wipes it, so after any real change of size the drawing is redrawn
 * from the strokes signature_pad keeps. iOS fires `resize` while the address bar hides on
 * scroll without the canvas changing size: those are ignored, so the drawing survives.
 */
export default function SignaturePadCanvas(props: SignaturePadCanvasProps) {
  const { id, initialImage, describedBy, onDrawn, label, clearLabel } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  // The latest callback without re-creating the pad (and losing strokes) on each render.
  const onDrawnRef = useRef(onDrawn);
  useEffect(() => {
    onDrawnRef.current = onDrawn;
  });
  const initialImageRef = useRef(initialImage);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const pad = new SignaturePad(canvas, {
      penColor: '#0b0c0c',
      minWidth: 0.8,
      maxWidth: 2.6,
      backgroundColor: 'rgba(0,0,0,0)',
    });
    padRef.current = pad;

    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      // The bitmap covers the content box: signature_pad maps pointer positions onto it.
      const width = Math.round(canvas.clientWidth * ratio);
      const height = Math.round(canvas.clientHeight * ratio);
      if (width === 0 || (canvas.width === width && canvas.height === height)) return;
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.redraw();
    };
    fit();
    if (initialImageRef.current) {
      void pad.fromDataURL(initialImageRef.current, {
        width: canvas.clientWidth,
        height: canvas.clientHeight,
      });
    }
    const onStrokeEnd = () => {
      onDrawnRef.current(pad.isEmpty() ? undefined : exportPng(canvas));
    };
    pad.addEventListener('endStroke', onStrokeEnd);
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    // Browser zoom changes devicePixelRatio without changing the CSS size.
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
      pad.removeEventListener('endStroke', onStrokeEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  return (
    <div className="signature-pad">
      <canvas
        ref={canvasRef}
        id={id}
        className="signature-pad__canvas"
        role="img"
        aria-label={label}
        aria-describedby={describedBy}
        // Focusable by the error summary's link, not in the tab order: a keyboard cannot draw,
        // and "Type your name" is its way to sign.
        tabIndex={-1}
        data-testid="signature-canvas"
      />
      <button
        type="button"
        className="button button--secondary signature-pad__clear"
        onClick={() => {
          padRef.current?.clear();
          onDrawnRef.current(undefined);
        }}
      >
        {clearLabel}
      </button>
    </div>
  );
}
