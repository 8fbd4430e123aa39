import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createBackgroundTasks } from './background-tasks.js';

describe('background tasks', () => {
  it('when tasks run and one starts another, then drain settles only after all of them, and a failure is logged, not thrown', async () => {
    const logged: unknown[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    const tasks = createBackgroundTasks(log);
    const finished: string[] = [];
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    tasks.run('mail', async () => {
      await later(20);
      finished.push('mail');
      tasks.run('follow-up', async () => {
        await later(20);
        finished.push('follow-up');
      });
    });
    tasks.run('broken', () => Promise.reject(new Error('smtp away')));
    await tasks.drain();
    expect(finished).toEqual(['mail', 'follow-up']);
    expect(logged).toMatchObject([{ task: 'broken', msg: 'background task failed' }]);
    // Nothing runs: drain settles at once.
    await tasks.drain();
  });
});
