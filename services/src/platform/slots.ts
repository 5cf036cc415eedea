/**
 * At most `size` of some work at once in this process, the rest waiting in arrival order. For work
 * that would otherwise take every pooled connection (ten campaigns sending side by side) from the
 * work that must stay quick (a customer's message on its way to the agent).
 */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}
