import { describe, expect, it } from 'vitest';
import { CpuSlots } from './cpu-slots.js';

describe('CPU slots of the media process', () => {
  it('when every slot is taken, then the worker gets none until one is released, and hears of it', () => {
    const cpu = new CpuSlots(2);
    const freed: number[] = [];
    cpu.onFreed(() => freed.push(cpu.free));
    const first = cpu.take()!;
    const second = cpu.take()!;
    expect(cpu.take()).toBeNull();
    first();
    first();
    expect(freed).toEqual([1]);
    expect(cpu.take()).not.toBeNull();
    second();
    expect(cpu.free).toBe(1);
  });

  it('when live work waits for a slot, then the next freed slot is handed to it before any claim', async () => {
    const cpu = new CpuSlots(1);
    const job = cpu.take()!;
    const never = new AbortController().signal;
    const decode = cpu.whenFree(never);
    // A slot freed now is the decode's: the worker may not claim meanwhile.
    expect(cpu.take()).toBeNull();
    job();
    const release = await decode;
    expect(cpu.take()).toBeNull();
    release();
    expect(cpu.free).toBe(1);
  });

  it('when waiting live work is aborted, then it leaves the line and the worker may claim again', async () => {
    const cpu = new CpuSlots(1);
    const job = cpu.take()!;
    const controller = new AbortController();
    const decode = cpu.whenFree(controller.signal);
    controller.abort(new Error('left'));
    await expect(decode).rejects.toThrow('left');
    job();
    expect(cpu.take()).not.toBeNull();
  });
});
