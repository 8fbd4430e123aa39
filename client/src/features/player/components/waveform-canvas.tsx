import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatDuration } from '../format-time.js';
import type { LoopRange } from '../audio/timeline.js';
import { waveformBars } from '../waveform.js';
import classes from './master-player.module.css';

interface WaveformCanvasProps {
  peaks: readonly number[];
  totalFrames: number;
  sampleRate: number;
  positionFrames: number;
  range: LoopRange | null;
  mastered: boolean;
  onSeek: (frame: number) => void;
  onSeekBy: (seconds: number) => void;
  onRange: (range: LoopRange) => void;
}

/** Pixels the pointer must travel before a press becomes a loop selection instead of a seek. */
const DRAG_THRESHOLD_PX = 4;

const cssColor = (element: Element, variable: string, fallback: string) => getComputedStyle(element).getPropertyValue(variable).trim() || fallback;

/**
 * The waveform: bars 2 px at 3.5 px from the server's peaks, the played part full and
 * the rest dimmed, accent colour for mastered and neutral for original, playhead and loop range.
 * It is a slider for assistive technology: arrows seek, a click seeks, a drag selects a loop.
 */
export function WaveformCanvas({ peaks, totalFrames, sampleRate, positionFrames, range, mastered, onSeek, onSeekBy, onRange }: WaveformCanvasProps) {
  const { t } = useLingui();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [drag, setDrag] = useState<{ from: number; to: number; active: boolean } | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const measure = () => setSize({ width: canvas.clientWidth, height: canvas.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  const fraction = totalFrames > 0 ? positionFrames / totalFrames : 0;
  const shownRange = useMemo(() => (drag?.active ? { start: Math.min(drag.from, drag.to), end: Math.max(drag.from, drag.to) } : range), [drag, range]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || size.width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(size.width * ratio);
    canvas.height = Math.round(size.height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, size.width, size.height);
    const signal = mastered ? cssColor(canvas, '--mantine-color-mastered-5', '#23bcfe') : cssColor(canvas, '--mantine-color-original-3', '#b0b0b7');
    const playhead = cssColor(canvas, '--mantine-color-text', '#ffffff');
    if (shownRange && totalFrames > 0) {
      const x0 = (shownRange.start / totalFrames) * size.width;
      const x1 = (shownRange.end / totalFrames) * size.width;
      context.globalAlpha = 0.16;
      context.fillStyle = signal;
      context.fillRect(x0, 0, x1 - x0, size.height);
      context.globalAlpha = 0.9;
      context.fillRect(x0, 0, 1, size.height);
      context.fillRect(x1 - 1, 0, 1, size.height);
    }
    context.fillStyle = signal;
    for (const bar of waveformBars(peaks, size.width, size.height)) {
      context.globalAlpha = bar.at <= fraction ? 1 : 0.42;
      context.fillRect(bar.x, bar.y, bar.width, bar.height);
    }
    context.globalAlpha = 1;
    context.fillStyle = playhead;
    context.fillRect(Math.min(size.width - 2, Math.max(0, fraction * size.width - 1)), 0, 2, size.height);
  }, [peaks, size, fraction, mastered, shownRange, totalFrames]);

  const frameAtPointer = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.max(0, Math.min(box.width, event.clientX - box.left));
    return box.width > 0 ? (x / box.width) * totalFrames : 0;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (totalFrames === 0 || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const frame = frameAtPointer(event);
    setDrag({ from: frame, to: frame, active: false });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const frame = frameAtPointer(event);
    const width = event.currentTarget.getBoundingClientRect().width || 1;
    const moved = (Math.abs(frame - drag.from) / totalFrames) * width;
    setDrag({ ...drag, to: frame, active: drag.active || moved >= DRAG_THRESHOLD_PX });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const frame = frameAtPointer(event);
    if (drag.active) onRange({ start: Math.min(drag.from, frame), end: Math.max(drag.from, frame) });
    else onSeek(frame);
    setDrag(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 1 : 5;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') onSeekBy(-step);
    else if (event.key === 'ArrowRight' || event.key === 'ArrowUp') onSeekBy(step);
    else if (event.key === 'Home') onSeek(range?.start ?? 0);
    else if (event.key === 'End') onSeek(Math.max(0, (range?.end ?? totalFrames) - sampleRate));
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const seconds = positionFrames / sampleRate;
  const duration = totalFrames / sampleRate;
  return (
    <div
      className={classes.waveform}
      role="slider"
      tabIndex={0}
      aria-label={t`Playback position`}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(seconds)}
      aria-valuetext={t`${formatDuration(seconds)} of ${formatDuration(duration)}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
      onKeyDown={onKeyDown}
      data-version={mastered ? 'mastered' : 'original'}
    >
      <canvas ref={canvasRef} className={classes.canvas} aria-hidden />
      {peaks.length === 0 && totalFrames > 0 && (
        <div className={classes.noWaveform}>{t`Waveform data could not be loaded. We are working on this!`}</div>
      )}
    </div>
  );
}
