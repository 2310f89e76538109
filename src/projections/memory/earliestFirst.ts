// The first k of a stream in some order, without sorting the whole stream: a page of k items out of thousands of
// matches costs about one comparison per match.

/** A bounded max-heap: the root is the latest of the kept items, the first to go when an earlier one arrives. */
export class EarliestFirst<T> {
  private readonly heap: T[] = [];

  constructor(
    private readonly capacity: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  offer(item: T): void {
    const heap = this.heap;
    if (heap.length < this.capacity) {
      heap.push(item);
      this.siftUp(heap.length - 1);
    } else if (heap.length > 0 && this.compare(item, heap[0] as T) < 0) {
      heap[0] = item;
      this.siftDown(0);
    }
  }

  /** The kept items, earliest first. */
  inOrder(): T[] {
    return [...this.heap].sort(this.compare);
  }

  private siftUp(index: number): void {
    const heap = this.heap;
    const item = heap[index] as T;
    while (index > 0) {
      const parent = (index - 1) >>> 1;
      if (this.compare(heap[parent] as T, item) >= 0) break;
      heap[index] = heap[parent] as T;
      index = parent;
    }
    heap[index] = item;
  }

  private siftDown(index: number): void {
    const heap = this.heap;
    const item = heap[index] as T;
    for (;;) {
      let child = 2 * index + 1;
      if (child >= heap.length) break;
      if (child + 1 < heap.length && this.compare(heap[child + 1] as T, heap[child] as T) > 0) child++;
      if (this.compare(heap[child] as T, item) <= 0) break;
      heap[index] = heap[child] as T;
      index = child;
    }
    heap[index] = item;
  }
}
