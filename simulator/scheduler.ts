// Lifecycle steps keyed by simulated time: a binary min-heap plus one real
// timer for the next due step, so items move with real time too.

type Job = { due: number; seq: number; run: (at: number) => void };

export class Scheduler {
  private heap: Job[] = [];
  private seq = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly simNow: () => number) {}

  get size(): number {
    return this.heap.length;
  }

  at(due: number, run: (at: number) => void): void {
    this.push({ due, seq: this.seq++, run });
    this.arm();
  }

  /** Run every step due at or before the simulated now, in due order. */
  runDue(): number {
    let ran = 0;
    const now = this.simNow();
    while (this.heap.length > 0 && (this.heap[0] as Job).due <= now) {
      const job = this.pop() as Job;
      ran++;
      job.run(job.due);
    }
    this.arm();
    return ran;
  }

  clear(): void {
    this.heap = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  close(): void {
    this.closed = true;
    this.clear();
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.closed || this.heap.length === 0) return;
    const wait = Math.min(Math.max((this.heap[0] as Job).due - this.simNow(), 0) + 5, 2_000_000_000);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.runDue();
    }, wait);
    this.timer.unref();
  }

  private less(a: Job, b: Job): boolean {
    return a.due < b.due || (a.due === b.due && a.seq < b.seq);
  }

  private push(job: Job): void {
    const h = this.heap;
    h.push(job);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i] as Job, h[p] as Job)) break;
      [h[i], h[p]] = [h[p] as Job, h[i] as Job];
      i = p;
    }
  }

  private pop(): Job | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l] as Job, h[m] as Job)) m = l;
        if (r < h.length && this.less(h[r] as Job, h[m] as Job)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m] as Job, h[i] as Job];
        i = m;
      }
    }
    return top;
  }
}
