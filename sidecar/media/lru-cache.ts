/**
 * A least-recently-used cache bounded by bytes, not entries: the decoded PCM cache of the sidecar
 * lives within a fixed memory budget however many tracks are listened to.
 */
export class ByteLruCache<V extends { byteLength: number }> {
  private readonly map = new Map<string, V>();
  private bytes = 0;
  constructor(readonly budgetBytes: number) {}

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: re-inserting marks it most recently used.
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    if (value.byteLength > this.budgetBytes) return;
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.byteLength;
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.bytes += value.byteLength;
    for (const [oldestKey, oldest] of this.map) {
      if (this.bytes <= this.budgetBytes) break;
      this.map.delete(oldestKey);
      this.bytes -= oldest.byteLength;
    }
  }

  deletePrefix(prefix: string): void {
    for (const [key, value] of this.map) {
      if (key.startsWith(prefix)) {
        this.map.delete(key);
        this.bytes -= value.byteLength;
      }
    }
  }

  get size(): number {
    return this.map.size;
  }

  get byteSize(): number {
    return this.bytes;
  }
}
