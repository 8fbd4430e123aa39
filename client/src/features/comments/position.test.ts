import { describe, expect, it } from 'vitest';
import { formatPosition, parsePosition } from './position.js';

describe('comment positions', () => {
  it('when a position is written as m:ss, h:mm:ss or seconds, then it reads as seconds', () => {
    expect(parsePosition('0:42')).toBe(42);
    expect(parsePosition(' 3:05 ')).toBe(185);
    expect(parsePosition('1:02:03')).toBe(3723);
    expect(parsePosition('42')).toBe(42);
    expect(parsePosition('12.5')).toBe(12.5);
  });

  it('when the text is no position, then null', () => {
    for (const text of ['', 'abc', '0:60', '1:5', '1:60:00', '-3', '1:2:3:4']) expect(parsePosition(text), text).toBeNull();
  });

  it('when seconds are formatted, then m:ss below an hour and h:mm:ss from one on, and back again', () => {
    expect(formatPosition(42.9)).toBe('0:42');
    expect(formatPosition(3723)).toBe('1:02:03');
    expect(parsePosition(formatPosition(185))).toBe(185);
  });
});
