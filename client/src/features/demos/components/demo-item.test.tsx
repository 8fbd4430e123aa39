import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.js';
import { DemoItem } from './demo-item.js';

const demo = { id: 'd1', title: 'Night Drive', artist: null, styleId: 1, style: 'Pop - Bright', src: { original: '/o.mp3', mastered: '/m.mp3' }, peaks: [0.2, 0.9, 0.3], durationS: 210 };

describe('a demo played as an excerpt', () => {
  // jsdom has no media playback: play and pause only report what the component asked for.
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('when play is pressed, then it starts at the excerpt, and when the excerpt ends, then it stops and rewinds to its start', async () => {
    renderWithProviders(<DemoItem demo={demo} excerpt={{ fromS: 100, lengthS: 20 }} />);
    const mastered = document.querySelector<HTMLAudioElement>('audio[data-version="mastered"]')!;
    fireEvent.click(screen.getByRole('button', { name: 'Play Night Drive' }));
    await screen.findByRole('button', { name: 'Pause Night Drive' });
    expect(mastered.currentTime).toBe(100);
    mastered.currentTime = 115;
    fireEvent.timeUpdate(mastered);
    expect(screen.getByRole('button', { name: 'Pause Night Drive' })).toBeTruthy();
    mastered.currentTime = 120;
    fireEvent.timeUpdate(mastered);
    await screen.findByRole('button', { name: 'Play Night Drive' });
    expect(mastered.currentTime).toBe(100);
  });
});
