/** A min-heap of timed events (ties run in scheduling order); events at or after `end` are dropped. */
export class Timeline {
  #heap: { at: number; seq: number; run: (at: number) => void }[] = [];
  #seq = 0;

  constructor(private readonly end: number) {}

  schedule(at: number, run: (at: number) => void): void {
    if (at >= this.end) return;
    const heap = this.#heap;
    heap.push({ at, seq: this.#seq++, run });
    for (let i = heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.#less(i, parent)) break;
      this.#swap(i, parent);
      i = parent;
    }
  }

  run(): void {
    const heap = this.#heap;
    while (heap.length > 0) {
      const top = heap[0];
      const last = heap.pop();
      if (!top || !last) break;
      if (heap.length > 0) {
        heap[0] = last;
        for (let i = 0; ; ) {
          const l = 2 * i + 1;
          const r = l + 1;
          let smallest = i;
          if (l < heap.length && this.#less(l, smallest)) smallest = l;
          if (r < heap.length && this.#less(r, smallest)) smallest = r;
          if (smallest === i) break;
          this.#swap(i, smallest);
          i = smallest;
        }
      }
      top.run(top.at);
    }
  }

  #less(a: number, b: number): boolean {
    const x = this.#heap[a];
    const y = this.#heap[b];
    return !!x && !!y && (x.at < y.at || (x.at === y.at && x.seq < y.seq));
  }

  #swap(a: number, b: number): void {
    const heap = this.#heap;
    const x = heap[a];
    const y = heap[b];
    if (x && y) {
      heap[a] = y;
      heap[b] = x;
    }
  }
}
